import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import {
  isCalendarDate,
  LOAN_TREASURY_ACCOUNTS,
  LOAN_TREASURY_LABELS,
  loanDueDates,
  loanInputSchema,
  MAX_LOAN_INSTALMENTS,
  MESSAGES_LOAN,
  PAYMENT_FREQUENCIES,
  PAYMENT_FREQUENCY_LABELS,
  type LoanTreasuryAccount,
  type LoanValues,
  type PaymentFrequency,
} from '@xaalis/contracts';
import {
  formatDate,
  FormSelectField,
  FormTextField,
  todayIso,
  FormDateField,
  toastMissingCompany,
  toastSuccess,
  FormDialog,
  toastFailure,
} from '@xaalis/web-kit';
import { useEffect, useId } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useCreateLoanMutation } from './api';

interface LoanFormValues {
  lender: string;
  amount: string;
  interestRate: string;
  startDate: string;
  endDate: string;
  paymentFrequency: PaymentFrequency;
  treasuryAccount: LoanTreasuryAccount;
}

const initialValues = (): LoanFormValues => ({
  lender: '',
  amount: '',
  interestRate: '',
  startDate: todayIso(),
  endDate: '',
  paymentFrequency: 'monthly',
  treasuryAccount: '521',
});
const FREQUENCY_OPTIONS = PAYMENT_FREQUENCIES.map((value) => ({ value, label: PAYMENT_FREQUENCY_LABELS[value] }));
const TREASURY_OPTIONS = LOAN_TREASURY_ACCOUNTS.map((value) => ({ value, label: LOAN_TREASURY_LABELS[value] }));
const resolver = zodResolver(loanInputSchema) as unknown as Resolver<LoanFormValues, unknown, LoanValues>;

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
 * (constant instalments) and posts the funds received (D 521/552/571 / C 162).
 */
export function LoanDialog({ open, onClose, companyId }: LoanDialogProps) {
  const formId = useId();
  const [createLoan, { isLoading: saving }] = useCreateLoanMutation();
  const { control, handleSubmit, reset } = useForm<LoanFormValues, unknown, LoanValues>({ resolver, defaultValues: initialValues() });

  useEffect(() => {
    if (open) reset(initialValues());
  }, [open, reset]);

  const [startDate, endDate, frequency] = useWatch({ control, name: ['startDate', 'endDate', 'paymentFrequency'] });
  const summary = instalmentsSummary(startDate, endDate, frequency);

  const onSubmit = handleSubmit(async (values) => {
    if (!companyId) {
      toastMissingCompany();
      return;
    }
    try {
      // A new loan owes its whole amount (spec §7: remainingBalance equal to amount).
      await createLoan({ companyId, body: { ...values, remainingBalance: values.amount } }).unwrap();
      toastSuccess('Succès', MESSAGES_LOAN.created);
      reset(initialValues());
      onClose();
    } catch (error) {
      toastFailure(error, MESSAGES_LOAN.createError);
    }
  });

  return (
    <FormDialog open={open} onClose={onClose} title="Nouvel Emprunt" formId={formId} busy={saving} submitLabel="Créer l'emprunt">
      <Box
        component="form"
        id={formId}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-label="Nouvel Emprunt"
        sx={{ display: 'grid', gap: 2, pt: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        <Box sx={{ gridColumn: '1 / -1' }}>
          <FormTextField control={control} name="lender" label="Prêteur" placeholder="Banque, organisme..." autoFocus />
        </Box>
        <FormTextField
          control={control}
          name="amount"
          label="Montant"
          type="number"
          inputProps={{ min: 0, step: 0.01, inputMode: 'decimal' }}
          endAdornment={
            <Box component="span" sx={{ color: 'text.secondary', ml: 1 }}>
              XOF
            </Box>
          }
        />
        <FormTextField
          control={control}
          name="interestRate"
          label="Taux d'intérêt annuel"
          type="number"
          inputProps={{ min: 0, max: 100, step: 0.01, inputMode: 'decimal' }}
          endAdornment={
            <Box component="span" sx={{ color: 'text.secondary', ml: 1 }}>
              %
            </Box>
          }
        />
        <FormDateField control={control} name="startDate" label="Date de début" />
        <FormDateField control={control} name="endDate" label="Date de fin" />
        <FormSelectField control={control} name="paymentFrequency" label="Périodicité" options={FREQUENCY_OPTIONS} />
        <FormSelectField control={control} name="treasuryAccount" label="Fonds reçus sur" options={TREASURY_OPTIONS} />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Alert severity="info" role="note">
            {summary
              ? `${summary} : annuités constantes, la dernière ajustée à l'arrondi près.`
              : "L'échéancier (annuités constantes) est calculé à l'enregistrement, d'après la période et la périodicité."}
          </Alert>
        </Box>
      </Box>
    </FormDialog>
  );
}
