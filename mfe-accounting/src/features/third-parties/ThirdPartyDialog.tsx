import {
  DEFAULT_WITHHOLDING_RATE,
  MESSAGES_THIRD_PARTY,
  THIRD_PARTY_TYPE_LABELS,
  THIRD_PARTY_TYPES,
  thirdPartyInputSchema,
  type ThirdPartyType,
} from '@xaalis/contracts';
import { EntityFormDialog, emptyToNull, FormSelectField, FormNumberField, FormTextField, FullRow, useEntityForm } from '@xaalis/web-kit';
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
  withholdingRate: string;
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
  withholdingRate: '',
  paymentTerms: '30',
};
const TYPE_OPTIONS = THIRD_PARTY_TYPES.map((value) => ({ value, label: THIRD_PARTY_TYPE_LABELS[value] }));

export interface ThirdPartyDialogProps {
  open: boolean;
  onClose: () => void;
  companyId: string | null;
}

/** 'Nouveau Tiers': type, name, code, address, phone, email, NINEA, payment terms (30 days by default), withholding rate. */
export function ThirdPartyDialog({ open, onClose, companyId }: ThirdPartyDialogProps) {
  const [createThirdParty] = useCreateThirdPartyMutation();
  const form = useEntityForm<ThirdPartyFormValues, ThirdPartyOutput>({
    open,
    onClose,
    schema: thirdPartyInputSchema,
    prepare: (v) => ({
      ...v,
      code: emptyToNull(v.code),
      address: emptyToNull(v.address),
      phone: emptyToNull(v.phone),
      email: emptyToNull(v.email),
      taxNumber: emptyToNull(v.taxNumber),
      withholdingRate: emptyToNull(v.withholdingRate),
      paymentTerms: (v.paymentTerms ?? '').trim() === '' ? '30' : v.paymentTerms,
    }),
    defaultValues: DEFAULTS,
    companyId,
    save: (body, id) => createThirdParty({ companyId: id, body }).unwrap(),
    success: (values) => [MESSAGES_THIRD_PARTY.created, values.name],
    failure: MESSAGES_THIRD_PARTY.createError,
    reasonReplacesText: true,
  });
  const { control } = form;

  return (
    <EntityFormDialog form={form} title="Nouveau Tiers" submitLabel="Créer le tiers" busyLabel="Création...">
      <FormSelectField control={control} name="type" label="Type" options={TYPE_OPTIONS} />
      <FormTextField control={control} name="name" label="Nom" autoFocus />
      <FormTextField control={control} name="code" label="Code" />
      <FormTextField control={control} name="taxNumber" label="NINEA" />
      <FormTextField control={control} name="phone" label="Téléphone" type="tel" />
      <FormTextField control={control} name="email" label="Email" type="email" />
      <FullRow>
        <FormTextField control={control} name="address" label="Adresse" />
      </FullRow>
      <FormNumberField control={control} name="paymentTerms" label="Délai de paiement (jours)" min={0} max={365} step={1} />
      <FormTextField
        control={control}
        name="withholdingRate"
        label="Retenue à la source (%)"
        helperText={`Prestataire personne physique : ${DEFAULT_WITHHOLDING_RATE} % en général ; vide si aucune`}
      />
    </EntityFormDialog>
  );
}
