import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  employeeName,
  MESSAGES_PAYROLL_PAYMENT,
  payrollPeriodLabel,
  payrollTransferSchema,
  type PayrollTransferResult,
  type TransferOrder,
  type TransferOrderLine,
} from '@xaalis/contracts';
import {
  DataTable,
  defaultTreasuryAccount,
  downloadWithToast,
  EmptyState,
  ErrorState,
  formatMoney,
  FormDateField,
  FormGrid,
  LoadingState,
  moneyColumn,
  schemaResolver,
  todayIso,
  toastSuccess,
  TreasuryAccountField,
  useListTreasuryAccountsQuery,
  type Column,
} from '@xaalis/web-kit';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { isSessionExpiry, refusalText } from '../../api/refusal';
import { transferOrderFileUrl, useGetTransferOrderQuery, usePayByTransferMutation, type TransferOrderFormat } from './api';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** What the payment part of the dialog holds; the month is the dialog's own. */
interface TransferFormValues {
  paymentDate: string;
  /** The bank account debited, chosen once the company's accounts load ('' before). */
  treasuryAccountId: string;
}

const paymentSchema = payrollTransferSchema.pick({ paymentDate: true, treasuryAccountId: true });
type TransferPaymentValues = z.output<typeof paymentSchema>;
const resolver = schemaResolver<TransferFormValues, TransferPaymentValues>(paymentSchema);

const COLUMNS: Column<TransferOrderLine>[] = [
  { header: 'Matricule', cell: (l) => l.employeeNumber, nowrap: true },
  { header: 'Employé', cell: (l) => employeeName(l), rowHeader: true },
  { header: 'Banque', cell: (l) => l.bank || '-', nowrap: true },
  { header: 'Compte', cell: (l) => l.account, sx: { fontFamily: 'monospace', wordBreak: 'break-all' } },
  moneyColumn('Net à virer', (l) => l.net, { fontWeight: 600 }),
];

const FILE_LABELS: Record<TransferOrderFormat, string> = {
  pdf: 'Ordre de virement (PDF)',
  csv: 'Fichier pour la banque (CSV)',
};

export const TRANSFER_DOWNLOAD_ERROR = 'Erreur lors du téléchargement de l’ordre de virement';

/** Downloads the month's transfer order: the PDF to sign, or the CSV the bank imports. */
export function downloadTransferOrder(companyId: string, period: string, format: TransferOrderFormat) {
  return downloadWithToast(
    transferOrderFileUrl(companyId, period, format),
    `virement-salaires-${period}.${format}`,
    TRANSFER_DOWNLOAD_ERROR,
    {
      preferServerName: true,
    },
  );
}

/** The success notice's detail: the slips paid, and those left to pay otherwise. */
export function transferPaidText(result: Pick<PayrollTransferResult, 'paid' | 'missing'>): string {
  const paid = result.paid === 1 ? '1 bulletin payé' : `${result.paid} bulletins payés`;
  const left = result.missing.length;
  if (left === 0) return paid;
  return `${paid} ; ${left === 1 ? '1 bulletin sans compte bancaire reste' : `${left} bulletins sans compte bancaire restent`} à payer autrement`;
}

/** The employees without a bank account: their slips are not in the transfer. */
function Missing({ missing }: { missing: TransferOrder['missing'] }) {
  return (
    <Alert severity="warning" role="status" sx={{ mt: 2 }}>
      <AlertTitle>{MESSAGES_PAYROLL_PAYMENT.noBankAccount}</AlertTitle>
      <Box component="ul" aria-label="Employés sans compte bancaire" sx={{ m: 0, pl: 2.5 }}>
        {missing.map((m) => (
          <li key={m.payslipId}>
            <Typography variant="body2">{`${employeeName(m)} (${m.employeeNumber}) : ${formatMoney(m.net)}`}</Typography>
          </li>
        ))}
      </Box>
    </Alert>
  );
}

/**
 * 'Virement des salaires': the month's transfer order (the validated slips of employees with a bank
 * account: bank, account, net; the total; those without an account apart), its PDF and its CSV for
 * the bank, then 'Payer par virement' from a bank account of the company on a date: one payment of
 * every slip of the order. A refusal of the server stays in the dialog. Mounted at each opening.
 */
