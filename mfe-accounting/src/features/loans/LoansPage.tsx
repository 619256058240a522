import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import {
  APP_ROUTES,
  isPayableInstalment,
  LOAN_STATUS_LABELS,
  loanTotals,
  MESSAGES_LOAN,
  type Loan,
  type LoanPayment,
  type LoanStatus,
} from '@xaalis/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  formatDate,
  formatMoney,
  PageHeader,
  CounterRow,
  CounterTile,
  RowAction,
  useSession,
  EmptyState,
  listPreamble,
  AddIcon,
  ViewIcon,
} from '@xaalis/web-kit';
import { useMemo, useState, type ReactNode } from 'react';
import { PaymentDialog, type PaymentDialogDefaults } from '../payments';
import { useListLoansQuery } from './api';
import { formatRate } from './format';
import { LoanDialog } from './LoanDialog';
import { useLoanRights } from './rights';
import { ScheduleDialog } from './ScheduleDialog';

const ROUTE = APP_ROUTES.find((r) => r.path === '/emprunts');

const STATUS_COLORS: Record<LoanStatus, 'primary' | 'success' | 'error'> = { active: 'primary', completed: 'success', defaulted: 'error' };

/** The loan's next instalment still to pay (the earliest pending or overdue one), if any. */
export function nextInstalment(loan: Loan): LoanPayment | undefined {
  return loan.payments.find((p) => isPayableInstalment(p.status));
}

/** Route /emprunts (exposed as './Loans'): 'Emprunts', the loans and their repayment schedules. */
export default function LoansPage() {
  const { companyId, isLoading: userLoading, error: userError, user } = useSession();
  const list = useListLoansQuery(companyId ?? skipToken);
  const [creating, setCreating] = useState({ open: false, key: 0 });
  const [viewingId, setViewingId] = useState<string | null>(null);
  const [payment, setPayment] = useState<{ open: boolean; key: number; defaults?: PaymentDialogDefaults }>({ open: false, key: 0 });
  const rights = useLoanRights();

  const loans = useMemo(() => list.data ?? [], [list.data]);
  const totals = useMemo(() => loanTotals(loans), [loans]);
  // The panel reads the loan from the list: it follows the list's refreshes (a payment marks its instalment paid).
  const viewing = viewingId ? (loans.find((l) => l.id === viewingId) ?? null) : null;
  const tilesLoading = !list.data && (userLoading || list.isLoading || list.isUninitialized);

  const openCreate = () => setCreating((c) => ({ open: true, key: c.key + 1 }));
  const pay = (instalment: LoanPayment) =>
    setPayment((p) => ({
      open: true,
      key: p.key + 1,
      defaults: { type: 'loan_payment', loanPaymentId: instalment.id, amount: instalment.totalAmount },
    }));

  const preamble = listPreamble({
    user,
    userLoading,
    userError,
    companyId,
    list,
    errorTitle: 'Impossible de charger les emprunts',
    rows: 3,
  });
  let content: ReactNode;
  if (preamble) content = preamble;
  else if (loans.length === 0)
    content = (
      <EmptyState
        title={MESSAGES_LOAN.empty}
        description={
          rights.create
            ? 'Enregistrez un emprunt : son échéancier de remboursement est calculé et les fonds reçus sont comptabilisés.'
            : undefined
        }
        action={
          rights.create ? (
            <Button variant="outlined" startIcon={<AddIcon />} onClick={openCreate}>
              Enregistrer le premier emprunt
            </Button>
          ) : undefined
        }
      />
    );
  else
    content = (
      <TableContainer>
        <Table size="small" aria-label="Emprunts">
          <TableHead>
            <TableRow>
              <TableCell>Prêteur</TableCell>
              <TableCell align="right">Montant</TableCell>
              <TableCell align="right">Taux</TableCell>
              <TableCell>Période</TableCell>
              <TableCell align="right">Restant dû</TableCell>
              <TableCell>Statut</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody sx={{ opacity: list.isFetching ? 0.6 : 1 }}>
            {loans.map((loan) => {
              const next = nextInstalment(loan);
              const late = loan.payments.filter((p) => p.status === 'overdue').length;
              return (
                <TableRow key={loan.id} hover>
                  <TableCell sx={{ fontWeight: 500 }}>{loan.lender}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(loan.amount)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatRate(loan.interestRate)}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{`${formatDate(loan.startDate)} - ${formatDate(loan.endDate)}`}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(loan.remainingBalance)}
                  </TableCell>
                  <TableCell>
                    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                      <Chip
                        size="small"
                        label={LOAN_STATUS_LABELS[loan.status] ?? loan.status}
                        color={STATUS_COLORS[loan.status] ?? 'default'}
                      />
                      {late > 0 ? <Chip size="small" variant="outlined" color="error" label={`${late} en retard`} /> : null}
                    </Box>
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <RowAction label={`Voir l'échéancier de ${loan.lender}`} onClick={() => setViewingId(loan.id)}>
                      <ViewIcon fontSize="small" />
                    </RowAction>
                    {rights.pay ? (
                      <Button
                        size="small"
                        sx={{ ml: 1 }}
                        variant="outlined"
                        disabled={!next}
                        aria-label={
                          next
                            ? `Payer l'échéance du ${formatDate(next.dueDate)} de ${loan.lender}`
                            : `Aucune échéance à payer pour ${loan.lender}`
                        }
                        onClick={() => next && pay(next)}
                      >
                        Payer
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    );

  return (
    <Box component="section" aria-label={ROUTE?.title ?? 'Emprunts'}>
      <PageHeader
        title={ROUTE?.title ?? 'Emprunts'}
        subtitle={ROUTE?.subtitle}
        actions={
          rights.create ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={openCreate} disabled={!companyId}>
              Nouvel Emprunt
            </Button>
          ) : null
        }
      />
      <CounterRow>
        <CounterTile label="Nombre d'emprunts" value={totals.count} loading={tilesLoading} />
        <CounterTile label="Capital emprunté" value={formatMoney(totals.borrowed)} loading={tilesLoading} />
        <CounterTile label="Capital restant dû" value={formatMoney(totals.remaining)} loading={tilesLoading} />
        <CounterTile label="Emprunts actifs" value={totals.active} loading={tilesLoading} />
      </CounterRow>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }}>
        {content}
      </Paper>
      <LoanDialog
        key={`loan-${creating.key}`}
        open={creating.open}
        companyId={companyId}
        onClose={() => setCreating((c) => ({ ...c, open: false }))}
      />
      <ScheduleDialog
        loan={viewing}
        onClose={() => setViewingId(null)}
        onPay={rights.pay ? (_loan, instalment) => pay(instalment) : undefined}
      />
      <PaymentDialog
        key={`payment-${payment.key}`}
        open={payment.open}
        defaults={payment.defaults}
        companyId={companyId}
        onClose={() => setPayment((p) => ({ ...p, open: false }))}
      />
    </Box>
  );
}
