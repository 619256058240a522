import Typography from '@mui/material/Typography';
import { MAX_SERVE_QUANTITY, MESSAGES_RESTAURANT, serveInputSchema, type Recipe } from '@xaalis/contracts';
import { EntityFormDialog, useEntityForm, FormCountField } from '@xaalis/web-kit';
import { useState } from 'react';
import type { z } from 'zod';
import { useServeRecipeMutation } from './api';
import { newRequestId } from './format';

type ServeValues = z.output<typeof serveInputSchema>;
interface ServeFormValues {
  quantity: string;
}

export interface ServeDialogProps {
  open: boolean;
  onClose: () => void;
  companyId: string;
  recipe: Recipe | null;
}

/**
 * 'Servir': the portions served leave the stock (quantity × ingredient ÷
 * servings per item). One request id per opening, so a retried click moves
 * the stock once.
 */
export function ServeDialog({ open, onClose, companyId, recipe }: ServeDialogProps) {
  const [requestId] = useState(newRequestId);
  const [serve] = useServeRecipeMutation();
  const form = useEntityForm<ServeFormValues, ServeValues>({
    open,
    onClose,
    schema: serveInputSchema,
    defaultValues: { quantity: '1' },
    companyId,
    check: () => recipe !== null,
    save: ({ quantity }, id) =>
      serve({ companyId: id, id: recipe?.id ?? '', body: requestId ? { quantity, requestId } : { quantity } }).unwrap(),
    // 202 pending: recorded, the stock exit is settled once the accounting service answers.
    success: (_values, result) =>
      (result as { status?: string }).status === 'pending' ? MESSAGES_RESTAURANT.servePending : MESSAGES_RESTAURANT.served,
    failure: MESSAGES_RESTAURANT.serveError,
  });
  const { control } = form;

  const title = `Servir — ${recipe?.name ?? ''}`;
  return (
    <EntityFormDialog form={form} title={title} submitLabel="Servir" busyLabel="Envoi..." columns={false}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {`Les ingrédients sortent du stock pour le nombre de portions servies (la recette est prévue pour ${recipe?.servings ?? 1} portion${(recipe?.servings ?? 1) > 1 ? 's' : ''}).`}
      </Typography>
      <FormCountField control={control} name="quantity" label="Portions servies" required autoFocus min={1} max={MAX_SERVE_QUANTITY} />
    </EntityFormDialog>
  );
}
