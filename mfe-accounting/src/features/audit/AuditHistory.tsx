import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { AUDIT_ACTION_LABELS, ROLE_LABELS, type AuditEventDto, type AuditObjectType } from '@xaalis/contracts';
import { ErrorState, LoadingState, formatDateTime, formatMoney, isApiError } from '@xaalis/web-kit';
import { useId } from 'react';
import { useUserName } from './AuditTrail';
import { useListAuditEventsQuery } from './api';

/** 'Clôturé' / 'Rouvert' speak of a fiscal year (masculine); the documents' actions are feminine ('Créée'). */
function actionLabel(e: AuditEventDto): string {
  if (e.objectType === 'payment' && e.action === 'created') return 'Enregistré';
  if (e.objectType === 'entry-import' && e.action === 'imported') return 'Importé';
  return AUDIT_ACTION_LABELS[e.action];
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null);

/** What the event adds to its action, in French ('' when nothing). */
function detailOf(e: AuditEventDto): string {
  const d = e.details ?? {};
  switch (e.action) {
    case 'cancelled': {
      const reversal = str(d.reversalNumber);
      return reversal ? `contre-passation ${reversal}` : '';
    }
    case 'paid': {
      const amount = str(d.amount);
      return amount ? formatMoney(amount) : '';
    }
    case 'imported': {
      const n = str(d.entryCount);
      return n ? `${n} écriture${n === '1' ? '' : 's'}${d.validated === false ? ' (brouillons)' : ''}` : '';
    }
    case 'closed': {
      const result = str(d.result);
      return result ? `résultat ${formatMoney(result)}` : '';
    }
    case 'created':
      if (e.objectType === 'payment') {
        const amount = str(d.amount);
        return amount ? formatMoney(amount) : '';
      }
      if (str(d.reversalOf)) return "contre-passation d'une écriture annulée";
      if (str(d.sourceType) === 'import') return 'par import';
      return '';
    default:
      return '';
  }
}

/** Who acted: 'Awa Ndiaye (Comptable)' when the role was recorded, the name alone otherwise. */
const actorOf = (e: AuditEventDto, name: string): string => (e.actorRole ? `${name} (${ROLE_LABELS[e.actorRole]})` : name);

/**
 * The full history of a document from the audit trail (who created, edited,
 * validated, cancelled, imported… it, and when), oldest first. Read-only.
 */
export function AuditHistory({ companyId, objectType, objectId }: { companyId: string; objectType: AuditObjectType; objectId: string }) {
  const titleId = useId();
  const nameOf = useUserName();
  const { data, isLoading, error, refetch } = useListAuditEventsQuery(
    { companyId, objectType, objectId },
    { refetchOnMountOrArgChange: true },
  );
  // 404: the company has no history for this object (nothing recorded yet).
  const none = isApiError(error) && error.status === 404;
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mt: 3 }}>
      <Typography id={titleId} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        Historique des actions
      </Typography>
      {isLoading ? (
        <LoadingState rows={2} height={24} label="Chargement de l'historique..." />
      ) : error && !none ? (
        <ErrorState error={error} onRetry={() => void refetch()} title="Impossible de charger l'historique" />
      ) : !data || data.items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Aucune action enregistrée.
        </Typography>
      ) : (
        <List dense disablePadding aria-label="Historique des actions">
          {data.items.map((e) => {
            const detail = detailOf(e);
            return (
              <ListItem key={e.id} disableGutters sx={{ py: 0.25 }}>
                <ListItemText
                  primary={`${actionLabel(e)}${detail ? ` — ${detail}` : ''}`}
                  secondary={`${actorOf(e, nameOf(e.userId))} · ${formatDateTime(e.at)}`}
                  slotProps={{ primary: { variant: 'body2' }, secondary: { variant: 'caption' } }}
                />
              </ListItem>
            );
          })}
          {data.totalItems > data.items.length ? (
            <Typography variant="caption" color="text.secondary">
              {`${data.totalItems - data.items.length} action(s) plus récente(s) non affichée(s).`}
            </Typography>
          ) : null}
        </List>
      )}
    </Box>
  );
}
