import Typography from '@mui/material/Typography';
import {
  MESSAGES_PRODUCTION,
  productionOrderCompleteSchema,
  type ProductionOrder,
  type ProductionOrderCompleteInput,
} from '@xaalis/contracts';
import { EntityFormDialog, FormDateField, FormTextField, todayIso, useEntityForm } from '@xaalis/web-kit';
import { useCompleteProductionOrderMutation } from './api';
import { unitLabel } from './format';
import { QUANTITY_INPUT } from './options';

interface CompleteFormValues {
  quantityProduced: string;
  actualEndDate: string;
}
type CompleteOutput = { quantityProduced: string; actualEndDate: string | null };

export interface CompleteOrderDialogProps {
  companyId: string | null;
  /** The order being completed; null: closed. */
  order: ProductionOrder | null;
  onClose: () => void;
}

/**
 * 'Terminer l'ordre': the quantity produced (the planned quantity by default).
 * The server takes the bill of materials out of stock and puts the products in,
 * or refuses with its French message when a material is short (shown in the toast).
 */
export function CompleteOrderDialog({ companyId, order, onClose }: CompleteOrderDialogProps) {
  const [complete] = useCompleteProductionOrderMutation();
  const form = useEntityForm<CompleteFormValues, CompleteOutput>({
    open: order !== null,
    onClose,
    schema: productionOrderCompleteSchema,
    defaultValues: () => ({ quantityProduced: order ? String(order.quantityToProduce) : '', actualEndDate: todayIso() }),
    resetKey: order?.id,
    companyId,
    check: () => order !== null,
    save: (values, id) => {
      const body: ProductionOrderCompleteInput = { quantityProduced: values.quantityProduced, actualEndDate: values.actualEndDate };
      return complete({ companyId: id, id: order?.id ?? '', body }).unwrap();
    },
    success: MESSAGES_PRODUCTION.orderCompleted,
    failure: MESSAGES_PRODUCTION.orderTransitionError,
  });
  const { control } = form;

  const title = order ? `Terminer l'ordre ${order.orderNumber}` : "Terminer l'ordre";
  return (
    <EntityFormDialog form={form} title={title} submitLabel="Terminer" columns="1fr">
      {order ? (
        <Typography variant="body2" color="text.secondary">
          {`${order.finishedProduct.name} : ${order.quantityToProduce} ${unitLabel(order.finishedProduct.unit)} prévus. Les matières premières de la nomenclature seront sorties du stock.`}
        </Typography>
      ) : null}
      <FormTextField
        control={control}
        name="quantityProduced"
        label="Quantité produite"
        required
        autoFocus
        type="number"
        inputProps={QUANTITY_INPUT}
      />
      <FormDateField control={control} name="actualEndDate" label="Date de fin réelle" />
    </EntityFormDialog>
  );
}
