import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { APP_ROUTES } from '@xaalis/contracts';
import type { ElementType, ReactNode } from 'react';

export interface TitleBlockProps {
  title: ReactNode;
  /** The grey line under the title, when there is one. */
  subtitle?: ReactNode;
  /** How the title looks and the heading it is ('h6' shown as an h2...). */
  variant: TypographyProps['variant'];
  component: ElementType;
  id?: string;
  sx?: SxProps<Theme>;
}

/** A section's title and its optional grey line under it (a panel, a card, a tab). */
export function TitleBlock({ title, subtitle, variant, component, id, sx }: TitleBlockProps) {
  return (
    <>
      <Typography variant={variant} component={component} id={id} sx={sx}>
        {title}
      </Typography>
      {subtitle ? (
        <Typography variant="body2" color="text.secondary">
          {subtitle}
        </Typography>
      ) : null}
    </>
  );
}

export interface PageHeaderProps {
  title: string;
  subtitle?: string;
  /** Buttons shown on the right (e.g. 'Nouvelle Facture'). */
  actions?: ReactNode;
}

/** The title block every page starts with. */
export function PageHeader({ title, subtitle, actions }: PageHeaderProps) {
  return (
    <Box
      component="header"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, mb: 3 }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h1" component="h1">
          {title}
        </Typography>
        {subtitle ? (
          <Typography variant="body1" color="text.secondary" sx={{ mt: 0.5 }}>
            {subtitle}
          </Typography>
        ) : null}
      </Box>
      {actions ? <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box> : null}
    </Box>
  );
}

export interface PlaceholderPageProps {
  /** The route's path in APP_ROUTES, e.g. '/factures'. */
  path: string;
}

/** Stand-in for a page not delivered yet: the route's title and subtitle from APP_ROUTES. */
export function PlaceholderPage({ path }: PlaceholderPageProps) {
  const route = APP_ROUTES.find((r) => r.path === path);
  const title = route?.title ?? path;
  return (
    <Box component="section" aria-label={title}>
      <PageHeader title={title} subtitle={route?.subtitle} />
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography color="text.secondary">Cette page sera bientôt disponible.</Typography>
      </Paper>
    </Box>
  );
}
