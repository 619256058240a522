import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import {
  employeeName,
  MESSAGES_PAYSLIP,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  payslipPaySchema,
  type PaymentMethod,
  type Payslip,
} from '@xaalis/contracts';
import { formatMoney, FormSelectField, todayIso, FormDateField, toastFailure, toastSuccess, FormDialog } from '@xaalis/web-kit';
import { useId } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { usePayPayslipMutation } from './api';

interface PayFormValues {
  paymentDate: string;
  paymentMethod: PaymentMethod;
}

const METHOD_OPTIONS = PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }));
const resolver = zodResolver(payslipPaySchema) as unknown as Resolver<PayFormValues, unknown, PayFormValues>;

export interface PayDialogProps {
  slip: Payslip | null;
  onClose: () => void;
}

/** 'Payer le bulletin': the payment date (today by default) and method of a validated slip. */
export function PayDialog({ slip, onClose }: PayDialogProps) {
  const formId = useId();
  const [pay, { isLoading }] = usePayPayslipMutation();
  const { control, handleSubmit } = useForm<PayFormValues, unknown, PayFormValues>({
    resolver,
    defaultValues: { paymentDate: todayIso(), paymentMethod: 'bank' },
  });
  const onSubmit = handleSubmit(async (values) => {
    if (!slip) return;
    try {
      await pay({ id: slip.id, ...values }).unwrap();
      toastSuccess(MESSAGES_PAYSLIP.paid);
      onClose();
    } catch (error) {
      toastFailure(error, 'Erreur lors du paiement du bulletin');
    }
  });
  const title = slip ? `Payer le bulletin — ${employeeName(slip.employee)} ${slip.period}` : 'Payer le bulletin';
  return (
    <FormDialog open={slip !== null} onClose={onClose} title={title} formId={formId} busy={isLoading} submitLabel="Enregistrer le paiement">
      <Box
        component="form"
        id={formId}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-label="Payer le bulletin"
        sx={{ display: 'grid', gap: 2, pt: 1 }}
      >
        {slip ? <Box>{`Net à payer : ${formatMoney(slip.netSalary)}`}</Box> : null}
        <FormDateField control={control} name="paymentDate" label="Date de paiement" />
        <FormSelectField control={control} name="paymentMethod" label="Mode de paiement" options={METHOD_OPTIONS} />
      </Box>
    </FormDialog>
  );
}
