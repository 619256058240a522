import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { MESSAGES_PAYROLL_PAYMENT, type PayrollDeclaration, type PayrollDeclarationSummary } from '@xaalis/contracts';
import { compare } from '@xaalis/domain';
import { DataTable, ErrorState, formatDate, formatMoney, LoadingState, moneyColumn, type Column } from '@xaalis/web-kit';
import { useId, useState, type ReactNode } from 'react';
import { useGetPayrollDeclarationQuery } from './api';
import { PayDeclarationDialog } from './PayDeclarationDialog';

type DeclarationPaymentRow = PayrollDeclaration['payments'][number];

const COLUMNS: Column<DeclarationPaymentRow>[] = [
  { header: 'Date de paiement', cell: (p) => formatDate(p.paymentDate), nowrap: true },
  moneyColumn('Montant', (p) => p.total),
  { header: 'Écriture', cell: (p) => p.entryNumber ?? MESSAGES_PAYROLL_PAYMENT.postingPending },
];

/**
 * What is paid for the declaration in force (read by its id: the preview only sums it up): its
 * payments (date, amount, the entry once posted) and what it leaves to pay, with 'Payer' while
 * something is left, for a role that may file it.
 */
export function DeclarationPayments({
  companyId,
  declared,
  canPay,
}: {
  companyId: string;
  declared: Pick<PayrollDeclarationSummary, 'id' | 'kind' | 'period'>;
  canPay: boolean;
}) {
  const titleId = useId();
  const query = useGetPayrollDeclarationQuery({ companyId, kind: declared.kind, id: declared.id });
  const [paying, setPaying] = useState(false);
  const declaration = query.currentData;

  let body: ReactNode = null;
  if (!declaration && query.isFetching) body = <LoadingState rows={1} label="Chargement des paiements..." />;
  else if (!declaration && query.error)
    body = (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} title="Impossible de charger les paiements de la déclaration" />
    );
  else if (declaration) {
    const left = compare(declaration.leftToPay, '0') > 0;
    body = (
      <>
        {declaration.payments.length ? (
          <DataTable label="Paiements de la déclaration" columns={COLUMNS} rows={declaration.payments} rowKey={(p) => p.id} outlined />
        ) : (
          <Typography variant="body2" color="text.secondary">
            Aucun paiement enregistré
          </Typography>
        )}
        <Box sx={{ mt: 1.5, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'flex-end' }}>
          {left ? (
            <Typography variant="subtitle1" data-testid="left-to-pay" sx={{ fontWeight: 700 }}>
              {`Reste à payer : ${formatMoney(declaration.leftToPay)}`}
            </Typography>
          ) : (
            <Chip color="success" label="Déclaration payée" />
          )}
          {left && canPay ? (
            <Button variant="contained" onClick={() => setPaying(true)}>
              Payer
            </Button>
          ) : null}
        </Box>
      </>
    );
  }

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mb: 2 }}>
      <Typography id={titleId} variant="h3" component="h3" sx={{ mb: 1 }}>
        Paiements
      </Typography>
      {body}
      {paying && declaration && canPay ? (
        <PayDeclarationDialog companyId={companyId} kind={declared.kind} declaration={declaration} onClose={() => setPaying(false)} />
      ) : null}
    </Box>
  );
}
