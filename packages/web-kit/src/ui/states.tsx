import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { errorMessage, serverMessage } from '../api';
import type { ReactNode } from 'react';

/** 'Chargement...' with skeleton rows (the specification's loading state). */
export function LoadingState({ rows = 3, label = 'Chargement...', height = 40 }: { rows?: number; label?: string; height?: number }) {
  return (
    <Box role="status" aria-live="polite" aria-busy="true" sx={{ py: 1 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {label}
      </Typography>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} variant="rounded" height={height} sx={{ mb: 1 }} />
      ))}
    </Box>
  );
}

/** A failed read: what went wrong and a 'Réessayer' button. */
export function ErrorState({
  error,
  onRetry,
  title = 'Impossible de charger les données',
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  const detail = serverMessage(error) ?? errorMessage(error);
  return (
    <Paper variant="outlined" role="alert" sx={{ p: 3, borderColor: 'error.light' }}>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }} color="error">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: onRetry ? 2 : 0 }}>
        {detail}
      </Typography>
      {onRetry ? (
        <Button variant="outlined" onClick={onRetry}>
          Réessayer
        </Button>
      ) : null}
    </Paper>
  );
}

/** An empty list: the specification's message and a 'first item' action. */
export function EmptyState({
  title,
  description,
  action,
  icon,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2 }}>
      {icon ? <Box sx={{ color: 'text.disabled', mb: 1, '& svg': { fontSize: 48 } }}>{icon}</Box> : null}
      <Typography variant="h6" component="p" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {description ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1, maxWidth: 520, mx: 'auto' }}>
          {description}
        </Typography>
      ) : null}
      {action ? <Box sx={{ mt: 3 }}>{action}</Box> : null}
    </Box>
  );
}

/** The signed-in user could not be loaded. */
export function AccountErrorState({ error }: { error: unknown }) {
  return <ErrorState error={error ?? new Error('Utilisateur non connecté')} title="Impossible de charger votre compte" />;
}

/** The user has no company yet (a page of the main menu). */
export function NoCompanyState() {
  return <EmptyState title="Aucune entreprise" description="Enregistrez d'abord les informations de votre entreprise dans Paramètres." />;
}

export interface SessionStateProps {
  user: unknown;
  userLoading: boolean;
  userError: unknown;
  companyId: string | null | undefined;
  rows?: number;
}

/** What a company page shows while the session is not ready (loading, no account, no company); null once the company is known. */
export function sessionPreamble({ user, userLoading, userError, companyId, rows = 5 }: SessionStateProps): ReactNode {
  if (userLoading) return <LoadingState rows={rows} />;
  if (!user) return <AccountErrorState error={userError} />;
  if (!companyId) return <NoCompanyState />;
  return null;
}

/** What a company list page shows before its own content; null once its first read has data. */
export function listPreamble({
  user,
  userLoading,
  userError,
  companyId,
  list,
  errorTitle,
  rows = 5,
}: SessionStateProps & {
  list: { isLoading: boolean; error?: unknown; data?: unknown; refetch: () => unknown };
  errorTitle: string;
}): ReactNode {
  const session = sessionPreamble({ user, userLoading, userError, companyId, rows });
  if (session) return session;
  if (list.isLoading) return <LoadingState rows={rows} />;
  if (list.error && !list.data) return <ErrorState error={list.error} onRetry={() => void list.refetch()} title={errorTitle} />;
  return null;
}
