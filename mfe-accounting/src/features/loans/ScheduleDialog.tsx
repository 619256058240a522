import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
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
import {
  isPayableInstalment,
  LOAN_PAYMENT_STATUS_LABELS,
  MESSAGES_LOAN,
  PAYMENT_FREQUENCY_LABELS,
  PAYMENT_METHOD_LABELS,
  type Loan,
  type LoanPayment,
  type LoanPaymentStatus,
} from '@xaalis/contracts';
import { formatDate, formatMoney, EmptyState, TableContainer } from '@xaalis/web-kit';
import { useId, useState } from 'react';
import { formatRate } from './format';

const STATUS_COLORS: Record<LoanPaymentStatus, 'default' | 'success' | 'error'> = { pending: 'default', paid: 'success', overdue: 'error' };

export interface ScheduleDialogProps {
  /** The loan whose schedule is shown; null closes the panel. */
  loan: Loan | null;
  onClose: () => void;
  /** 'Payer' on an instalment still to pay (pending or overdue). */
  /** 'Payer' on a payable instalment; none without it (a role that may not record payments). */
  onPay?: (loan: Loan, instalment: LoanPayment) => void;
}

/** The 'Échéancier' panel: due date, principal, interest, total, status, and a pay button on the instalments still to pay. */
export function ScheduleDialog({ loan: current, onClose, onPay }: ScheduleDialogProps) {
  const titleId = useId();
  // While the panel closes (its exit transition), it keeps showing the last loan rather than an empty schedule.
  const [last, setLast] = useState(current);
  if (current && current !== last) setLast(current);
  const loan = current ?? last;
  const payments = loan?.payments ?? [];
  return (
    <Dialog open={current !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" scroll="paper">
      <DialogTitle id={titleId}>{`Échéancier — ${loan?.lender ?? ''}`}</DialogTitle>
      <DialogContent dividers>
        {loan ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {`${formatMoney(loan.amount)} à ${formatRate(loan.interestRate)} — échéances ${PAYMENT_FREQUENCY_LABELS[loan.paymentFrequency]?.toLowerCase() ?? ''} constantes, du ${formatDate(loan.startDate)} au ${formatDate(loan.endDate)}. Capital restant dû : ${formatMoney(loan.remainingBalance)}.`}
          </Typography>
        ) : null}
        {payments.length === 0 ? (
          <EmptyState title={MESSAGES_LOAN.emptySchedule} />
        ) : (
          <TableContainer label="Échéancier" sx={{ maxHeight: 520 }}>
            <Table size="small" stickyHeader aria-label="Échéancier">
              <TableHead>
                <TableRow>
                  <TableCell>N°</TableCell>
                  <TableCell>Échéance</TableCell>
                  <TableCell align="right">Capital</TableCell>
                  <TableCell align="right">Intérêts</TableCell>
                  <TableCell align="right">Total</TableCell>
                  <TableCell>Statut</TableCell>
                  <TableCell align="right">Action</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {payments.map((p, i) => (
                  <TableRow key={p.id} hover>
                    <TableCell>{i + 1}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(p.dueDate)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(p.principalAmount)}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(p.interestAmount)}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}>
                      {formatMoney(p.totalAmount)}
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        label={LOAN_PAYMENT_STATUS_LABELS[p.status] ?? p.status}
                        color={STATUS_COLORS[p.status] ?? 'default'}
                        title={
                          p.status === 'paid' && p.paymentDate
                            ? `Payé le ${formatDate(p.paymentDate)}${p.paymentMethod ? ` (${PAYMENT_METHOD_LABELS[p.paymentMethod]})` : ''}`
                            : undefined
                        }
                      />
                    </TableCell>
                    <TableCell align="right">
                      {loan && onPay && isPayableInstalment(p.status) ? (
                        <Button
                          size="small"
                          variant={p.status === 'overdue' ? 'contained' : 'outlined'}
                          color={p.status === 'overdue' ? 'error' : 'primary'}
                          aria-label={`Payer l'échéance du ${formatDate(p.dueDate)}`}
                          onClick={() => onPay(loan, p)}
                        >
                          Payer
                        </Button>
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <DialogActions>
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose}>Fermer</Button>
      </DialogActions>
    </Dialog>
  );
}
