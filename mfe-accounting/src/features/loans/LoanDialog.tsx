import Alert from '@mui/material/Alert';
import {
  LOAN_TREASURY_ACCOUNTS,
  LOAN_TREASURY_LABELS,
  loanInputSchema,
  MAX_LOAN_INSTALMENTS,
  MESSAGES_LOAN,
  PAYMENT_FREQUENCIES,
  PAYMENT_FREQUENCY_LABELS,
  type LoanTreasuryAccount,
  type LoanValues,
  type PaymentFrequency,
} from '@xaalis/contracts';
import { isCalendarDate, loanDueDates } from '@xaalis/domain';
import {
  EntityFormDialog,
  formatDate,
  FormDateField,
  FormSelectField,
  FormMoneyField,
  FormTextField,
  FullRow,
  todayIso,
  UnitAdornment,
  useEntityForm,
  FormPercentField,
  defaultTreasuryAccount,
  TreasuryAccountField,
  useListTreasuryAccountsQuery,
} from '@xaalis/web-kit';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useCreateLoanMutation } from './api';

interface LoanFormValues {
  lender: string;
  amount: string;
  interestRate: string;
  startDate: string;
  endDate: string;
  paymentFrequency: PaymentFrequency;
  treasuryAccount: LoanTreasuryAccount;
  /** The treasury account chosen when the company's accounts load ('' before). */
  treasuryAccountId: string;
}

const initialValues = (): LoanFormValues => ({
  lender: '',
  amount: '',
  interestRate: '',
  startDate: todayIso(),
  endDate: '',
  paymentFrequency: 'monthly',
  treasuryAccount: '521',
  treasuryAccountId: '',
});
const FREQUENCY_OPTIONS = PAYMENT_FREQUENCIES.map((value) => ({ value, label: PAYMENT_FREQUENCY_LABELS[value] }));
const TREASURY_OPTIONS = LOAN_TREASURY_ACCOUNTS.map((value) => ({ value, label: LOAN_TREASURY_LABELS[value] }));

/** '12 échéances, du 15/02/2026 au 15/01/2027', or null while the dates do not give a schedule. */
export function instalmentsSummary(startDate: string, endDate: string, frequency: PaymentFrequency): string | null {
  if (!isCalendarDate(startDate) || !isCalendarDate(endDate) || endDate < startDate) return null;
  const dates = loanDueDates(startDate, endDate, frequency);
  if (dates.length === 0 || dates.length > MAX_LOAN_INSTALMENTS) return null;
  const count = dates.length === 1 ? '1 échéance' : `${dates.length} échéances`;
  return `${count}, du ${formatDate(dates[0])} au ${formatDate(dates[dates.length - 1])}`;
}

export interface LoanDialogProps {
  open: boolean;
  onClose: () => void;
  companyId: string | null;
}

/**
 * 'Nouvel Emprunt': lender, amount, annual rate, period, frequency and the
 * treasury account that receives the funds. The server computes the schedule
 * (constant instalments) and posts the funds received (D the treasury account / C 162).
 */
export function LoanDialog({ open, onClose, companyId }: LoanDialogProps) {
  const [createLoan] = useCreateLoanMutation();
  // Funds arrive on a bank account, a wallet or a cash box: chosen by account when they load, by code otherwise.
  const accounts = useListTreasuryAccountsQuery(open && companyId ? companyId : skipToken).data?.items.filter((a) => a.kind !== 'cheques');
  const byAccount = Boolean(accounts?.length);
  const form = useEntityForm<LoanFormValues, LoanValues>({
    open,
    onClose,
    schema: loanInputSchema,
    defaultValues: initialValues,
    companyId,
    // A new loan owes its whole amount (spec §7: remainingBalance equal to amount).
    prepare: (values) => ({ ...values, treasuryAccountId: byAccount ? values.treasuryAccountId || null : undefined }),
    save: (values, id) => createLoan({ companyId: id, body: { ...values, remainingBalance: values.amount } }).unwrap(),
    success: ['Succès', MESSAGES_LOAN.created],
    failure: MESSAGES_LOAN.createError,
  });
  const { control, setValue, getValues } = form;
  const startAccount = accounts ? defaultTreasuryAccount(accounts) : undefined;
  useEffect(() => {
    if (startAccount && !getValues('treasuryAccountId')) setValue('treasuryAccountId', startAccount.id);
  }, [startAccount, getValues, setValue]);

  const [startDate, endDate, frequency] = useWatch({ control, name: ['startDate', 'endDate', 'paymentFrequency'] });
  const summary = instalmentsSummary(startDate, endDate, frequency);

  return (
    <EntityFormDialog form={form} title="Nouvel Emprunt" submitLabel="Créer l'emprunt">
      <FullRow>
        <FormTextField control={control} name="lender" label="Prêteur" placeholder="Banque, organisme..." autoFocus />
      </FullRow>
      <FormMoneyField control={control} name="amount" label="Montant" />
      <FormPercentField control={control} name="interestRate" label="Taux d'intérêt annuel" endAdornment={<UnitAdornment unit="%" />} />
      <FormDateField control={control} name="startDate" label="Date de début" />
      <FormDateField control={control} name="endDate" label="Date de fin" />
      <FormSelectField control={control} name="paymentFrequency" label="Périodicité" options={FREQUENCY_OPTIONS} />
      {byAccount && accounts ? (
        <TreasuryAccountField control={control} name="treasuryAccountId" accounts={accounts} label="Fonds reçus sur" />
      ) : (
        <FormSelectField control={control} name="treasuryAccount" label="Fonds reçus sur" options={TREASURY_OPTIONS} />
      )}
      <FullRow>
        <Alert severity="info" role="note">
          {summary
            ? `${summary} : annuités constantes, la dernière ajustée à l'arrondi près.`
            : "L'échéancier (annuités constantes) est calculé à l'enregistrement, d'après la période et la périodicité."}
        </Alert>
      </FullRow>
    </EntityFormDialog>
  );
}
