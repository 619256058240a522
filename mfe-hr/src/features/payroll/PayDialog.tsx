import Box from '@mui/material/Box';
import {
  employeeName,
  MESSAGES_PAYSLIP,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  payslipPaySchema,
  TREASURY_KIND_METHOD,
  type PaymentMethod,
  type Payslip,
} from '@xaalis/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect } from 'react';
import type { z } from 'zod';
import {
  defaultTreasuryAccount,
  EntityFormDialog,
  formatMoney,
  FormDateField,
  FormSelectField,
  todayIso,
  TreasuryAccountField,
  useEntityForm,
  useListTreasuryAccountsQuery,
  useSession,
} from '@xaalis/web-kit';
import { usePayPayslipMutation } from './api';

type PayslipPayValues = z.output<typeof payslipPaySchema>;

interface PayFormValues {
  paymentDate: string;
  paymentMethod: PaymentMethod;
  /** The treasury account chosen when the company's accounts load ('' before). */
  treasuryAccountId: string;
}

const METHOD_OPTIONS = PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }));

export interface PayDialogProps {
  slip: Payslip | null;
  onClose: () => void;
}

/**
 * 'Payer le bulletin': the payment date (today by default) and the treasury account the net is paid
 * from (the accounting service's accounts; the payment method when they cannot be read).
 */
export function PayDialog({ slip, onClose }: PayDialogProps) {
  // The slip is paid by its id; the save still needs the signed-in company, as every save does.
  const { companyId } = useSession();
  const [pay] = usePayPayslipMutation();
  const accounts = useListTreasuryAccountsQuery(slip && companyId ? companyId : skipToken).data?.items.filter((a) => a.kind !== 'cheques');
  const byAccount = Boolean(accounts?.length);
  const form = useEntityForm<PayFormValues, PayslipPayValues>({
    open: slip !== null,
    onClose,
    schema: payslipPaySchema,
    // The method follows the account's kind (the slip shows it); the account is what the ledger uses.
    prepare: (values) => {
      const account = byAccount ? accounts?.find((a) => a.id === values.treasuryAccountId) : undefined;
      return account
        ? { ...values, paymentMethod: TREASURY_KIND_METHOD[account.kind], treasuryAccountId: account.id }
        : { ...values, treasuryAccountId: undefined };
    },
    defaultValues: () => ({ paymentDate: todayIso(), paymentMethod: 'bank', treasuryAccountId: '' }),
    resetKey: slip?.id,
    companyId,
    check: () => slip !== null,
    save: (values) => pay({ id: slip?.id ?? '', ...values }).unwrap(),
    success: MESSAGES_PAYSLIP.paid,
    failure: 'Erreur lors du paiement du bulletin',
  });
  const { control, setValue, getValues } = form;
  const startAccount = accounts ? defaultTreasuryAccount(accounts) : undefined;
  useEffect(() => {
    if (startAccount && !getValues('treasuryAccountId')) setValue('treasuryAccountId', startAccount.id);
  }, [startAccount, getValues, setValue]);
  const title = slip ? `Payer le bulletin — ${employeeName(slip.employee)} ${slip.period}` : 'Payer le bulletin';
  return (
    <EntityFormDialog form={form} title={title} label="Payer le bulletin" submitLabel="Enregistrer le paiement" columns="1fr">
      {slip ? <Box>{`Net à payer : ${formatMoney(slip.netSalary)}`}</Box> : null}
      <FormDateField control={control} name="paymentDate" label="Date de paiement" />
      {byAccount && accounts ? (
        <TreasuryAccountField control={control} name="treasuryAccountId" accounts={accounts} label="Payé depuis" />
      ) : (
        <FormSelectField control={control} name="paymentMethod" label="Mode de paiement" options={METHOD_OPTIONS} />
      )}
    </EntityFormDialog>
  );
}
