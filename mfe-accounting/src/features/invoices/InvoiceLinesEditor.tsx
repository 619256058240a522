import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { MONEY_PATTERN, type InventoryItem } from '@xaalis/contracts';
import type { SelectOption } from '@xaalis/web-kit';
import { money } from '@xaalis/domain';
import { memo } from 'react';
import { Controller, useWatch, type Control, type FieldErrors, type UseFormReturn, type UseFormSetValue } from 'react-hook-form';
import { InventoryItemField } from '../inventory';
import { DocumentLines, LineRow, LineTextField, RemoveLineButton } from '../../ui/LineEditor';
import { emptyInvoiceLine, formatExactMoney, type InvoiceFormValues, type InvoiceOutput } from './invoiceForm';

/** At least one line remains (specification §2). */
export const MIN_INVOICE_LINES = 1;

/** Shown in place of the product list when the company has no stock item. */
export const NO_PRODUCT_HINT = 'Aucun article en stock : créez-en dans Gestion des Stocks';

const quantityInput = { min: 0, step: 0.001, inputMode: 'decimal' as const };
const priceInput = { min: 0, step: 0.01, inputMode: 'decimal' as const };
const SELECT_SLOTS = { select: { native: true }, inputLabel: { shrink: true } };

/** A unit cost as a two-decimal price ("1500.00"); '' when unreadable. */
function priceOf(item: InventoryItem): string {
  const cost = (item.unitCost ?? '').trim();
  return MONEY_PATTERN.test(cost) && !cost.startsWith('-') ? money(cost) : '';
}

type LineErrors = FieldErrors<InvoiceFormValues>['lines'];

interface LineProps {
  index: number;
  control: Control<InvoiceFormValues, unknown, InvoiceOutput>;
  setValue: UseFormSetValue<InvoiceFormValues>;
  companyId: string | null;
  noProduct: boolean;
  total: string;
  /** The line's 'TVA' choices: the invoice's rate, then the company's VAT codes. */
  vatOptions: readonly SelectOption[];
  /** A purchase: the line's VAT may be marked 'Non déductible'. */
  purchase: boolean;
  canRemove: boolean;
  onRemove: (index: number) => void;
  revalidate: boolean;
  errors: LineErrors;
}

