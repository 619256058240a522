import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import {
  MESSAGES_INVENTORY,
  MOVEMENT_TYPE_LABELS,
  MOVEMENT_TYPES,
  stockMovementInputSchema,
  type InventoryItem,
  type MovementType,
} from '@xaalis/contracts';
import { FormTextField, toastMissingCompany, toastSuccess, FormDialog, toastFailure } from '@xaalis/web-kit';
import { useEffect, useId } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { useCreateStockMovementMutation } from './api';
import { formatQuantity, stockAfter } from './stock';

type MovementOutput = z.output<typeof stockMovementInputSchema>;

interface MovementFormValues {
  type: MovementType;
  quantity: string;
  reason: string;
  reference: string;
}

const DEFAULTS: MovementFormValues = { type: 'in', quantity: '', reason: '', reference: '' };

const base = zodResolver(stockMovementInputSchema) as unknown as Resolver<MovementFormValues, unknown, MovementOutput>;
const resolver: Resolver<MovementFormValues, unknown, MovementOutput> = (values, context, options) =>
  base({ ...values, reference: values.reference?.trim() ? values.reference : (null as unknown as string) }, context, options);

export interface StockMovementDialogProps {
  /** The item moved; null closes the dialog. */
  item: InventoryItem | null;
  companyId: string | null;
  onClose: () => void;
}

/** 'Mouvement de stock': in (adds) or out (subtracts; below zero is allowed), quantity, reason, reference. */
export function StockMovementDialog({ item, companyId, onClose }: StockMovementDialogProps) {
  const formId = useId();
  const typeLabelId = useId();
  const [createMovement, { isLoading: saving }] = useCreateStockMovementMutation();
  const { control, handleSubmit, reset } = useForm<MovementFormValues, unknown, MovementOutput>({ resolver, defaultValues: DEFAULTS });
  const open = item !== null;

  useEffect(() => {
    if (open) reset(DEFAULTS);
  }, [open, item?.id, reset]);

  const type = useWatch({ control, name: 'type' });
  const quantity = useWatch({ control, name: 'quantity' });
  const after = item ? stockAfter(item.currentStock, type, quantity || '0') : null;

  const onSubmit = handleSubmit(async (values) => {
    if (!item) return;
    if (!companyId) {
      toastMissingCompany();
      return;
    }
    try {
      await createMovement({
        companyId,
        itemId: item.id,
        body: { type: values.type, quantity: values.quantity, reason: values.reason, reference: values.reference ?? null },
      }).unwrap();
      toastSuccess('Succès', MESSAGES_INVENTORY.updated);
      reset(DEFAULTS);
      onClose();
    } catch (error) {
      toastFailure(error, MESSAGES_INVENTORY.updateError);
    }
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Mouvement de stock"
      formId={formId}
      busy={saving}
      submitLabel="Enregistrer le mouvement"
      maxWidth="xs"
    >
      {item ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {item.name} — stock actuel : {formatQuantity(item.currentStock)} {item.unit}
        </Typography>
      ) : null}
      <Box
        component="form"
        id={formId}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-label="Mouvement de stock"
        sx={{ display: 'grid', gap: 2 }}
      >
        <Controller
          control={control}
          name="type"
          render={({ field }) => (
            <FormControl>
              <FormLabel id={typeLabelId}>Type de mouvement</FormLabel>
              <RadioGroup
                row
                aria-labelledby={typeLabelId}
                name={field.name}
                value={field.value}
                onChange={(_e, value) => field.onChange(value)}
              >
                {MOVEMENT_TYPES.map((t) => (
                  <FormControlLabel key={t} value={t} control={<Radio />} label={MOVEMENT_TYPE_LABELS[t]} />
                ))}
              </RadioGroup>
            </FormControl>
          )}
        />
        <FormTextField
          control={control}
          name="quantity"
          label="Quantité"
          type="number"
          autoFocus
          inputProps={{ min: 0, step: 0.001, inputMode: 'decimal' }}
          endAdornment={
            item ? (
              <Box component="span" sx={{ color: 'text.secondary', ml: 1 }}>
                {item.unit}
              </Box>
            ) : undefined
          }
        />
        <FormTextField control={control} name="reason" label="Motif" placeholder="Réception fournisseur, casse, inventaire..." />
        <FormTextField control={control} name="reference" label="Référence" placeholder="Optionnelle" />
        {item && after !== null ? (
          <Typography role="status" variant="body2" color={after.startsWith('-') || after === '0.000' ? 'error' : 'text.secondary'}>
            Stock après le mouvement : {formatQuantity(after)} {item.unit}
          </Typography>
        ) : null}
      </Box>
    </FormDialog>
  );
}
