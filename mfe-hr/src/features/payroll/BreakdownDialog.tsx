import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { PayslipBreakdown, PayslipLine } from '@xaalis/contracts';
import { formatMoney } from '@xaalis/web-kit';
import { useId } from 'react';

/** "5.60" → "5,60 %"; null (earnings, scales) → "". */
export function formatRate(rate: string | null): string {
  return rate === null ? '' : `${rate.replace('.', ',')} %`;
}

/** The breakdown's totals as labelled rows, in the order of a pay slip. */
export function breakdownTotals(b: PayslipBreakdown): { label: string; value: string }[] {
  const t = b.totals;
  const rows = [
    { label: 'Salaire brut', value: t.gross },
    { label: 'Cotisations salariales', value: t.employeeContributions },
    { label: 'Revenu imposable', value: t.taxable },
    { label: 'Impôt sur le revenu', value: t.incomeTax },
  ];
  if (t.trimf !== '0.00') rows.push({ label: 'TRIMF', value: t.trimf });
  rows.push({ label: 'Net à payer', value: t.net });
  rows.push({ label: 'Cotisations patronales', value: t.employerContributions });
  if (t.employerTaxes !== '0.00') rows.push({ label: 'Taxes patronales (CFCE)', value: t.employerTaxes });
  rows.push({ label: 'Coût employeur', value: t.employerCost });
  return rows;
}

function LineRow({ line }: { line: PayslipLine }) {
  const earning = line.section === 'earning';
  return (
    <TableRow>
      <TableCell>{line.label}</TableCell>
      <TableCell align="right">{line.base === null ? '' : formatMoney(line.base)}</TableCell>
      <TableCell align="right">{formatRate(line.employeeRate)}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {formatMoney(line.employee)}
      </TableCell>
      <TableCell align="right">{formatRate(line.employerRate)}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {earning ? '' : formatMoney(line.employer)}
      </TableCell>
    </TableRow>
  );
}

export interface BreakdownDialogProps {
  open: boolean;
  breakdown: PayslipBreakdown | null;
  /** "Moussa Fall — 2026-01". */
  subtitle: string;
  onClose: () => void;
  /** When given: the 'Créer le bulletin' button (a new slip); absent: a saved slip, read only. */
  onConfirm?: () => void;
  busy?: boolean;
}

/** 'Détail du calcul de paie': the calculator's lines (base, rates, employee and employer amounts) and totals. */
export function BreakdownDialog({ open, breakdown, subtitle, onClose, onConfirm, busy = false }: BreakdownDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open && breakdown !== null} onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>Détail du calcul de paie</DialogTitle>
      <DialogContent dividers>
        {breakdown ? (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {`${subtitle} · ${breakdown.setLabel}`}
            </Typography>
            <Table size="small" aria-label="Lignes du bulletin">
              <TableHead>
                <TableRow>
                  <TableCell>Rubrique</TableCell>
                  <TableCell align="right">Base</TableCell>
                  <TableCell align="right">Taux salarial</TableCell>
                  <TableCell align="right">Part salariale</TableCell>
                  <TableCell align="right">Taux patronal</TableCell>
                  <TableCell align="right">Part patronale</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {breakdown.lines.map((line) => (
                  <LineRow key={line.code} line={line} />
                ))}
              </TableBody>
            </Table>
            <Box component="dl" aria-label="Totaux" sx={{ display: 'grid', gridTemplateColumns: '1fr auto', gap: 0.5, mt: 2, mb: 0 }}>
              {breakdownTotals(breakdown).map((row) => (
                <Box key={row.label} sx={{ display: 'contents' }} data-testid={`total-${row.label}`}>
                  <Typography component="dt" variant="body2" sx={{ fontWeight: row.label === 'Net à payer' ? 700 : 400 }}>
                    {row.label}
                  </Typography>
                  <Typography
                    component="dd"
                    variant="body2"
                    sx={{ m: 0, textAlign: 'right', fontWeight: row.label === 'Net à payer' ? 700 : 400 }}
                  >
                    {formatMoney(row.value)}
                  </Typography>
                </Box>
              ))}
            </Box>
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {onConfirm ? 'Annuler' : 'Fermer'}
        </Button>
        {onConfirm ? (
          <Button variant="contained" onClick={onConfirm} disabled={busy}>
            {busy ? 'Enregistrement...' : 'Créer le bulletin'}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
