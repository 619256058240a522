import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { TitleBlock } from '@xaalis/web-kit';
import type { ReactNode } from 'react';

/** A card's label/value list (dl). */
export function Facts({ children }: { children: ReactNode }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.5, m: 0 }}>
      {children}
    </Box>
  );
}

const VALUE_SX = { fontWeight: 500, overflowWrap: 'anywhere' } as const;

/** One fact; its value is named by the label (tests and screen readers find it by that name). */
export function Fact({
  label,
  children,
  color,
  valueSx = VALUE_SX,
}: {
  label: string;
  children: ReactNode;
  color?: string;
  /** The value's style, besides its zero margin. */
  valueSx?: { fontWeight?: number; overflowWrap?: 'anywhere'; whiteSpace?: 'nowrap' };
}) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" aria-label={label} color={color} sx={{ m: 0, ...valueSx }}>
        {children}
      </Typography>
    </>
  );
}

/** A grid card (an article named by its title): the title, an optional grey subtitle, a badge on the right, then its content. */
export function ArticleCard({
  title,
  subtitle,
  badge,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  badge: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" component="article" aria-label={title} sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <TitleBlock title={title} subtitle={subtitle} variant="h6" component="h3" sx={{ fontWeight: 600 }} />
        </Box>
        {badge}
      </Box>
      {children}
    </Paper>
  );
}
