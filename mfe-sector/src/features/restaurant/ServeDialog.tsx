import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MAX_SERVE_QUANTITY, MESSAGES_RESTAURANT, serveInputSchema, type Recipe } from '@xaalis/contracts';
import { FormDialog, FormTextField, toastFailure, toastSuccess } from '@xaalis/web-kit';
import { useEffect, useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { useServeRecipeMutation } from './api';
import { newRequestId } from './format';

type ServeValues = z.output<typeof serveInputSchema>;
interface ServeFormValues {
  quantity: string;
}

const resolver = zodResolver(serveInputSchema) as unknown as Resolver<ServeFormValues, unknown, ServeValues>;

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
  const formId = useId();
  const [requestId] = useState(newRequestId);
  const [serve, { isLoading }] = useServeRecipeMutation();
  const { control, handleSubmit, reset } = useForm<ServeFormValues, unknown, ServeValues>({ resolver, defaultValues: { quantity: '1' } });

  useEffect(() => {
    if (open) reset({ quantity: '1' });
  }, [open, reset]);

  const onSubmit = handleSubmit(async ({ quantity }) => {
    if (!recipe) return;
    try {
      const result = await serve({ companyId, id: recipe.id, body: requestId ? { quantity, requestId } : { quantity } }).unwrap();
      // 202 pending: recorded, the stock exit is settled once the accounting service answers.
      toastSuccess(result.status === 'pending' ? MESSAGES_RESTAURANT.servePending : MESSAGES_RESTAURANT.served);
      onClose();
    } catch (error) {
      toastFailure(error, MESSAGES_RESTAURANT.serveError);
    }
  });

  const title = `Servir — ${recipe?.name ?? ''}`;
  return (
    <FormDialog open={open} onClose={onClose} title={title} formId={formId} busy={isLoading} submitLabel="Servir" busyLabel="Envoi...">
      <Box component="form" id={formId} noValidate onSubmit={(event) => void onSubmit(event)} aria-label={title} sx={{ pt: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {`Les ingrédients sortent du stock pour le nombre de portions servies (la recette est prévue pour ${recipe?.servings ?? 1} portion${(recipe?.servings ?? 1) > 1 ? 's' : ''}).`}
        </Typography>
        <FormTextField
          control={control}
          name="quantity"
          label="Portions servies"
          required
          autoFocus
          type="number"
          inputProps={{ min: 1, max: MAX_SERVE_QUANTITY, step: 1, inputMode: 'numeric' }}
        />
      </Box>
    </FormDialog>
  );
}
