import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  finishedProductInputSchema,
  MESSAGES_PRODUCTION,
  type FinishedProduct,
  type FinishedProductValues,
  type ProductionCategory,
  type ProductionUnit,
  type RawMaterial,
} from '@xaalis/contracts';
import {
  AddIcon,
  DeleteIcon,
  formatMoney,
  EntityFormDialog,
  FormSelectField,
  FormTextField,
  RowAction,
  useEntityForm,
  recordValues,
} from '@xaalis/web-kit';
import { useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useCreateFinishedProductMutation, useUpdateFinishedProductMutation } from './api';
import { bomCost } from './bom';
import { RawMaterialField } from './fields';
import { unitLabel } from './format';
import { CATEGORY_OPTIONS, MONEY_INPUT, QUANTITY_INPUT, UNIT_OPTIONS } from './options';

export interface BomFormLine {
  rawMaterialId: string;
  quantity: string;
}

export interface FinishedProductFormValues {
  name: string;
  reference: string;
  category: ProductionCategory | '';
  unit: ProductionUnit | '';
  currentStock: string;
  minStock: string;
  sellingPrice: string;
  productionCost: string;
  billOfMaterials: BomFormLine[];
}

const emptyLine = (): BomFormLine => ({ rawMaterialId: '', quantity: '' });

/** Empty for a new product (one empty BOM line when materials exist), the product's own values (and BOM) for an edit. */
export function finishedProductFormValues(product?: FinishedProduct | null, startWithLine = true): FinishedProductFormValues {
  const defaults: Omit<FinishedProductFormValues, 'billOfMaterials'> = {
    name: '',
    reference: '',
    category: 'finished',
    unit: 'pcs',
    currentStock: '0.000',
    minStock: '0.000',
    sellingPrice: '',
    productionCost: '',
  };
  return {
    ...recordValues(defaults, product),
    billOfMaterials: product
      ? product.billOfMaterials.map((line) => ({ rawMaterialId: line.rawMaterialId, quantity: line.quantity }))
      : startWithLine
        ? [emptyLine()]
        : [],
  };
}

export interface FinishedProductDialogProps {
  open: boolean;
  onClose: () => void;
  companyId: string | null;
  /** Whether the company has raw materials (the BOM's choice, searched on the server, is empty otherwise). */
  materialsAvailable: boolean;
  /** The product being edited; null: a new one. */
  product?: FinishedProduct | null;
}

/**
 * 'Nouveau produit fini' / 'Modifier le produit fini': the product and its bill
 * of materials (raw material, quantity per unit produced), which completing an
 * order takes out of stock. On an edit the BOM is replaced as a whole.
 */
/** What a BOM line shows of its material: the unit and the cost of the estimate. */
type BomMaterial = Pick<RawMaterial, 'id' | 'name' | 'unit' | 'unitCost'>;

