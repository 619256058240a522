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
import { EntityFormDialog, formatMoney, FormDateField, FormSelectField, todayIso, useEntityForm, useSession } from '@xaalis/web-kit';
import { usePayPayslipMutation } from './api';

interface PayFormValues {
  paymentDate: string;
  paymentMethod: PaymentMethod;
}

const METHOD_OPTIONS = PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }));

export interface PayDialogProps {
  slip: Payslip | null;
  onClose: () => void;
}

/** 'Payer le bulletin': the payment date (today by default) and method of a validated slip. */
export function PayDialog({ slip, onClose }: PayDialogProps) {
  // The slip is paid by its id; the save still needs the signed-in company, as every save does.
  const { companyId } = useSession();
  const [pay] = usePayPayslipMutation();
  const form = useEntityForm<PayFormValues, PayFormValues>({
    open: slip !== null,
    onClose,
    schema: payslipPaySchema,
    defaultValues: () => ({ paymentDate: todayIso(), paymentMethod: 'bank' }),
    resetKey: slip?.id,
    companyId,
    check: () => slip !== null,
    save: (values) => pay({ id: slip?.id ?? '', ...values }).unwrap(),
    success: MESSAGES_PAYSLIP.paid,
    failure: 'Erreur lors du paiement du bulletin',
  });
  const { control } = form;
  const title = slip ? `Payer le bulletin — ${employeeName(slip.employee)} ${slip.period}` : 'Payer le bulletin';
  return (
    <EntityFormDialog form={form} title={title} label="Payer le bulletin" submitLabel="Enregistrer le paiement" columns="1fr">
      {slip ? <Box>{`Net à payer : ${formatMoney(slip.netSalary)}`}</Box> : null}
      <FormDateField control={control} name="paymentDate" label="Date de paiement" />
      <FormSelectField control={control} name="paymentMethod" label="Mode de paiement" options={METHOD_OPTIONS} />
    </EntityFormDialog>
  );
}
