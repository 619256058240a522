import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { roleForbiddenMessage } from '@xaalis/contracts';
import { useCallback, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useRole } from './memberships';
import { toast } from './toast';
import { errorStatus, toastSaveError } from './ui/feedback';
import { EmptyState, ErrorState, LoadingState } from './ui/states';

/*
 * Paramètres tabs: each remote contributes the tabs of its own service's data
 * (Paie → HR, Modules → sector). When that service is down its tab says so in
 * French with a retry, and the other tabs keep working.
 */

/** 502/503/504: the gateway could not reach the owning service. */
export function isServiceDown(error: unknown): boolean {
  const status = errorStatus(error);
  return status === 502 || status === 503 || status === 504;
}

export interface ServiceTabMessages {
  unavailable: string;
  loadError: string;
  saveError: string;
}

/** The parts of an RTK Query read a service tab looks at. */
export interface ServiceTabQuery {
  data?: unknown;
  isLoading: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/**
 * What the tab shows instead of its form (no company, loading, failed load), or null when the
 * data is there. `loading`: the skeleton's rows and their height.
 */
export function serviceTabState(
  companyId: string | null | undefined,
  query: ServiceTabQuery,
  messages: ServiceTabMessages,
  loading: { rows: number; height: number },
): ReactNode {
  const { isLoading, error, refetch } = query;
  const hasData = query.data !== undefined;
  if (!companyId) {
    return (
      <EmptyState title="Aucune entreprise" description="Enregistrez d'abord les informations de votre entreprise (onglet Entreprise)." />
    );
  }
  if (isLoading) return <LoadingState rows={loading.rows} height={loading.height} />;
  if (!error || hasData) return null;
  if (isServiceDown(error)) {
    return (
      <Alert
        severity="warning"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            Réessayer
          </Button>
        }
      >
        {messages.unavailable}
      </Alert>
    );
  }
  return <ErrorState error={error} onRetry={() => void refetch()} title={messages.loadError} />;
}

/** A failed save: the service-down notice, else the server's message or the tab's own. */
export function toastServiceSaveError(error: unknown, messages: ServiceTabMessages): void {
  if (isServiceDown(error)) toast({ title: 'Erreur', description: messages.unavailable, variant: 'destructive' });
  else toastSaveError(error, messages.saveError);
}

// The interface hides what the current role cannot do (each feature's rights.ts says what);
// the services refuse it anyway. Where a form stays visible but read-only, this notice says why.

/** "Action non autorisée pour votre rôle (Collaborateur)". */
export function useForbiddenMessage(): string {
  return roleForbiddenMessage(useRole());
}

/** Over a form the current role may read but not change. */
export function ReadOnlyNotice() {
  const message = useForbiddenMessage();
  return (
    <Alert severity="info" role="note" sx={{ mb: 2 }}>
      {`Consultation seule — ${message}`}
    </Alert>
  );
}

export interface SettingsCardProps {
  title: string;
  description: ReactNode;
  /** The role may read but not change: the notice says why and there is no save button. */
  readOnly: boolean;
  saving: boolean;
  /** The save button submits this form, or calls `onSave`. */
  form?: string;
  onSave?: () => void;
  /** Space under the description (MUI spacing units). */
  gap?: number;
  children: ReactNode;
}

/** A Paramètres tab's card: its title, what it is for, the read-only notice, the fields and 'Enregistrer'. */
export function SettingsCard({ title, description, readOnly, saving, form, onSave, gap = 3, children }: SettingsCardProps) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, maxWidth: 720 }}>
      <Typography variant="h2" component="h2" gutterBottom>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: gap }}>
        {description}
      </Typography>
      {readOnly ? <ReadOnlyNotice /> : null}
      {children}
      {readOnly ? null : (
        <>
          <Divider sx={{ my: 3 }} />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button type={form ? 'submit' : 'button'} form={form} variant="contained" onClick={onSave} disabled={saving}>
              {saving ? 'Enregistrement...' : 'Enregistrer'}
            </Button>
          </Box>
        </>
      )}
    </Paper>
  );
}

/**
 * Opens a tab of a page whose tab is in the address (Paramètres' ?tab=): a new history entry,
 * and a one-time ?welcome= leaves the address.
 */
export function useSelectTab(): (value: string) => void {
  const [, setSearchParams] = useSearchParams();
  return useCallback(
    (value: string) =>
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          next.set('tab', value);
          next.delete('welcome');
          return next;
        },
        { replace: false },
      ),
    [setSearchParams],
  );
}