export function FinishedProductDialog({ open, onClose, companyId, materialsAvailable, product }: FinishedProductDialogProps) {
  const editing = Boolean(product);
  const title = editing ? 'Modifier le produit fini' : 'Nouveau produit fini';
  const [create] = useCreateFinishedProductMutation();
  const [update] = useUpdateFinishedProductMutation();
  const form = useEntityForm<FinishedProductFormValues, FinishedProductValues>({
    open,
    onClose,
    schema: finishedProductInputSchema,
    defaultValues: () => finishedProductFormValues(product, materialsAvailable),
    resetKey: product,
    companyId,
    save: (values, id) =>
      // Stock and cost are kept by the server (orders move them); the BOM is replaced.
      (product
        ? update({ companyId: id, id: product.id, body: { ...values, currentStock: undefined, productionCost: undefined } })
        : create({ companyId: id, body: values })
      ).unwrap(),
    success: product ? MESSAGES_PRODUCTION.finishedProductUpdated : MESSAGES_PRODUCTION.finishedProductCreated,
    failure: editing ? MESSAGES_PRODUCTION.finishedProductUpdateError : MESSAGES_PRODUCTION.finishedProductCreateError,
    serverErrors: { 409: { field: 'reference', message: MESSAGES_PRODUCTION.duplicateReference } },
  });
  const {
    control,
    setValue,
    formState: { errors },
  } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'billOfMaterials' });
  const lines = useWatch({ control, name: 'billOfMaterials' });

  // The materials the lines hold: the edited product's (its BOM carries them), then each one chosen here.
  const [known, setKnown] = useState<ReadonlyMap<string, BomMaterial>>(
    () => new Map((product?.billOfMaterials ?? []).map((line) => [line.rawMaterialId, line.rawMaterial])),
  );
  const byId = known;
  const estimate = bomCost((lines ?? []).map((l) => ({ quantity: l.quantity ?? '', unitCost: byId.get(l.rawMaterialId)?.unitCost })));
  const bomError = errors.billOfMaterials?.root?.message ?? errors.billOfMaterials?.message;

  return (
    <EntityFormDialog
      form={form}
      title={title}
      submitLabel={editing ? 'Enregistrer' : 'Créer le produit'}
      maxWidth="md"
      dividers
      columns={false}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormTextField control={control} name="name" label="Nom" required autoFocus />
        <FormTextField control={control} name="reference" label="Référence" />
        <FormSelectField control={control} name="category" label="Catégorie" options={CATEGORY_OPTIONS} />
        <FormSelectField control={control} name="unit" label="Unité" required options={UNIT_OPTIONS} />
        <FormTextField control={control} name="sellingPrice" label="Prix de vente" type="number" inputProps={MONEY_INPUT} />
        <FormTextField control={control} name="minStock" label="Stock minimum" type="number" inputProps={QUANTITY_INPUT} />
        {editing ? null : (
          <>
            <FormTextField control={control} name="currentStock" label="Stock initial" type="number" inputProps={QUANTITY_INPUT} />
            <FormTextField
              control={control}
              name="productionCost"
              label="Coût du stock initial (par unité)"
              type="number"
              inputProps={MONEY_INPUT}
            />
          </>
        )}
      </Box>

      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 3 }}>
        <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          Nomenclature (par unité produite)
        </Typography>
        {!materialsAvailable ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            Ajoutez d&apos;abord des matières premières pour composer la nomenclature.
          </Alert>
        ) : null}
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          {fields.map((field, index) => {
            const n = index + 1;
            const material = byId.get(lines?.[index]?.rawMaterialId ?? '');
            return (
              <Box
                key={field.id}
                role="group"
                aria-label={`Ligne ${n} de la nomenclature`}
                sx={{ display: 'grid', gap: 1, alignItems: 'start', gridTemplateColumns: { xs: '1fr auto', sm: '3fr 2fr auto' } }}
              >
                <RawMaterialField
                  companyId={open ? companyId : null}
                  value={lines?.[index]?.rawMaterialId ?? ''}
                  control={control}
                  name={`billOfMaterials.${index}.rawMaterialId`}
                  id={`bom-material-${field.id}`}
                  label={`Matière première ${n}`}
                  placeholder="Choisir une matière première"
                  onValueChange={(id, item) => {
                    if (item) setKnown((map) => new Map(map).set(item.id, item));
                    setValue(`billOfMaterials.${index}.rawMaterialId`, id, {
                      shouldDirty: true,
                      shouldValidate: form.formState.isSubmitted,
                    });
                  }}
                />
                <FormTextField
                  control={control}
                  name={`billOfMaterials.${index}.quantity`}
                  id={`bom-quantity-${field.id}`}
                  label={`Quantité ${n}`}
                  type="number"
                  inputProps={QUANTITY_INPUT}
                  helperText={material ? `${unitLabel(material.unit)} par unité produite` : undefined}
                />
                <Box sx={{ pt: 1 }}>
                  <RowAction label={`Retirer la ligne ${n}`} onClick={() => remove(index)}>
                    <DeleteIcon fontSize="small" />
                  </RowAction>
                </Box>
              </Box>
            );
          })}
        </Box>
        {bomError ? (
          <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
            {bomError}
          </Typography>
        ) : null}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between', mt: 1.5 }}>
          <Button startIcon={<AddIcon />} onClick={() => append(emptyLine())} disabled={!materialsAvailable}>
            Ajouter une matière première
          </Button>
          <Typography variant="body2" color="text.secondary">{`Coût matières estimé : ${formatMoney(estimate)} par unité`}</Typography>
        </Box>
      </Box>
    </EntityFormDialog>
  );
}
