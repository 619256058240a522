import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MuiLink from '@mui/material/Link';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { EntityFormDialog, ErrorState, LoadingState, type EntityFormDialogProps } from '@xaalis/web-kit';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';

// The create and edit dialogs of the documents with lines (an entry, an invoice).

/** A query of the dialog: what it shows while it loads or after it failed. */
interface LoadedQuery {
  isLoading?: boolean;
  data?: unknown;
  error?: unknown;
  refetch: () => unknown;
}

/** A list the form offers (accounts, third parties) that failed to load: why, and 'Réessayer'. */
export function ListLoadError({ query, title }: { query: LoadedQuery; title: string }) {
  if (!query.error || query.data) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <ErrorState error={query.error} onRetry={() => void query.refetch()} title={title} />
    </Box>
  );
}

/** A list the form offers is empty: why, and a link to where Paramètres fills it (which closes the dialog). */
export function SettingsHint({
  severity,
  to,
  link,
  onClose,
  children,
}: {
  severity: AlertColor;
  to: string;
  link: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Alert severity={severity} sx={{ mb: 2 }}>
      {children}{' '}
      <MuiLink component={RouterLink} to={to} onClick={onClose}>
        {link}
      </MuiLink>
    </Alert>
  );
}

/** The document's own fields: one column on phones, two from `sm`, `mdColumns` from `md`. */
export function DocumentHeader({ mdColumns, children }: { mdColumns: string; children: ReactNode }) {
  return <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: mdColumns }, pt: 1 }}>{children}</Box>;
}

export interface DocumentFormDialogProps<TValues extends FieldValues, TOut> extends Pick<
  EntityFormDialogProps<TValues, TOut>,
  'form' | 'title' | 'submitLabel' | 'submitDisabled'
> {
  /** An edit: the document's query (the form shows once `loaded`) and what to say if it fails to load. */
  record?: { query: LoadedQuery; loaded: boolean; failure: string };
  /** The notices and the document's own fields. */
  children: ReactNode;
  /** The lines editor. */
  lines: ReactNode;
  /** The live totals under the lines (the group 'Totaux'), laid out by `totalsLayout` (flex or grid CSS). */
  totals: ReactNode;
  totalsLayout: Record<string, string | number>;
}

/** Shown instead of the form while the edited document loads, or once it failed to. */
function recordReplacement({ query, loaded, failure }: NonNullable<DocumentFormDialogProps<FieldValues, unknown>['record']>): ReactNode {
  if (query.isLoading) return <LoadingState rows={4} />;
  if (query.error && !loaded) return <ErrorState error={query.error} onRetry={() => void query.refetch()} title={failure} />;
  return undefined;
}

/** A document's dialog: large (full screen below `md`), its fields, lines and totals scrolling between dividers. */
export function DocumentFormDialog<TValues extends FieldValues, TOut>({
  record,
  children,
  lines,
  totals,
  totalsLayout,
  ...dialog
}: DocumentFormDialogProps<TValues, TOut>) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('md'));
  return (
    <EntityFormDialog
      {...dialog}
      maxWidth="lg"
      fullScreen={fullScreen}
      dividers
      columns={false}
      replacement={record ? recordReplacement(record) : undefined}
    >
      {children}
      <Box sx={{ mt: 3 }}>{lines}</Box>
      <Box role="group" aria-label="Totaux" sx={{ mt: 2, p: 2, borderRadius: 2, bgcolor: 'action.hover', ...totalsLayout }}>
        {totals}
      </Box>
    </EntityFormDialog>
  );
}
