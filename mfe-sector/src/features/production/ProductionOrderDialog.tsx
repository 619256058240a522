import { MESSAGES_PRODUCTION, productionOrderInputSchema, type ProductionOrderValues } from '@xaalis/contracts';
import { EntityFormDialog, FormDateField, FormTextField, FullRow, todayIso, useEntityForm, FormCountField } from '@xaalis/web-kit';
import { useWatch } from 'react-hook-form';
import { useCreateProductionOrderMutation } from './api';
import { FinishedProductField } from './fields';

export interface ProductionOrderFormValues {
  finishedProductId: string;
  quantityToProduce: string;
  startDate: string;
  endDate: string;
  notes: string;
}

export interface ProductionOrderDialogProps {
  open: boolean;
  onClose: () => void;
  companyId: string | null;
  /** The product chosen on opening: the company's only one, else none (''). */
  defaultProductId?: string;
}

/** 'Nouvel ordre de production': product, quantity (minimum 1), start and planned end dates, notes. Numbered by the server. */
export function ProductionOrderDialog({ open, onClose, companyId, defaultProductId = '' }: ProductionOrderDialogProps) {
  const title = 'Nouvel ordre de production';
  const [create] = useCreateProductionOrderMutation();
  const form = useEntityForm<ProductionOrderFormValues, ProductionOrderValues>({
    open,
    onClose,
    schema: productionOrderInputSchema,
    defaultValues: () => ({
      finishedProductId: defaultProductId,
      quantityToProduce: '1',
      startDate: todayIso(),
      endDate: '',
      notes: '',
    }),
    companyId,
    save: (values, id) =>
      create({
        companyId: id,
        body: {
          finishedProductId: values.finishedProductId,
          quantityToProduce: values.quantityToProduce,
          startDate: values.startDate,
          endDate: values.endDate,
          notes: values.notes,
        },
      }).unwrap(),
    success: MESSAGES_PRODUCTION.orderCreated,
    failure: MESSAGES_PRODUCTION.orderCreateError,
  });
  const { control } = form;
  const productId = useWatch({ control, name: 'finishedProductId' });

  return (
    <EntityFormDialog form={form} title={title} submitLabel="Créer l'ordre">
      <FullRow>
        <FinishedProductField
          companyId={open ? companyId : null}
          value={productId ?? ''}
          control={control}
          name="finishedProductId"
          label="Produit fini"
          required
          placeholder="Choisir un produit fini"
        />
      </FullRow>
      <FormCountField control={control} name="quantityToProduce" label="Quantité à produire" required min={1} />
      <FormDateField control={control} name="startDate" label="Date de début" />
      <FormDateField control={control} name="endDate" label="Date de fin prévue" />
      <FullRow>
        <FormTextField control={control} name="notes" label="Notes" multiline minRows={2} />
      </FullRow>
    </EntityFormDialog>
  );
}
