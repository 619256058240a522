import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { isZero } from '@xaalis/domain';
import { formatMoney, formatNumber } from '@xaalis/web-kit';
import { canReconcile, selectionDifference, selectionTotal, type Selection } from './matching';

const lines = (n: number) => `${formatNumber(n)} ligne${n > 1 ? 's' : ''}`;

/**
 * What is ticked on each side and the running difference (Σ statement − Σ ledger), always shown;
 * 'Rapprocher' once both sides have lines and the difference is nil.
 */
export function MatchSummary({
  statement,
  ledger,
  busy,
  onReconcile,
  onClear,
}: {
  statement: Selection;
  ledger: Selection;
  busy: boolean;
  onReconcile: () => void;
  onClear: () => void;
}) {
  const difference = selectionDifference(statement, ledger);
  const ready = canReconcile(statement, ledger);
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label="Sélection"
      sx={{ p: 1.5, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, position: 'sticky', top: 0, zIndex: 1 }}
    >
      <Box aria-live="polite" sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, flex: 1 }}>
        <Typography variant="body2">
          {`Relevé : ${lines(statement.size)} · `}
          <strong data-testid="statement-total">{formatMoney(selectionTotal(statement))}</strong>
        </Typography>
        <Typography variant="body2">
          {`Grand livre : ${lines(ledger.size)} · `}
          <strong data-testid="ledger-total">{formatMoney(selectionTotal(ledger))}</strong>
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 700, color: isZero(difference) ? 'success.main' : 'error.main' }}>
          {'Écart : '}
          <span data-testid="difference">{formatMoney(difference)}</span>
        </Typography>
      </Box>
      <Button onClick={onClear} disabled={busy || (statement.size === 0 && ledger.size === 0)}>
        Tout désélectionner
      </Button>
      <Button variant="contained" onClick={onReconcile} disabled={busy || !ready}>
        Rapprocher
      </Button>
    </Paper>
  );
}