export function TransferDialog({ companyId, initialPeriod, onClose }: { companyId: string; initialPeriod: string; onClose: () => void }) {
  const titleId = useId();
  const formId = useId();
  const [period, setPeriod] = useState(initialPeriod);
  const validPeriod = MONTH.test(period);
  const query = useGetTransferOrderQuery(validPeriod ? { companyId, period } : skipToken);
  const order = query.currentData;
  // The company's treasury accounts (the shared list PayDialog reads), its bank accounts only.
  const accounts = useListTreasuryAccountsQuery(companyId);
  const banks = useMemo(() => accounts.data?.items.filter((a) => a.kind === 'bank') ?? [], [accounts.data]);
  const [pay] = usePayByTransferMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { control, handleSubmit, formState, setValue, getValues } = useForm<TransferFormValues, unknown, TransferPaymentValues>({
    resolver,
    defaultValues: { paymentDate: todayIso(), treasuryAccountId: '' },
  });
  const busy = formState.isSubmitting;
  const startAccount = defaultTreasuryAccount(banks);
  useEffect(() => {
    if (startAccount && !getValues('treasuryAccountId')) setValue('treasuryAccountId', startAccount.id);
  }, [startAccount, getValues, setValue]);

  const lines = order?.lines ?? [];
  const payable = Boolean(order && lines.length > 0 && banks.length > 0);

  const onSubmit = handleSubmit(async (values) => {
    if (!order || lines.length === 0) return;
    setRefusal(null);
    try {
      const result = await pay({ companyId, body: { period: order.period, ...values } }).unwrap();
      toastSuccess(MESSAGES_PAYROLL_PAYMENT.transferPaid, transferPaidText(result));
      onClose();
    } catch (error) {
      if (isSessionExpiry(error)) return;
      setRefusal(refusalText(error, 'Erreur lors du paiement par virement'));
    }
  });

  let body: ReactNode = null;
  if (!validPeriod) body = null;
  else if (!order && query.isFetching) body = <LoadingState rows={3} />;
  else if (!order && query.error)
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} title="Impossible de charger l’ordre de virement" />;
  else if (order)
    body = (
      <>
        {lines.length === 0 ? (
          <EmptyState title={MESSAGES_PAYROLL_PAYMENT.nothingToTransfer} />
        ) : (
          <>
            <DataTable
              label="Ordre de virement"
              columns={COLUMNS}
              rows={lines}
              rowKey={(l) => l.payslipId}
              fetching={query.isFetching}
              outlined
            />
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 4, mt: 1.5 }}>
              <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
                {`Total à virer (${lines.length === 1 ? '1 salarié' : `${lines.length} salariés`})`}
              </Typography>
              <Typography variant="subtitle1" data-testid="transfer-total" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {formatMoney(order.total)}
              </Typography>
            </Box>
          </>
        )}
        {order.missing.length ? <Missing missing={order.missing} /> : null}
      </>
    );

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="md" scroll="paper">
      <DialogTitle id={titleId}>Virement des salaires</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', justifyContent: 'space-between', mb: 2 }}>
          <TextField
            type="month"
            size="small"
            label="Mois"
            value={period}
            onChange={(e) => {
              setRefusal(null);
              setPeriod(e.target.value);
            }}
            error={!validPeriod}
            helperText={validPeriod ? payrollPeriodLabel(period) : 'Période invalide (ex: 2026-03)'}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ minWidth: 190 }}
          />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {(['pdf', 'csv'] as const).map((format) => (
              <Button
                key={format}
                size="small"
                variant="outlined"
                disabled={!order || lines.length === 0}
                onClick={() => void downloadTransferOrder(companyId, period, format)}
              >
                {FILE_LABELS[format]}
              </Button>
            ))}
          </Box>
        </Box>
        {body}
        {order && lines.length > 0 ? (
          <>
            <Divider sx={{ my: 2 }} />
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
              Paiement
            </Typography>
            {accounts.data && banks.length === 0 ? (
              <Alert severity="info" role="status" sx={{ mb: 1.5 }}>
                Aucun compte bancaire en trésorerie : créez-en un pour payer les salaires par virement.
              </Alert>
            ) : null}
            {accounts.error && !accounts.data ? (
              <Alert severity="error" sx={{ mb: 1.5 }}>
                Comptes de trésorerie indisponibles : le paiement par virement ne peut être enregistré.
              </Alert>
            ) : null}
            <FormGrid id={formId} label="Payer par virement" onSubmit={onSubmit}>
              <FormDateField control={control} name="paymentDate" label="Date de paiement" />
              {banks.length ? (
                <TreasuryAccountField control={control} name="treasuryAccountId" accounts={banks} label="Compte bancaire" />
              ) : null}
            </FormGrid>
          </>
        ) : null}
        {refusal ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {refusal}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Fermer
        </Button>
        <Button type="submit" form={formId} variant="contained" disabled={busy || !payable}>
          {busy ? 'Enregistrement...' : 'Payer par virement'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