const InvoiceLine = memo(function InvoiceLine({
  index,
  control,
  setValue,
  companyId,
  noProduct,
  total,
  vatOptions,
  purchase,
  canRemove,
  onRemove,
  revalidate,
  errors,
}: LineProps) {
  const n = index + 1;
  const useProduct = useWatch({ control, name: `lines.${index}.useExistingProduct` });
  const lineErrors = errors?.[index];
  const productId = useWatch({ control, name: `lines.${index}.inventoryItemId` });
  const options = { shouldValidate: revalidate, shouldDirty: true };

  const switchMode = (toProduct: boolean) => {
    setValue(`lines.${index}.useExistingProduct`, toProduct, options);
    if (toProduct) {
      // Existing product: description, price and product start empty.
      setValue(`lines.${index}.description`, '', options);
      setValue(`lines.${index}.unitPrice`, '', options);
      setValue(`lines.${index}.inventoryItemId`, '', options);
    } else {
      // Back to free entry: the product is cleared, the text and price are kept.
      setValue(`lines.${index}.inventoryItemId`, '', options);
    }
  };

  const chooseProduct = (id: string, product: InventoryItem | null) => {
    setValue(`lines.${index}.inventoryItemId`, id, options);
    setValue(`lines.${index}.description`, product?.name ?? '', options);
    setValue(`lines.${index}.unitPrice`, product ? priceOf(product) : '', options);
  };

  return (
    <LineRow
      n={n}
      mdColumns="minmax(150px, 1.2fr) minmax(180px, 2fr) minmax(200px, 3fr) minmax(100px, 1fr) minmax(120px, 1.3fr) minmax(120px, 1.1fr) minmax(120px, 1.3fr) auto"
    >
      <Controller
        control={control}
        name={`lines.${index}.useExistingProduct`}
        render={({ field }) => (
          <FormControlLabel
            sx={{ mt: 0.5, mr: 0 }}
            label="Produit existant"
            control={
              <Switch
                checked={field.value}
                onChange={(event) => switchMode(event.target.checked)}
                slotProps={{ input: { ref: field.ref, 'aria-label': `Produit existant ligne ${n}` } }}
              />
            }
          />
        )}
      />
      <Box sx={{ gridColumn: { xs: '2', md: 'auto' } }}>
        {useProduct ? (
          <InventoryItemField
            control={control}
            name={`lines.${index}.inventoryItemId`}
            id={`line-${index}-product`}
            label="Produit"
            placeholder="Sélectionner un produit"
            ariaLabel={`Produit ligne ${n}`}
            size="small"
            companyId={companyId}
            value={productId ?? ''}
            onValueChange={chooseProduct}
            helperText={lineErrors?.inventoryItemId?.message ?? (noProduct ? NO_PRODUCT_HINT : undefined)}
          />
        ) : null}
      </Box>
      <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}>
        <LineTextField
          control={control}
          name={`lines.${index}.description`}
          label="Description"
          n={n}
          fullWidth
          htmlInput={{ maxLength: 255 }}
        />
      </Box>
      <LineTextField control={control} name={`lines.${index}.quantity`} label="Quantité" n={n} type="number" htmlInput={quantityInput} />
      <LineTextField
        control={control}
        name={`lines.${index}.unitPrice`}
        label="Prix unitaire"
        n={n}
        type="number"
        helperText={useProduct ? 'Coût de l’article' : undefined}
        slotProps={{ input: { readOnly: useProduct } }}
        htmlInput={{ ...priceInput, readOnly: useProduct }}
        sx={useProduct ? { '& .MuiInputBase-root': { bgcolor: 'action.hover' } } : undefined}
      />
      <Box>
        <LineTextField control={control} name={`lines.${index}.vatRate`} label="TVA" n={n} select fullWidth slotProps={SELECT_SLOTS}>
          {vatOptions.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </LineTextField>
        {purchase ? (
          <Controller
            control={control}
            name={`lines.${index}.vatDeductible`}
            render={({ field }) => (
              <FormControlLabel
                sx={{ mr: 0 }}
                label="Non déductible"
                slotProps={{ typography: { variant: 'body2' } }}
                control={
                  <Checkbox
                    size="small"
                    checked={!field.value}
                    onChange={(event) => field.onChange(!event.target.checked)}
                    slotProps={{ input: { ref: field.ref, 'aria-label': `Non déductible ligne ${n}` } }}
                  />
                }
              />
            )}
          />
        ) : null}
      </Box>
      <TextField
        label="Total"
        size="small"
        value={formatExactMoney(total)}
        slotProps={{ input: { readOnly: true }, htmlInput: { 'aria-label': `Total ligne ${n}`, tabIndex: -1 } }}
        sx={{ '& input': { textAlign: 'right', fontWeight: 600 } }}
      />
      <RemoveLineButton n={n} canRemove={canRemove} keepReason="Une facture compte au moins une ligne" onRemove={() => onRemove(index)} />
    </LineRow>
  );
});

export interface InvoiceLinesEditorProps {
  form: UseFormReturn<InvoiceFormValues, unknown, InvoiceOutput>;
  /** The company whose stock the product lines search. */
  companyId: string | null;
  /** The company has no stock item (the product field says so). */
  noProduct: boolean;
  /** Line totals, in line order (two-decimal strings). */
  lineTotals: string[];
  /** Each line's 'TVA' choices. */
  vatOptions: readonly SelectOption[];
  /** A purchase invoice: each line has 'Non déductible'. */
  purchase: boolean;
}

/** The lines of an invoice: free entry or existing product, quantity, unit price, VAT, total; add, and remove (never the last). */
export function InvoiceLinesEditor({ form, companyId, noProduct, lineTotals, vatOptions, purchase }: InvoiceLinesEditorProps) {
  const { formState } = form;
  return (
    <DocumentLines
      form={form}
      min={MIN_INVOICE_LINES}
      title="Lignes de facture"
      newLine={emptyInvoiceLine}
      renderLine={(slot) => (
        <InvoiceLine
          {...slot}
          companyId={companyId}
          noProduct={noProduct}
          total={lineTotals[slot.index] ?? '0.00'}
          vatOptions={vatOptions}
          purchase={purchase}
          // After a first submit, changes made by the line's buttons re-validate the fields.
          revalidate={formState.isSubmitted}
          errors={formState.errors.lines}
        />
      )}
    />
  );
}
