import { zodResolver } from '@hookform/resolvers/zod';
import {
  companyInputSchema,
  MESSAGES_ACCOUNT,
  MESSAGES_COMPANY,
  MESSAGES_MEMBERS,
  SECTOR_LABELS,
  SECTORS,
  type Company,
  type CompanyValues,
  type User,
} from '@xaalis/contracts';
import {
  FormDialog,
  FormGrid,
  FormSelectField,
  FormTextField,
  FullRow,
  toast,
  toastSaveError,
  sendRequest,
  useAuth,
  useCreateCompanyMutation,
  useResetWorkspace,
} from '@xaalis/web-kit';
import { useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useGenerateNewCompanyChartMutation } from './api';
import { CREATE_COMPANY_LABEL } from './labels';

// Every sector, as at registration.
const SECTOR_OPTIONS = SECTORS.map((value) => ({ value, label: SECTOR_LABELS[value] }));

interface NewCompanyForm {
  name: string;
  sector: string;
  address: string;
  phone: string;
  email: string;
}

const EMPTY: NewCompanyForm = { name: '', sector: '', address: '', phone: '', email: '' };

const resolver = zodResolver(companyInputSchema) as unknown as Resolver<NewCompanyForm, unknown, CompanyValues>;

const orNull = (value: string | null | undefined) => value || null;

/** The session's user once on `company`, when GET /api/user cannot be read. */
const userOn = (user: User | null, company: Company): User | null =>
  user && { ...user, companyId: company.id, companyName: company.name, sector: company.sector, role: 'owner' };

/**
 * 'Créer une entreprise': the company form (name, sector, address, phone, email) → POST
 * /api/companies (the user becomes its owner, the session moves to it) → its chart of accounts
 * generated for its sector → 'Entreprise créée', and the workspace starts over on it.
 */
export default function CreateCompanyDialog({ onClose }: { onClose: () => void }) {
  const formId = useId();
  const { user } = useAuth();
  const [createCompany] = useCreateCompanyMutation();
  const [generateChart] = useGenerateNewCompanyChartMutation();
  const resetWorkspace = useResetWorkspace();
  const [busy, setBusy] = useState(false);
  const { control, handleSubmit } = useForm<NewCompanyForm, unknown, CompanyValues>({ resolver, defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    setBusy(true);
    let company: Company;
    try {
      company = await createCompany({
        ...values,
        address: orNull(values.address),
        phone: orNull(values.phone),
        email: orNull(values.email),
      }).unwrap();
    } catch (error) {
      setBusy(false);
      toastSaveError(error, MESSAGES_COMPANY.saveError);
      return;
    }
    // The company exists and the session is on it: a failed generation only warns (it can be
    // done again from Paramètres → Entreprise).
    const chart = await generateChart({ companyId: company.id, sector: company.sector })
      .unwrap()
      .then(
        () => true,
        () => false,
      );
    // The session's user on the new company, read outside the cache: the workspace must not see
    // it before the reset.
    const read = await sendRequest('/api/user');
    const fresh = read.error ? userOn(user, company) : ((read.data ?? null) as User | null);
    onClose();
    void resetWorkspace?.(fresh);
    toast(
      chart
        ? { title: MESSAGES_MEMBERS.companyCreated, description: MESSAGES_ACCOUNT.chartGenerated, variant: 'success' }
        : { title: MESSAGES_MEMBERS.companyCreated, description: MESSAGES_ACCOUNT.chartError, variant: 'warning' },
    );
  });

  return (
    <FormDialog
      open
      onClose={onClose}
      title={CREATE_COMPANY_LABEL}
      formId={formId}
      submitLabel="Créer l'entreprise"
      busyLabel="Création..."
      busy={busy}
    >
      <FormGrid id={formId} label={CREATE_COMPANY_LABEL} onSubmit={onSubmit}>
        <FullRow>
          <FormTextField control={control} name="name" id="new-company-name" label="Nom de l'entreprise" autoComplete="organization" />
        </FullRow>
        <FullRow>
          <FormSelectField
            control={control}
            name="sector"
            id="new-company-sector"
            label="Secteur d'activité"
            options={SECTOR_OPTIONS}
            placeholder="Choisissez un secteur"
          />
        </FullRow>
        <FullRow>
          <FormTextField control={control} name="address" id="new-company-address" label="Adresse" autoComplete="street-address" />
        </FullRow>
        <FormTextField control={control} name="phone" id="new-company-phone" label="Téléphone" type="tel" autoComplete="tel" />
        <FormTextField control={control} name="email" id="new-company-email" label="Email" type="email" autoComplete="email" />
      </FormGrid>
    </FormDialog>
  );
}
