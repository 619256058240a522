import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import {
  MESSAGES_THIRD_PARTY,
  THIRD_PARTY_TYPE_LABELS,
  THIRD_PARTY_TYPES,
  thirdPartyInputSchema,
  type ThirdPartyType,
} from '@xaalis/contracts';
import { FormSelectField, FormTextField, toastMissingCompany, toastSaveError, toastSuccess, FormDialog } from '@xaalis/web-kit';
import { useEffect, useId } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { emptyToNull, mapBeforeResolve } from '../../ui/forms';
import { useCreateThirdPartyMutation } from './api';

type ThirdPartyOutput = ReturnType<typeof thirdPartyInputSchema.parse>;

interface ThirdPartyFormValues {
  type: ThirdPartyType;
  name: string;
  code: string;
  address: string;
  phone: string;
  email: string;
  taxNumber: string;
  paymentTerms: string;
}

const DEFAULTS: ThirdPartyFormValues = {
  type: 'client',
  name: '',
  code: '',
  address: '',
  phone: '',
  email: '',
  taxNumber: '',
  paymentTerms: '30',
};
const TYPE_OPTIONS = THIRD_PARTY_TYPES.map((value) => ({ value, label: THIRD_PARTY_TYPE_LABELS[value] }));

const resolver = mapBeforeResolve(
  zodResolver(thirdPartyInputSchema) as unknown as Resolver<ThirdPartyFormValues, unknown, ThirdPartyOutput>,
  (v) =>
    ({
      ...v,
      code: emptyToNull(v.code),
      address: emptyToNull(v.address),
      phone: emptyToNull(v.phone),
      email: emptyToNull(v.email),
      taxNumber: emptyToNull(v.taxNumber),
      paymentTerms: (v.paymentTerms ?? '').trim() === '' ? '30' : v.paymentTerms,
    }) as ThirdPartyFormValues,
);

export interface ThirdPartyDialogProps {
  open: boolean;
  onClose: () => void;
  companyId: string | null;
}

/** 'Nouveau Tiers': type, name, code, address, phone, email, tax number, payment terms (30 days by default). */
export function ThirdPartyDialog({ open, onClose, companyId }: ThirdPartyDialogProps) {
  const formId = useId();
  const [createThirdParty, { isLoading }] = useCreateThirdPartyMutation();
  const { control, handleSubmit, reset } = useForm<ThirdPartyFormValues, unknown, ThirdPartyOutput>({ resolver, defaultValues: DEFAULTS });

  useEffect(() => {
    if (open) reset(DEFAULTS);
  }, [open, reset]);

  const onSubmit = handleSubmit(async (values) => {
    if (!companyId) {
      toastMissingCompany();
      return;
    }
    try {
      await createThirdParty({ companyId, body: values }).unwrap();
      toastSuccess(MESSAGES_THIRD_PARTY.created, values.name);
      onClose();
    } catch (error) {
      toastSaveError(error, MESSAGES_THIRD_PARTY.createError);
    }
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Nouveau Tiers"
      formId={formId}
      busy={isLoading}
      submitLabel="Créer le tiers"
      busyLabel="Création..."
    >
      <Box
        component="form"
        id={formId}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        sx={{ display: 'grid', gap: 2, pt: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        <FormSelectField control={control} name="type" label="Type" options={TYPE_OPTIONS} />
        <FormTextField control={control} name="name" label="Nom" autoFocus />
        <FormTextField control={control} name="code" label="Code" />
        <FormTextField control={control} name="taxNumber" label="NINEA" />
        <FormTextField control={control} name="phone" label="Téléphone" type="tel" />
        <FormTextField control={control} name="email" label="Email" type="email" />
        <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
          <FormTextField control={control} name="address" label="Adresse" />
        </Box>
        <FormTextField
          control={control}
          name="paymentTerms"
          label="Délai de paiement (jours)"
          type="number"
          inputProps={{ min: 0, max: 365, step: 1 }}
        />
      </Box>
    </FormDialog>
  );
}
