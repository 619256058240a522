import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import {
  declarationPaymentSchema,
  MESSAGES_PAYROLL_PAYMENT,
  payrollPeriodLabel,
  type PayrollDeclaration,
  type PayrollDeclarationKind,
} from '@xaalis/contracts';
import {
  defaultTreasuryAccount,
  emptyToNull,
  formatMoney,
  FormDateField,
  FormDialog,
  FormGrid,
  schemaResolver,
  todayIso,
  toastSuccess,
  TreasuryAccountField,
  useListTreasuryAccountsQuery,
} from '@xaalis/web-kit';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { isSessionExpiry, refusalText } from '../../api/refusal';
import { usePayPayrollDeclarationMutation } from './api';
import { KIND_TEXTS } from './texts';

interface PaymentFormValues {
  paymentDate: string;
  /** The treasury account paid from ('' : the accounting service's default). */
  treasuryAccountId: string;
}

type PaymentValues = z.output<typeof declarationPaymentSchema>;

const resolver = schemaResolver<PaymentFormValues, PaymentValues>(declarationPaymentSchema, (values) => ({
  ...values,
  treasuryAccountId: emptyToNull(values.treasuryAccountId),
}));

/**
 * 'Payer la déclaration': the payment date (today by default) and the treasury account it is paid
 * from (any kind, the default bank account first; none when the accounts cannot be read), then
 * POST …/:id/payments for what the declaration leaves to pay. A refusal (409 already paid, not in
 * force) stays in the dialog; a success toasts and closes. Mounted at each opening.
 */
export function PayDeclarationDialog({
  companyId,
  kind,
  declaration,
  onClose,
}: {
  companyId: string;
  kind: PayrollDeclarationKind;
  declaration: Pick<PayrollDeclaration, 'id' | 'period' | 'leftToPay'>;
  onClose: () => void;
}) {
  const formId = useId();
  const [pay] = usePayPayrollDeclarationMutation();
  const accounts = useListTreasuryAccountsQuery(companyId).data?.items;
  const [refusal, setRefusal] = useState<string | null>(null);
  const { control, handleSubmit, formState, setValue, getValues } = useForm<PaymentFormValues, unknown, PaymentValues>({
    resolver,
    defaultValues: { paymentDate: todayIso(), treasuryAccountId: '' },
  });
  const startAccount = accounts ? defaultTreasuryAccount(accounts) : undefined;
  useEffect(() => {
    if (startAccount && !getValues('treasuryAccountId')) setValue('treasuryAccountId', startAccount.id);
  }, [startAccount, getValues, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      await pay({
        companyId,
        kind,
        id: declaration.id,
        body: { paymentDate: values.paymentDate, treasuryAccountId: values.treasuryAccountId ?? null },
      }).unwrap();
      toastSuccess(MESSAGES_PAYROLL_PAYMENT.paid);
      onClose();
    } catch (error) {
      if (isSessionExpiry(error)) return;
      setRefusal(refusalText(error, 'Erreur lors du paiement de la déclaration'));
    }
  });

  return (
    <FormDialog
      open
      onClose={onClose}
      title={`Payer la déclaration — ${payrollPeriodLabel(declaration.period)}`}
      formId={formId}
      submitLabel="Enregistrer le paiement"
      busy={formState.isSubmitting}
    >
      <Typography variant="body2" color="text.secondary">
        {KIND_TEXTS[kind].title}
      </Typography>
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 2 }}>
        {`Montant à payer : ${formatMoney(declaration.leftToPay)}`}
      </Typography>
      <FormGrid id={formId} label="Payer la déclaration" onSubmit={onSubmit} columns="1fr">
        <FormDateField control={control} name="paymentDate" label="Date de paiement" />
        {accounts?.length ? <TreasuryAccountField control={control} name="treasuryAccountId" accounts={accounts} /> : null}
      </FormGrid>
      {refusal ? (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {refusal}
        </Alert>
      ) : null}
    </FormDialog>
  );
}
