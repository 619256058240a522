import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  INVOICE_TYPE_LABELS,
  INVOICE_TYPES,
  invoiceInputSchema,
  invoiceTotals,
  MESSAGES_INVOICE,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type InvoiceInput,
  type InvoiceType,
  type ThirdPartyRole,
  type VatCode,
} from '@xaalis/contracts';
import { money } from '@xaalis/domain';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  FormDateField,
  FormSelectField,
  FormTextField,
  schemaResolver,
  useEntityForm,
  useSession,
  FormPercentField,
} from '@xaalis/web-kit';
import { Fragment, useEffect, useEffectEvent, useMemo, useRef } from 'react';
import { useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { DocumentFormDialog, DocumentHeader, ListLoadError, SettingsHint } from '../../ui/DocumentDialog';
import { ThirdPartyField, useListThirdPartiesQuery } from '../third-parties';
import { useListInventoryQuery } from '../inventory';
import { useListVatCodesQuery, vatCodeChoiceLabel } from '../../api/vatCodes';
import { useCreateInvoiceMutation, useGetInvoiceQuery, useNextInvoiceNumberQuery, useUpdateInvoiceMutation } from './api';
import {
  defaultVatCode,
  formatExactMoney,
  formatRate,
  invoiceToFormValues,
  lineRate,
  liveInvoiceTotals,
  newInvoiceValues,
  type InvoiceFormValues,
  type InvoiceOutput,
} from './invoiceForm';
import { InvoiceLinesEditor } from './InvoiceLinesEditor';

/** Shown under the product list of a line in product mode with nothing chosen. */
export const PRODUCT_REQUIRED = 'Produit requis';
export const INVOICE_UPDATE_ERROR = 'Erreur lors de la modification de la facture';

const TYPE_OPTIONS = INVOICE_TYPES.map((value) => ({ value, label: INVOICE_TYPE_LABELS[value] }));
const METHOD_OPTIONS = PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }));
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const invoiceSchemaResolver = schemaResolver<InvoiceFormValues, InvoiceOutput>(invoiceInputSchema);

/** The contract's schema, plus: a line in 'existing product' mode needs its product. */
const resolver: Resolver<InvoiceFormValues, unknown, InvoiceOutput> = async (values, context, options) => {
  const result = await invoiceSchemaResolver(values, context, options);
  const missing = (values.lines ?? []).flatMap((line, i) => (line.useExistingProduct && !line.inventoryItemId ? [i] : []));
  if (missing.length === 0) return result;
  const errors = { ...(result.errors ?? {}) } as FieldErrors<InvoiceFormValues> & Record<string, unknown>;
  const lineErrors = Array.isArray(errors.lines) ? [...(errors.lines as Record<string, unknown>[])] : [];
  for (const i of missing) lineErrors[i] = { ...(lineErrors[i] ?? {}), inventoryItemId: { type: 'custom', message: PRODUCT_REQUIRED } };
  errors.lines = lineErrors;
  return { values: {}, errors };
};

const NO_CODES: readonly VatCode[] = [];

/**
 * The request body: the spec payload with the totals computed exactly as the server does, each
 * line at its own rate. Each line names its VAT code by id (a line on 'TVA par défaut', the code
 * of the invoice's rate); `vatDeductible` is false only for a purchase line marked 'Non déductible'.
 */
export function invoicePayload(values: InvoiceOutput, codes: readonly VatCode[] = NO_CODES): InvoiceInput {
  const vatRate = money(values.invoice.vatRate);
  const fallback = defaultVatCode(codes, vatRate)?.id;
  const lineCodes = values.lines.map((l) => l.vatRate || fallback);
  const totals = invoiceTotals(
    values.lines.map((l, i) => ({ quantity: l.quantity, unitPrice: l.unitPrice, vatRate: lineRate(lineCodes[i], codes, vatRate) })),
    vatRate,
  );
  const purchase = values.invoice.type === 'purchase';
  return {
    invoice: {
      type: values.invoice.type,
      number: values.invoice.number,
      thirdPartyId: values.invoice.thirdPartyId,
      date: values.invoice.date,
      dueDate: values.invoice.dueDate || null,
      paymentMethod: values.invoice.paymentMethod,
      vatRate,
      notes: values.invoice.notes?.trim() ? values.invoice.notes.trim() : null,
      subtotal: totals.subtotal,
      vatAmount: totals.vatAmount,
      total: totals.total,
    },
    lines: values.lines.map((l, i) => ({
      description: l.description,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      total: totals.lineTotals[i],
      accountId: l.accountId ?? null,
      inventoryItemId: l.useExistingProduct ? (l.inventoryItemId ?? null) : null,
      useExistingProduct: l.useExistingProduct,
      vatRate: lineCodes[i],
      vatDeductible: purchase ? l.vatDeductible : true,
    })),
  };
}

