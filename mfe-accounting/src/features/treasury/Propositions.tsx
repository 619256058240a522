import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { LedgerLine } from '@xaalis/contracts';
import { ErrorState, formatDate, formatMoney, LoadingState } from '@xaalis/web-kit';
import type { ReactNode } from 'react';
import { useGetLineCandidatesQuery } from './api';
import type { Selection } from './matching';

/**
 * 'Propositions' for the one statement line ticked: the unmatched ledger lines of the same amount
 * (nearest date and matching reference first); a click ticks one on the ledger side.
 */
export function Propositions({
  companyId,
  lineId,
  ledger,
  onToggle,
}: {
  companyId: string;
  lineId: string;
  ledger: Selection;
  onToggle: (line: LedgerLine) => void;
}) {
  const candidates = useGetLineCandidatesQuery({ companyId, lineId });
  const lines = candidates.currentData?.ledgerLines;
  let body: ReactNode;
  if (candidates.isError && !lines)
    body = <ErrorState error={candidates.error} onRetry={() => void candidates.refetch()} title="Impossible de charger les propositions" />;
  else if (!lines) body = <LoadingState rows={1} height={32} />;
  else if (lines.length === 0)
    body = (
      <Typography variant="body2" color="text.secondary">
        Aucune ligne du grand livre de même montant : créez l’écriture depuis la ligne du relevé.
      </Typography>
    );
  else
    body = (
      <Box component="ul" aria-label="Propositions" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {lines.map((line) => {
          const chosen = ledger.has(line.id);
          return (
            <li key={line.id}>
              <Button size="small" variant={chosen ? 'contained' : 'outlined'} aria-pressed={chosen} onClick={() => onToggle(line)}>
                {`${line.entryNumber} · ${formatDate(line.date)} · ${line.label} · ${formatMoney(line.amount)}`}
              </Button>
            </li>
          );
        })}
      </Box>
    );
  return (
    <Paper variant="outlined" component="section" aria-label="Propositions du grand livre" sx={{ p: 1.5 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        Propositions
      </Typography>
      {body}
    </Paper>
  );
}
