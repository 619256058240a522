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
import { EntityFormDialog, emptyToNull, FormNumberField, FormTextField, UnitAdornment, useEntityForm } from '@xaalis/web-kit';
import { useId } from 'react';
import { Controller, useWatch } from 'react-hook-form';
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

export interface StockMovementDialogProps {
  /** The item moved; null closes the dialog. */
  item: InventoryItem | null;
  companyId: string | null;
  onClose: () => void;
}

/** 'Mouvement de stock': in (adds) or out (subtracts; below zero is allowed), quantity, reason, reference. */
export function StockMovementDialog({ item, companyId, onClose }: StockMovementDialogProps) {
  const typeLabelId = useId();
  const [createMovement] = useCreateStockMovementMutation();
  const form = useEntityForm<MovementFormValues, MovementOutput>({
    open: item !== null,
    onClose,
    schema: stockMovementInputSchema,
    prepare: (values) => ({ ...values, reference: emptyToNull(values.reference) }),
    defaultValues: DEFAULTS,
    resetKey: item?.id,
    companyId,
    check: () => item !== null,
    save: (values, id) =>
      createMovement({
        companyId: id,
        itemId: item?.id ?? '',
        body: { type: values.type, quantity: values.quantity, reason: values.reason, reference: values.reference ?? null },
      }).unwrap(),
    success: ['Succès', MESSAGES_INVENTORY.updated],
    failure: MESSAGES_INVENTORY.updateError,
  });
  const { control } = form;

  const type = useWatch({ control, name: 'type' });
  const quantity = useWatch({ control, name: 'quantity' });
  const after = item ? stockAfter(item.currentStock, type, quantity || '0') : null;

  return (
    <EntityFormDialog
      form={form}
      title="Mouvement de stock"
      submitLabel="Enregistrer le mouvement"
      maxWidth="xs"
      columns="1fr"
      header={
        item ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {item.name} — stock actuel : {formatQuantity(item.currentStock)} {item.unit}
          </Typography>
        ) : null
      }
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
      <FormNumberField
        control={control}
        name="quantity"
        label="Quantité"
        autoFocus
        min={0}
        step={0.001}
        inputMode="decimal"
        endAdornment={item ? <UnitAdornment unit={item.unit} /> : undefined}
      />
      <FormTextField control={control} name="reason" label="Motif" placeholder="Réception fournisseur, casse, inventaire..." />
      <FormTextField control={control} name="reference" label="Référence" placeholder="Optionnelle" />
      {item && after !== null ? (
        <Typography role="status" variant="body2" color={after.startsWith('-') || after === '0.000' ? 'error' : 'text.secondary'}>
          Stock après le mouvement : {formatQuantity(after)} {item.unit}
        </Typography>
      ) : null}
    </EntityFormDialog>
  );
}
