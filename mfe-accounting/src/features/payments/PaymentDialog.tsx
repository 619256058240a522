import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import {
  DEFAULT_EXPENSE_ACCOUNT,
  fromCents,
  isPayableInstalment,
  MESSAGES_PAYMENT,
  MONEY_PATTERN,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_TYPES,
  paymentInputSchema,
  toCents,
  type Invoice,
  type PaymentInput,
  type PaymentMethod,
  type PaymentType,
} from '@xaalis/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  formatDate,
  formatMoney,
  FormSelectField,
  FormTextField,
  todayIso,
  toastMissingCompany,
  toastSuccess,
  FormDialog,
  toastFailure,
  FormDateField,
  ControlledSelect,
  useSession,
  ErrorState,
} from '@xaalis/web-kit';
import { useEffect, useEffectEvent, useId, useMemo } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { useListAccountsQuery } from '../accounts';
import { useListInvoicesQuery } from '../../api/invoiceList';
import { useCreatePaymentMutation, useListPaymentLoansQuery, type LoanInstalment, type LoanWithSchedule } from './api';

type PaymentOutput = z.output<typeof paymentInputSchema>;

/** The dialog's labels of the payment types. */
export const PAYMENT_DIALOG_TYPE_LABELS: Record<PaymentType, string> = {
  invoice_payment: 'Paiement de facture',
  loan_payment: "Remboursement d'emprunt",
  expense: 'Dépense',
};
export const NO_PAYABLE_INVOICE = 'Aucune facture validée avec un solde à régler';
export const NO_PENDING_INSTALMENT = "Aucune échéance d'emprunt en attente";

/** The invoices the payment list asks for (GET invoices?payable=true&pageSize=100). */
export const PAYABLE_INVOICES_PAGE_SIZE = 100;

const TYPE_OPTIONS = PAYMENT_TYPES.map((value) => ({ value, label: PAYMENT_DIALOG_TYPE_LABELS[value] }));
const METHOD_OPTIONS = PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }));

export interface PaymentDialogDefaults {
  type?: PaymentType;
  invoiceId?: string;
  loanPaymentId?: string;
  amount?: string;
}

interface PaymentFormValues {
  type: PaymentType;
  invoiceId: string;
  loanPaymentId: string;
  accountId: string;
  amount: string;
  date: string;
  method: PaymentMethod;
  reference: string;
  notes: string;
}

/** An amount as the amount field shows it ("150000.00"); '' when unreadable. */
function amountText(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  return MONEY_PATTERN.test(text) && !text.startsWith('-') ? fromCents(toCents(text)) : '';
}

function initialValues(defaults: PaymentDialogDefaults | undefined): PaymentFormValues {
  return {
    type: defaults?.type ?? 'invoice_payment',
    invoiceId: defaults?.invoiceId ?? '',
    loanPaymentId: defaults?.loanPaymentId ?? '',
    accountId: '',
    amount: defaults?.amount ? amountText(defaults.amount) || defaults.amount : '',
    date: todayIso(),
    method: 'bank',
    reference: '',
    notes: '',
  };
}

/** 'FV-2026-0001 — Client — reste 150 000 XOF' */
export function payableInvoiceLabel(invoice: Pick<Invoice, 'number' | 'thirdParty' | 'balanceDue'>): string {
  return `${invoice.number} — ${invoice.thirdParty?.name ?? 'N/A'} — reste ${formatMoney(invoice.balanceDue)}`;
}

/** 'Prêteur — échéance du jj/mm/aaaa — montant' (' — en retard' when overdue) */
export function instalmentLabel(loan: Pick<LoanWithSchedule, 'lender'>, instalment: LoanInstalment): string {
  const late = instalment.status === 'overdue' ? ' — en retard' : '';
  return `${loan.lender} — échéance du ${formatDate(instalment.dueDate)} — ${formatMoney(instalment.totalAmount)}${late}`;
}

/** Instalments still to pay (pending, and overdue ones: late but still payable) of every loan, earliest due first. */
export function pendingInstalments(loans: readonly LoanWithSchedule[] | undefined) {
  return (loans ?? [])
    .flatMap((loan) => (loan.payments ?? []).filter((p) => isPayableInstalment(p.status)).map((instalment) => ({ loan, instalment })))
    .sort((a, b) => a.instalment.dueDate.localeCompare(b.instalment.dueDate));
}