export interface InvoiceDialogProps {
  open: boolean;
  onClose: () => void;
  /** Edit this draft; create a new invoice when absent. */
  invoiceId?: string;
  /** The company (defaults to the signed-in user's). */
  companyId?: string | null;
}

/** 'Nouvelle Facture' / 'Modifier la facture {number}': header, lines (free entry or existing product), live totals. */
export function InvoiceDialog({ open, onClose, invoiceId, companyId: companyIdProp }: InvoiceDialogProps) {
  const companyId = useSessionCompany(companyIdProp);
  const editing = Boolean(invoiceId);

  // Whether the company has any stock item: one record and the count, each line searches the rest.
  const inventoryQuery = useListInventoryQuery(open && companyId ? { companyId, pageSize: 1 } : skipToken);
  const vatCodesQuery = useListVatCodesQuery(open && companyId ? companyId : skipToken);
  const codes = vatCodesQuery.data ?? NO_CODES;
  const invoiceQuery = useGetInvoiceQuery(open && invoiceId ? invoiceId : skipToken, { refetchOnMountOrArgChange: true });
  const [createInvoice] = useCreateInvoiceMutation();
  const [updateInvoice] = useUpdateInvoiceMutation();
  const loaded = invoiceQuery.data && invoiceQuery.data.id === invoiceId ? invoiceQuery.data : undefined;

  // The number proposed by the server, kept in step with the type and date until typed over.
  const autoNumber = useRef('');
  // The side (client or supplier) of the form's type as last shown, set again by each reset.
  const shownRole = useRef<ThirdPartyRole>('client');
  const form = useEntityForm<InvoiceFormValues, InvoiceOutput>({
    open,
    onClose,
    resolver,
    defaultValues: () => (editing && loaded ? invoiceToFormValues(loaded) : newInvoiceValues()),
    // The draft fills the form once per opening: a later refetch does not overwrite what is being typed.
    resetKey: editing ? loaded?.id : null,
    onReset: (values) => {
      autoNumber.current = '';
      shownRole.current = roleOf(values.invoice.type);
    },
    companyId,
    save: (values, id) => {
      const body = invoicePayload(values, codes);
      return invoiceId ? updateInvoice({ id: invoiceId, body }).unwrap() : createInvoice({ companyId: id, body }).unwrap();
    },
    success: ['Succès', invoiceId ? MESSAGES_INVOICE.updated : MESSAGES_INVOICE.created],
    failure: invoiceId ? INVOICE_UPDATE_ERROR : MESSAGES_INVOICE.createError,
    serverErrors: { 409: { field: 'invoice.number', message: MESSAGES_INVOICE.duplicateNumber } },
  });
  const { control, setValue, getValues, formState } = form;
  const { isSubmitted } = formState;

  const type = useWatch({ control, name: 'invoice.type' });
  const date = useWatch({ control, name: 'invoice.date' });
  const vatRate = useWatch({ control, name: 'invoice.vatRate' });
  const thirdPartyId = useWatch({ control, name: 'invoice.thirdPartyId' });
  const lines = useWatch({ control, name: 'lines' });
  const totals = useMemo(() => liveInvoiceTotals(lines, vatRate, codes), [lines, vatRate, codes]);
  // Each line's 'TVA': the invoice's rate, or one of the company's codes.
  const vatOptions = useMemo(
    () => [
      { value: '', label: `Par défaut (${formatRate(vatRate)})` },
      ...codes.map((c) => ({ value: c.id, label: vatCodeChoiceLabel(c) })),
    ],
    [codes, vatRate],
  );

  const nextNumber = useNextInvoiceNumberQuery(
    open && !editing && companyId && DATE.test(date ?? '') ? { companyId, type: type || 'sale', date } : skipToken,
    { refetchOnMountOrArgChange: true },
  );
  // An effect event: a submit alone (isSubmitted) proposes nothing, a new proposal does.
  const propose = useEffectEvent((proposed: string) => {
    const current = getValues('invoice.number');
    if (current === '' || current === autoNumber.current) {
      autoNumber.current = proposed;
      setValue('invoice.number', proposed, { shouldValidate: isSubmitted });
    }
  });
  useEffect(() => {
    const proposed = nextNumber.data?.number;
    if (proposed && !editing) propose(proposed);
  }, [nextNumber.data, editing]);

  const role = roleOf(type);
  // Whether the company has any client (or supplier): one record and the count, the field searches the rest.
  const thirdPartiesQuery = useListThirdPartiesQuery(open && companyId ? { companyId, role, pageSize: 1 } : skipToken);

  // A change between a customer and a purchase invoice leaves a party of the other side behind: it is cleared.
  useEffect(() => {
    if (shownRole.current === role) return;
    shownRole.current = role;
    if (getValues('invoice.thirdPartyId')) setValue('invoice.thirdPartyId', '');
  }, [role, getValues, setValue]);

  const noProduct = inventoryQuery.isSuccess && inventoryQuery.data.counters.total === 0;

  const isClientSide = type !== 'purchase';
  const partyLabel = isClientSide ? 'Client' : 'Fournisseur';
  const partiesEmpty = thirdPartiesQuery.isSuccess && thirdPartiesQuery.data.totalItems === 0;
  const notDraft = editing && loaded && loaded.status !== 'draft';
  const title = editing ? `Modifier la facture ${loaded?.number ?? ''}`.trim() : 'Nouvelle Facture';

  return (
    <DocumentFormDialog
      form={form}
      title={title}
      submitLabel={editing ? 'Enregistrer les modifications' : 'Créer la facture'}
      submitDisabled={editing && (!loaded || Boolean(notDraft))}
      record={editing ? { query: invoiceQuery, loaded: Boolean(loaded), failure: 'Impossible de charger la facture' } : undefined}
      lines={
        <InvoiceLinesEditor
          form={form}
          companyId={open ? companyId : null}
          noProduct={noProduct}
          lineTotals={totals.lineTotals}
          vatOptions={vatOptions}
          purchase={type === 'purchase'}
        />
      }
      totalsLayout={{ display: 'grid', gap: 0.5, justifyContent: 'end', gridTemplateColumns: 'auto auto', columnGap: 4 }}
      totals={
        <>
          <Typography variant="body2">Sous-total</Typography>
          <Typography variant="body2" align="right" data-testid="invoice-subtotal" sx={{ whiteSpace: 'nowrap' }}>
            {formatExactMoney(totals.subtotal)}
          </Typography>
          {totals.byRate.map((r) => (
            <Fragment key={r.rate}>
              <Typography variant="body2">{`TVA ${formatRate(r.rate)}`}</Typography>
              <Typography
                variant="body2"
                align="right"
                data-testid={totals.byRate.length === 1 ? 'invoice-vat' : `invoice-vat-${r.rate}`}
                sx={{ whiteSpace: 'nowrap' }}
              >
                {formatExactMoney(r.vat)}
              </Typography>
            </Fragment>
          ))}
          {totals.byRate.length > 1 ? (
            <>
              <Typography variant="body2">Total TVA</Typography>
              <Typography variant="body2" align="right" data-testid="invoice-vat" sx={{ whiteSpace: 'nowrap' }}>
                {formatExactMoney(totals.vatAmount)}
              </Typography>
            </>
          ) : null}
          <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
            Total
          </Typography>
          <Typography variant="subtitle1" align="right" data-testid="invoice-total" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
            {formatExactMoney(totals.total)}
          </Typography>
        </>
      }
    >
      {notDraft ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {MESSAGES_INVOICE.notDraft}
        </Alert>
      ) : null}
      {partiesEmpty ? (
        <SettingsHint severity="info" to="/parametres?tab=third-parties" link="Créer un tiers dans Paramètres" onClose={onClose}>
          {isClientSide ? 'Aucun client enregistré.' : 'Aucun fournisseur enregistré.'}
        </SettingsHint>
      ) : null}
      <ListLoadError query={thirdPartiesQuery} title="Impossible de charger les tiers" />
      <ListLoadError query={vatCodesQuery} title="Impossible de charger les codes TVA" />
      <DocumentHeader mdColumns="repeat(4, 1fr)">
        <FormSelectField control={control} name="invoice.type" label="Type" options={TYPE_OPTIONS} />
        <FormTextField
          control={control}
          name="invoice.number"
          label="Numéro"
          helperText={!editing && nextNumber.isFetching ? 'Numéro proposé en cours de calcul...' : undefined}
        />
        <Box sx={{ gridColumn: { md: 'span 2' } }}>
          <ThirdPartyField
            control={control}
            name="invoice.thirdPartyId"
            label={partyLabel}
            placeholder={isClientSide ? 'Sélectionner un client' : 'Sélectionner un fournisseur'}
            side={role}
            companyId={open ? companyId : null}
            value={thirdPartyId ?? ''}
          />
        </Box>
        <FormDateField control={control} name="invoice.date" label="Date" />
        <FormDateField control={control} name="invoice.dueDate" label="Date d'échéance" helperText="Optionnelle" />
        <FormSelectField control={control} name="invoice.paymentMethod" label="Mode de paiement" options={METHOD_OPTIONS} />
        <FormPercentField
          control={control}
          name="invoice.vatRate"
          label="TVA par défaut (%)"
          helperText="Celle des lignes sans autre taux"
        />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <FormTextField control={control} name="invoice.notes" label="Notes" multiline minRows={2} />
        </Box>
      </DocumentHeader>
    </DocumentFormDialog>
  );
}

/** The side of an invoice type's third party: a supplier for a purchase, else a client. */
const roleOf = (type: InvoiceType | '' | undefined): ThirdPartyRole => (type === 'purchase' ? 'supplier' : 'client');

/** The company of the dialog: the one given, else the signed-in user's. */
function useSessionCompany(companyId: string | null | undefined): string | null {
  const { companyId: sessionCompany } = useSession();
  return companyId ?? sessionCompany;
}
