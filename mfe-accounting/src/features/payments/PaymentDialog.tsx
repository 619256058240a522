import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_EXPENSE_ACCOUNT,
  isCustomerInvoice,
  isPayableInstalment,
  MESSAGES_PAYMENT,
  MONEY_PATTERN,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_TYPES,
  paymentInputSchema,
  type Invoice,
  type PaymentMethod,
  type PaymentType,
} from '@xaalis/contracts';
import { dec, isPositive, money } from '@xaalis/domain';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  ControlledSelect,
  EntityFormDialog,
  ErrorState,
  formatDate,
  FormDateField,
  formatMoney,
  formatPercent,
  FormSelectField,
  FormMoneyField,
  FormTextField,
  FullRow,
  todayIso,
  FormServerAutocomplete,
  useEntityForm,
  useServerOptions,
  useSession,
  defaultTreasuryAccount,
  isApiError,
  type EntityForm,
  TreasuryAccountField,
  useListTreasuryAccountsQuery,
} from '@xaalis/web-kit';
import { useEffect, useMemo, useRef } from 'react';
import { useWatch, type UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { AccountField, useListAccountsQuery } from '../accounts';
import { useListThirdPartiesQuery } from '../third-parties';
import { useListInvoicesQuery, type InvoiceListArgs } from '../../api/invoiceList';
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
export const VAT_WITHHELD_HELP = 'Part du montant retenue par le client au titre de la TVA (précompte)';
export const WITHHOLDING_HELP = 'Vide : le taux du fournisseur s’applique ; 0 : aucune retenue';

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
  /** The treasury account it goes through (the method is the fallback when the accounts cannot be read). */
  treasuryAccountId: string;
  reference: string;
  notes: string;
  /** Customer invoice payments: the VAT the client withheld ('' = none). */
  vatWithheld: string;
  /** Supplier invoice payments: the tax withheld at source ('' = the supplier's rate, '0' = none). */
  withholding: string;
}

/** Whose invoice a payment settles: a client's (it may withhold VAT) or a supplier's (tax may be withheld at source). */
type PaidInvoiceKind = 'customer' | 'supplier';

/** The fields a 400's issues are shown under (the server names them by path). */
const ISSUE_FIELDS = ['amount', 'date', 'vatWithheld', 'withholding'] as const;

/** Puts the messages of a 400's issues under the fields they name. */
function showIssues(error: unknown, setError: UseFormSetError<PaymentFormValues>) {
  if (!isApiError(error) || error.status !== 400 || !error.data || typeof error.data !== 'object') return;
  const issues = (error.data as { issues?: unknown }).issues;
  if (!Array.isArray(issues)) return;
  for (const issue of issues as { path?: unknown; message?: unknown }[]) {
    const field = ISSUE_FIELDS.find((f) => f === issue.path);
    if (field && typeof issue.message === 'string') setError(field, { type: 'server', message: issue.message });
  }
}

/** A positive amount as typed in a money field, or null. */
function positiveAmount(value: string | undefined): string | null {
  const text = (value ?? '').trim();
  return MONEY_PATTERN.test(text) && isPositive(text) ? money(text) : null;
}