export interface PaymentDialogProps {
  open: boolean;
  onClose: () => void;
  defaults?: PaymentDialogDefaults;
  /** The company (defaults to the signed-in user's). */
  companyId?: string | null;
}

/** 'Nouveau Paiement': an invoice payment, a loan instalment or an expense. */
export function PaymentDialog({ open, onClose, defaults, companyId: companyIdProp }: PaymentDialogProps) {
  const formId = useId();
  const session = useSession();
  const companyId = companyIdProp ?? session.companyId;
  const [createPayment, { isLoading: saving }] = useCreatePaymentMutation();

  const resolver = useMemo(() => {
    const base = zodResolver(paymentInputSchema) as unknown as Resolver<Record<string, unknown>, unknown, PaymentOutput>;
    const mapped: Resolver<PaymentFormValues, unknown, PaymentOutput> = (values, context, options) =>
      base(
        {
          ...values,
          companyId: companyId ?? '',
          invoiceId: values.type === 'invoice_payment' ? values.invoiceId || null : null,
          loanPaymentId: values.type === 'loan_payment' ? values.loanPaymentId || null : null,
          accountId: values.type === 'expense' ? values.accountId || null : null,
          reference: values.reference?.trim() ? values.reference.trim() : null,
          notes: values.notes?.trim() ? values.notes.trim() : null,
        },
        context,
        options as never,
      );
    return mapped;
  }, [companyId]);

  const { control, handleSubmit, reset, setValue, getValues, setError } = useForm<PaymentFormValues, unknown, PaymentOutput>({
    resolver,
    defaultValues: initialValues(defaults),
  });

  // Each opening starts from the defaults given (type, invoice or instalment, amount):
  // their values count, not the identity of an object the caller may rebuild at each render.
  const resetToDefaults = useEffectEvent(() => reset(initialValues(defaults)));
  useEffect(() => {
    if (open) resetToDefaults();
  }, [open, defaults?.type, defaults?.invoiceId, defaults?.loanPaymentId, defaults?.amount]);

  const type = useWatch({ control, name: 'type' });
  const invoicesQuery = useListInvoicesQuery(
    open && companyId && type === 'invoice_payment'
      ? { companyId, page: 1, pageSize: PAYABLE_INVOICES_PAGE_SIZE, payable: true }
      : skipToken,
    { refetchOnMountOrArgChange: true },
  );
  const loansQuery = useListPaymentLoansQuery(open && companyId && type === 'loan_payment' ? companyId : skipToken, {
    refetchOnMountOrArgChange: true,
  });
  const accountsQuery = useListAccountsQuery(open && companyId && type === 'expense' ? companyId : skipToken);

  const invoices = useMemo(() => invoicesQuery.data?.items ?? [], [invoicesQuery.data]);
  const invoiceOptions = useMemo(() => invoices.map((i) => ({ value: i.id, label: payableInvoiceLabel(i) })), [invoices]);
  const instalments = useMemo(() => pendingInstalments(loansQuery.data), [loansQuery.data]);
  const instalmentOptions = useMemo(
    () => instalments.map(({ loan, instalment }) => ({ value: instalment.id, label: instalmentLabel(loan, instalment) })),
    [instalments],
  );
  const expenseAccounts = useMemo(
    () => [...(accountsQuery.data ?? [])].filter((a) => a.code.startsWith('6') && a.isActive).sort((a, b) => a.code.localeCompare(b.code)),
    [accountsQuery.data],
  );
  const defaultExpense = expenseAccounts.find((a) => a.code === DEFAULT_EXPENSE_ACCOUNT);
  const accountOptions = useMemo(() => expenseAccounts.map((a) => ({ value: a.id, label: `${a.code} — ${a.name}` })), [expenseAccounts]);

  // An expense starts on account 658 when the chart has it.
  useEffect(() => {
    if (type === 'expense' && defaultExpense && !getValues('accountId')) setValue('accountId', defaultExpense.id);
  }, [type, defaultExpense, getValues, setValue]);

  const chooseInvoice = (id: string) => {
    setValue('invoiceId', id, { shouldDirty: true, shouldValidate: true });
    const invoice = invoices.find((i) => i.id === id);
    if (invoice) setValue('amount', amountText(invoice.balanceDue), { shouldDirty: true, shouldValidate: true });
  };
  const chooseInstalment = (id: string) => {
    setValue('loanPaymentId', id, { shouldDirty: true, shouldValidate: true });
    const found = instalments.find(({ instalment }) => instalment.id === id);
    if (found) setValue('amount', amountText(found.instalment.totalAmount), { shouldDirty: true, shouldValidate: true });
  };

  const onSubmit = handleSubmit(async (values) => {
    if (!companyId) {
      toastMissingCompany();
      return;
    }
    // The server refuses it too; the dialog knows the invoice's date, so it says so at once.
    const invoice = values.type === 'invoice_payment' ? invoices.find((i) => i.id === values.invoiceId) : undefined;
    if (invoice && values.date < invoice.date) {
      setError('date', { type: 'validate', message: MESSAGES_PAYMENT.dateBeforeInvoice }, { shouldFocus: true });
      return;
    }
    const body: PaymentInput = {
      type: values.type,
      invoiceId: values.type === 'invoice_payment' ? (values.invoiceId ?? null) : null,
      loanPaymentId: values.type === 'loan_payment' ? (values.loanPaymentId ?? null) : null,
      amount: values.amount,
      date: values.date,
      method: values.method,
      reference: values.reference ?? null,
      notes: values.notes ?? null,
      companyId,
      accountId: values.type === 'expense' ? (values.accountId ?? null) : null,
    };
    try {
      await createPayment(body).unwrap();
      toastSuccess('Succès', MESSAGES_PAYMENT.created);
      reset(initialValues(undefined));
      onClose();
    } catch (error) {
      toastFailure(error, MESSAGES_PAYMENT.createError);
    }
  });

  return (
    <FormDialog open={open} onClose={onClose} title="Nouveau Paiement" formId={formId} busy={saving} submitLabel="Enregistrer le paiement">
      <Box
        component="form"
        id={formId}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-label="Nouveau Paiement"
        sx={{ display: 'grid', gap: 2, pt: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        <Box sx={{ gridColumn: '1 / -1' }}>
          <FormSelectField control={control} name="type" label="Type de paiement" options={TYPE_OPTIONS} />
        </Box>
        {type === 'invoice_payment' ? (
          <Box sx={{ gridColumn: '1 / -1' }}>
            {invoicesQuery.error && !invoicesQuery.data ? (
              <ErrorState
                error={invoicesQuery.error}
                onRetry={() => void invoicesQuery.refetch()}
                title="Impossible de charger les factures"
              />
            ) : (
              <ControlledSelect
                control={control}
                name="invoiceId"
                label="Facture"
                placeholder={invoicesQuery.isFetching && !invoicesQuery.data ? 'Chargement...' : 'Sélectionner une facture'}
                options={invoiceOptions}
                onValueChange={chooseInvoice}
                helperText={invoicesQuery.isSuccess && invoices.length === 0 ? NO_PAYABLE_INVOICE : undefined}
              />
            )}
          </Box>
        ) : null}
        {type === 'loan_payment' ? (
          <Box sx={{ gridColumn: '1 / -1' }}>
            {loansQuery.error && !loansQuery.data ? (
              <ErrorState error={loansQuery.error} onRetry={() => void loansQuery.refetch()} title="Impossible de charger les emprunts" />
            ) : (
              <>
                <ControlledSelect
                  control={control}
                  name="loanPaymentId"
                  label="Échéance"
                  placeholder={loansQuery.isFetching && !loansQuery.data ? 'Chargement...' : 'Sélectionner une échéance'}
                  options={instalmentOptions}
                  onValueChange={chooseInstalment}
                />
                {loansQuery.isSuccess && instalments.length === 0 ? (
                  <Alert severity="info" sx={{ mt: 1 }}>
                    {NO_PENDING_INSTALMENT} : enregistrez d'abord un emprunt et son échéancier dans Emprunts.
                  </Alert>
                ) : null}
              </>
            )}
          </Box>
        ) : null}
        {type === 'expense' ? (
          <Box sx={{ gridColumn: '1 / -1' }}>
            <FormSelectField
              control={control}
              name="accountId"
              label="Compte de charge"
              placeholder={defaultExpense ? undefined : `${DEFAULT_EXPENSE_ACCOUNT} — Charges diverses (par défaut)`}
              options={accountOptions}
            />
          </Box>
        ) : null}
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
        <FormDateField control={control} name="date" label="Date" />
        <FormSelectField control={control} name="method" label="Mode de paiement" options={METHOD_OPTIONS} />
        <FormTextField control={control} name="reference" label="Référence" placeholder="Optionnelle" />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <FormTextField control={control} name="notes" label="Notes" multiline minRows={2} placeholder="Optionnelles" />
        </Box>
      </Box>
    </FormDialog>
  );
}
