import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { isPayableInstalment, LOAN_STATUS_LABELS, MESSAGES_LOAN, type Loan, type LoanPayment, type LoanStatus } from '@xaalis/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  formatDate,
  formatMoney,
  moneyColumn,
  DataTable,
  ListPage,
  RowAction,
  useDebouncedSearch,
  useDialog,
  useFilteredPage,
  useSession,
  ViewIcon,
  type Column,
} from '@xaalis/web-kit';
import { useMemo, useState } from 'react';
import { PaymentDialog, type PaymentDialogDefaults } from '../payments';
import { useListLoansQuery } from './api';
import { formatRate } from './format';
import { LoanDialog } from './LoanDialog';
import { useLoanRights } from './rights';
import { ScheduleDialog } from './ScheduleDialog';

/** Loans a page (each with its schedule). */
export const LOANS_PAGE_SIZE = 25;

const STATUS_COLORS: Record<LoanStatus, 'primary' | 'success' | 'error'> = { active: 'primary', completed: 'success', defaulted: 'error' };

/** The loan's next instalment still to pay (the earliest pending or overdue one), if any. */
export function nextInstalment(loan: Loan): LoanPayment | undefined {
  return loan.payments.find((p) => isPayableInstalment(p.status));
}

const COLUMNS: Column<Loan>[] = [
  { header: 'Prêteur', cell: (loan) => loan.lender, sx: { fontWeight: 500 } },
  moneyColumn('Montant', (loan) => loan.amount),
  { header: 'Taux', cell: (loan) => formatRate(loan.interestRate), align: 'right', nowrap: true },
  { header: 'Période', cell: (loan) => `${formatDate(loan.startDate)} - ${formatDate(loan.endDate)}`, nowrap: true },
  moneyColumn('Restant dû', (loan) => loan.remainingBalance),
  {
    header: 'Statut',
    cell: (loan) => {
      const late = loan.payments.filter((p) => p.status === 'overdue').length;
      return (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          <Chip size="small" label={LOAN_STATUS_LABELS[loan.status] ?? loan.status} color={STATUS_COLORS[loan.status] ?? 'default'} />
          {late > 0 ? <Chip size="small" variant="outlined" color="error" label={`${late} en retard`} /> : null}
        </Box>
      );
    },
  },
];

/** Route /emprunts (exposed as './Loans'): 'Emprunts', the loans and their repayment schedules. */
export default function LoansPage() {
  const session = useSession();
  const { companyId } = session;
  const searchBox = useDebouncedSearch();
  const { search } = searchBox;
  const [page, setPage] = useFilteredPage(search);
  const list = useListLoansQuery(companyId ? { companyId, page: page + 1, pageSize: LOANS_PAGE_SIZE, search } : skipToken);
  const creating = useDialog('loan');
  const [viewingId, setViewingId] = useState<string | null>(null);
  const payment = useDialog<PaymentDialogDefaults | undefined>('payment', undefined);
  const rights = useLoanRights();

  const loans = useMemo(() => list.data?.items ?? [], [list.data]);
  const totals = list.data?.totals;
  // The panel reads the loan from the list: it follows the list's refreshes (a payment marks its instalment paid).
  const viewing = viewingId ? (loans.find((l) => l.id === viewingId) ?? null) : null;

  const openCreate = () => creating.show();
  const pay = (instalment: LoanPayment) =>
    payment.show({ type: 'loan_payment', loanPaymentId: instalment.id, amount: instalment.totalAmount });

  return (
    <ListPage
      path="/emprunts"
      title="Emprunts"
      session={session}
      list={list}
      errorTitle="Impossible de charger les emprunts"
      skeletons={3}
      create={rights.create ? { label: 'Nouvel Emprunt', onClick: openCreate, disabled: !companyId } : undefined}
      counters={[
        { label: "Nombre d'emprunts", value: totals?.count ?? 0 },
        { label: 'Capital emprunté', value: formatMoney(totals?.borrowed ?? '0') },
        { label: 'Capital restant dû', value: formatMoney(totals?.remaining ?? '0') },
        { label: 'Emprunts actifs', value: totals?.active ?? 0 },
      ]}
      search={{ label: 'Rechercher un emprunt', placeholder: 'Prêteur', value: searchBox.input, onChange: searchBox.setInput }}
      count={loans.length}
      filtered={Boolean(search)}
      emptyFiltered={MESSAGES_LOAN.emptyFiltered}
      pagination={{ page, pageSize: LOANS_PAGE_SIZE, totalItems: list.data?.totalItems ?? 0, onPageChange: setPage }}
      empty={{
        title: MESSAGES_LOAN.empty,
        create: rights.create
          ? {
              description: 'Enregistrez un emprunt : son échéancier de remboursement est calculé et les fonds reçus sont comptabilisés.',
              label: 'Enregistrer le premier emprunt',
              onClick: openCreate,
            }
          : undefined,
      }}
      dialogs={
        <>
          <LoanDialog key={creating.key} {...creating.props} companyId={companyId} />
          <ScheduleDialog
            loan={viewing}
            onClose={() => setViewingId(null)}
            onPay={rights.pay ? (_loan, instalment) => pay(instalment) : undefined}
          />
          <PaymentDialog key={payment.key} {...payment.props} defaults={payment.value} companyId={companyId} />
        </>
      }
    >
      <DataTable
        label="Emprunts"
        columns={COLUMNS}
        rows={loans}
        rowKey={(loan) => loan.id}
        fetching={list.isFetching}
        actions={(loan) => {
          const next = nextInstalment(loan);
          return (
            <>
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
            </>
          );
        }}
      />
    </ListPage>
  );
}
