import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  MESSAGES_PRODUCTION,
  productionOrderCompleteSchema,
  type ProductionOrder,
  type ProductionOrderCompleteInput,
} from '@xaalis/contracts';
import { FormDateField, FormDialog, FormTextField, todayIso, toastFailure, toastSuccess } from '@xaalis/web-kit';
import { useId } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useCompleteProductionOrderMutation } from './api';
import { unitLabel } from './format';
import { QUANTITY_INPUT } from './options';

interface CompleteFormValues {
  quantityProduced: string;
  actualEndDate: string;
}
type CompleteOutput = { quantityProduced: string; actualEndDate: string | null };

const resolver = zodResolver(productionOrderCompleteSchema) as unknown as Resolver<CompleteFormValues, unknown, CompleteOutput>;

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
  const formId = useId();
  const [complete, { isLoading }] = useCompleteProductionOrderMutation();
  const { control, handleSubmit } = useForm<CompleteFormValues, unknown, CompleteOutput>({
    resolver,
    defaultValues: { quantityProduced: order ? String(order.quantityToProduce) : '', actualEndDate: todayIso() },
  });

  const onSubmit = handleSubmit(async (values) => {
    if (!order || !companyId) return;
    const body: ProductionOrderCompleteInput = { quantityProduced: values.quantityProduced, actualEndDate: values.actualEndDate };
    try {
      await complete({ companyId, id: order.id, body }).unwrap();
      toastSuccess(MESSAGES_PRODUCTION.orderCompleted);
      onClose();
    } catch (error) {
      toastFailure(error, MESSAGES_PRODUCTION.orderTransitionError);
    }
  });

  const title = order ? `Terminer l'ordre ${order.orderNumber}` : "Terminer l'ordre";
  return (
    <FormDialog open={order !== null} onClose={onClose} title={title} formId={formId} busy={isLoading} submitLabel="Terminer">
      <Box
        component="form"
        id={formId}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-label={title}
        sx={{ display: 'grid', gap: 2, pt: 1 }}
      >
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
      </Box>
    </FormDialog>
  );
}