/** An amount as the amount field shows it ("150000.00"); '' when unreadable. */
function amountText(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  return MONEY_PATTERN.test(text) && !text.startsWith('-') ? money(text) : '';
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
    treasuryAccountId: '',
    reference: '',
    notes: '',
    vatWithheld: '',
    withholding: '',
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
  const session = useSession();
  const companyId = companyIdProp ?? session.companyId;
  const [createPayment] = useCreatePaymentMutation();
  // The treasury accounts: chosen by account when they load, by method (their kind's default account) otherwise.
  const treasuryAccounts = useListTreasuryAccountsQuery(open && companyId ? companyId : skipToken).data?.items;
  const byAccount = Boolean(treasuryAccounts?.length);

  // Typed: its save puts the server's field messages on the form itself.
  const form: EntityForm<PaymentFormValues, PaymentOutput> = useEntityForm<PaymentFormValues, PaymentOutput>({
    open,
    onClose,
    schema: paymentInputSchema,
    prepare: (values) => ({
      ...values,
      companyId: companyId ?? '',
      invoiceId: values.type === 'invoice_payment' ? values.invoiceId || null : null,
      loanPaymentId: values.type === 'loan_payment' ? values.loanPaymentId || null : null,
      accountId: values.type === 'expense' ? values.accountId || null : null,
      method: byAccount && values.treasuryAccountId ? undefined : values.method,
      treasuryAccountId: byAccount ? values.treasuryAccountId || null : undefined,
      reference: values.reference?.trim() ? values.reference.trim() : null,
      notes: values.notes?.trim() ? values.notes.trim() : null,
      // Only for the invoice they apply to ('' leaves them out: the schema reads it as absent).
      vatWithheld: kind === 'customer' ? values.vatWithheld : undefined,
      withholding: kind === 'supplier' ? values.withholding : undefined,
    }),
    // Each opening starts from the defaults given (type, invoice or instalment, amount):
    // their values count, not the identity of an object the caller may rebuild at each render.
    defaultValues: () => initialValues(defaults),
    resetKey: [defaults?.type, defaults?.invoiceId, defaults?.loanPaymentId, defaults?.amount].join('|'),
    companyId,
    check: (values, { setError }) => {
      // The server refuses it too; the dialog knows the invoice's date, so it says so at once.
      const invoice = values.type === 'invoice_payment' && chosenInvoice?.id === values.invoiceId ? chosenInvoice : undefined;
      if (!invoice || values.date >= invoice.date) return true;
      setError('date', { type: 'validate', message: MESSAGES_PAYMENT.dateBeforeInvoice }, { shouldFocus: true });
      return false;
    },
    save: async (values, id) => {
      try {
        return await createPayment({
          type: values.type,
          invoiceId: values.type === 'invoice_payment' ? (values.invoiceId ?? null) : null,
          loanPaymentId: values.type === 'loan_payment' ? (values.loanPaymentId ?? null) : null,
          amount: values.amount,
          date: values.date,
          method: values.method,
          treasuryAccountId: values.treasuryAccountId ?? undefined,
          reference: values.reference ?? null,
          notes: values.notes ?? null,
          companyId: id,
          accountId: values.type === 'expense' ? (values.accountId ?? null) : null,
          ...(values.vatWithheld !== undefined ? { vatWithheld: values.vatWithheld } : {}),
          ...(values.withholding !== undefined ? { withholding: values.withholding } : {}),
        }).unwrap();
      } catch (error) {
        // The toast says it; the field it is about says it too.
        showIssues(error, form.setError);
        throw error;
      }
    },
    success: ['Succès', MESSAGES_PAYMENT.created],
    failure: MESSAGES_PAYMENT.createError,
  });
  const { control, setValue, getValues } = form;

  const type = useWatch({ control, name: 'type' });
  const invoiceId = useWatch({ control, name: 'invoiceId' });
  const accountId = useWatch({ control, name: 'accountId' });
  // The payable invoices, searched on the server (number, client or supplier) as the user types.
  const invoices = useServerOptions<Invoice, InvoiceListArgs>(
    useListInvoicesQuery,
    open && companyId && type === 'invoice_payment' ? (filter) => ({ companyId, payable: true, ...filter }) : null,
    invoiceId,
  );
  const chosenInvoice = invoices.selected;
  const paidInvoice = type === 'invoice_payment' && chosenInvoice?.id === invoiceId ? chosenInvoice : undefined;
  const kind: PaidInvoiceKind | null = paidInvoice ? (isCustomerInvoice(paidInvoice.type) ? 'customer' : 'supplier') : null;
  // The supplier's withholding rate, to suggest the withholding (one third party, read by id).
  const supplierId = kind === 'supplier' ? paidInvoice?.thirdPartyId : undefined;
  const supplierQuery = useListThirdPartiesQuery(open && companyId && supplierId ? { companyId, id: supplierId, pageSize: 1 } : skipToken);
  const supplierRate = (supplierId && supplierQuery.data?.items.find((t) => t.id === supplierId)?.withholdingRate) || null;
  const amount = useWatch({ control, name: 'amount' });
  const withholding = useWatch({ control, name: 'withholding' });
  const paid = positiveAmount(amount);
  const suggested = supplierRate && paid ? money(dec(paid).times(supplierRate).dividedBy(100)) : '';
  // The suggestion follows the amount, the invoice and the rate until the user types another withholding.
  const lastSuggested = useRef('');
  useEffect(() => {
    if (kind !== 'supplier') return;
    const current = getValues('withholding');
    if (current === '' || current === lastSuggested.current) setValue('withholding', suggested);
    lastSuggested.current = suggested;
  }, [kind, invoiceId, suggested, open, getValues, setValue]);
  const withheld = kind === 'supplier' ? positiveAmount(withholding) : null;
  const net = paid && withheld ? money(dec(paid).minus(withheld)) : null;
  const loansQuery = useListPaymentLoansQuery(open && companyId && type === 'loan_payment' ? companyId : skipToken, {
    refetchOnMountOrArgChange: true,
  });
  // Account 658 when the chart has it: the expense's default.
  const defaultExpenseQuery = useListAccountsQuery(
    open && companyId && type === 'expense' ? { companyId, prefix: DEFAULT_EXPENSE_ACCOUNT, active: 'true', pageSize: 1 } : skipToken,
  );
  const defaultExpense = defaultExpenseQuery.data?.items.find((a) => a.code === DEFAULT_EXPENSE_ACCOUNT);

  const instalments = useMemo(() => pendingInstalments(loansQuery.data), [loansQuery.data]);
  const instalmentOptions = useMemo(
    () => instalments.map(({ loan, instalment }) => ({ value: instalment.id, label: instalmentLabel(loan, instalment) })),
    [instalments],
  );
  // The payment starts on the default bank account once the accounts are read.
  const startAccount = treasuryAccounts ? defaultTreasuryAccount(treasuryAccounts) : undefined;
  useEffect(() => {
    if (startAccount && !getValues('treasuryAccountId')) setValue('treasuryAccountId', startAccount.id);
  }, [startAccount, getValues, setValue]);
  // An expense starts on account 658 when the chart has it.
  useEffect(() => {
    if (type === 'expense' && defaultExpense && !getValues('accountId')) setValue('accountId', defaultExpense.id);
  }, [type, defaultExpense, getValues, setValue]);

  const chooseInvoice = (id: string, invoice: Invoice | null) => {
    setValue('invoiceId', id, { shouldDirty: true, shouldValidate: true });
    // Another invoice: what was withheld on the last one does not carry over.
    setValue('vatWithheld', '');
    setValue('withholding', '');
    if (invoice) setValue('amount', amountText(invoice.balanceDue), { shouldDirty: true, shouldValidate: true });
  };
  const chooseInstalment = (id: string) => {
    setValue('loanPaymentId', id, { shouldDirty: true, shouldValidate: true });
    const found = instalments.find(({ instalment }) => instalment.id === id);
    if (found) setValue('amount', amountText(found.instalment.totalAmount), { shouldDirty: true, shouldValidate: true });
  };

  return (
    <EntityFormDialog form={form} title="Nouveau Paiement" submitLabel="Enregistrer le paiement">
      <FullRow>
        <FormSelectField control={control} name="type" label="Type de paiement" options={TYPE_OPTIONS} />
      </FullRow>
      {type === 'invoice_payment' ? (
        <FullRow>
          <FormServerAutocomplete<Invoice, PaymentFormValues, PaymentOutput>
            control={control}
            name="invoiceId"
            label="Facture"
            placeholder="Sélectionner une facture"
            options={invoices}
            optionLabel={payableInvoiceLabel}
            onValueChange={chooseInvoice}
            helperText={
              invoices.failed
                ? 'Impossible de charger les factures'
                : !invoices.loading && !invoices.search && invoices.items.length === 0 && !invoiceId
                  ? NO_PAYABLE_INVOICE
                  : undefined
            }
          />
        </FullRow>
      ) : null}
      {type === 'loan_payment' ? (
        <FullRow>
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
        </FullRow>
      ) : null}
      {type === 'expense' ? (
        <FullRow>
          <AccountField
            control={control}
            name="accountId"
            label="Compte de charge ou d'impôt"
            placeholder={`${DEFAULT_EXPENSE_ACCOUNT} — Charges diverses (par défaut)`}
            companyId={open ? companyId : null}
            filter={{ prefix: '6,43,44', active: 'true' }}
            value={accountId}
          />
        </FullRow>
      ) : null}
      <FormMoneyField control={control} name="amount" label="Montant" />
      <FormDateField control={control} name="date" label="Date" />
      {kind === 'customer' ? (
        <FullRow>
          <FormMoneyField control={control} name="vatWithheld" label="TVA retenue par le client" helperText={VAT_WITHHELD_HELP} />
        </FullRow>
      ) : null}
      {kind === 'supplier' ? (
        <FullRow>
          <FormMoneyField
            control={control}
            name="withholding"
            label="Retenue à la source"
            helperText={supplierRate ? `Taux du fournisseur : ${formatPercent(supplierRate)}. ${WITHHOLDING_HELP}` : WITHHOLDING_HELP}
          />
          {net ? (
            <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600 }} data-testid="payment-net">
              {`Net versé : ${formatMoney(net)}`}
            </Typography>
          ) : null}
        </FullRow>
      ) : null}
      {byAccount && treasuryAccounts ? (
        <TreasuryAccountField control={control} name="treasuryAccountId" accounts={treasuryAccounts} />
      ) : (
        <FormSelectField control={control} name="method" label="Mode de paiement" options={METHOD_OPTIONS} />
      )}
      <FormTextField control={control} name="reference" label="Référence" placeholder="Optionnelle" />
      <FullRow>
        <FormTextField control={control} name="notes" label="Notes" multiline minRows={2} placeholder="Optionnelles" />
      </FullRow>
    </EntityFormDialog>
  );
}
