import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  COMPANY_FORM_SECTORS,
  companyInputSchema,
  MESSAGES_COMPANY,
  normalizeSector,
  SECTOR_LABELS,
  type Company,
  type Sector,
} from '@xaalis/contracts';
import {
  baseApi,
  COMPANY_DATA_TAG,
  emptyToNull,
  FormSelectField,
  FormTextField,
  toastSaveError,
  toastSuccess,
  useAppDispatch,
  schemaResolver,
  useCreateCompanyMutation,
  AutoIcon,
  FormGrid,
  recordValues,
} from '@xaalis/web-kit';
import { useEffect, useId, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useGenerateChart } from '../accounts';
import { ReadOnlyNotice } from '../../ui/rights';
import { useUpdateCompanyMutation } from './api';
import { useSettingsRights } from './rights';

type CompanyOutput = ReturnType<typeof companyInputSchema.parse>;

interface CompanyFormValues {
  name: string;
  registrationNumber: string;
  taxNumber: string;
  address: string;
  phone: string;
  email: string;
  sector: string;
  fiscalYear: string;
}

/** The form's values for a company (or the defaults of a new one: sector service, fiscal year 01-01). */
export function companyFormValues(company: Company | null): CompanyFormValues {
  return {
    ...recordValues({ name: '', registrationNumber: '', taxNumber: '', address: '', phone: '', email: '' }, company),
    sector: company?.sector ? String(normalizeSector(company.sector)) : 'service',
    fiscalYear: company?.fiscalYear || '01-01',
  };
}

const resolver = schemaResolver<CompanyFormValues, CompanyOutput>(companyInputSchema, (v) => ({
  ...v,
  registrationNumber: emptyToNull(v.registrationNumber),
  taxNumber: emptyToNull(v.taxNumber),
  address: emptyToNull(v.address),
  phone: emptyToNull(v.phone),
  email: emptyToNull(v.email),
  fiscalYear: v.fiscalYear?.trim() === '' ? '01-01' : v.fiscalYear?.trim(),
}));

/** Read-only system information (specification: version 1.0.0, last backup 'Maintenant'...). */
export const SYSTEM_INFO: readonly { label: string; value: string }[] = [
  { label: 'Version', value: '1.0.0' },
  { label: 'Dernière sauvegarde', value: 'Maintenant' },
  { label: 'Norme comptable', value: 'SYSCOHADA' },
  { label: 'Devise', value: 'Franc CFA (XOF)' },
  { label: 'Fuseau horaire', value: 'GMT+0 Dakar' },
];

export interface CompanyTabProps {
  company: Company | null;
  companyId: string | null;
}

/**
 * Tab 'Entreprise': the company form, 'Générer Plan Comptable' and the system information.
 * Read-only for a role without 'accounting' (a user without a company may still create one).
 */
export function CompanyTab({ company, companyId }: CompanyTabProps) {
  const formId = useId();
  const dispatch = useAppDispatch();
  const readOnly = !useSettingsRights().company && Boolean(companyId);
  const [updateCompany, { isLoading: updating }] = useUpdateCompanyMutation();
  const [createCompany, { isLoading: creating }] = useCreateCompanyMutation();
  const [generate, { isLoading: generating }] = useGenerateChart(companyId);
  const saving = updating || creating;

  const { control, handleSubmit, reset, getValues } = useForm<CompanyFormValues, unknown, CompanyOutput>({
    resolver,
    defaultValues: companyFormValues(company),
  });

  // A fresh copy of the company (after a save or a refetch) refills the form.
  useEffect(() => {
    reset(companyFormValues(company));
  }, [company, reset]);

  const currentSector = company?.sector ? String(normalizeSector(company.sector)) : undefined;
  const sectorOptions = useMemo(() => {
    const values: string[] = [...COMPANY_FORM_SECTORS];
    if (currentSector && !values.includes(currentSector)) values.push(currentSector);
    return values.map((value) => ({ value, label: SECTOR_LABELS[value as Sector] ?? value }));
  }, [currentSector]);
  const sector = useWatch({ control, name: 'sector' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (companyId) await updateCompany({ companyId, body: values }).unwrap();
      else {
        await createCompany(values).unwrap();
        // The session moved to the new company: the user (its companyId and role) is read again.
        dispatch(baseApi.util.invalidateTags(['User', 'Memberships', COMPANY_DATA_TAG]));
      }
      toastSuccess(MESSAGES_COMPANY.saved);
    } catch (error) {
      toastSaveError(error, MESSAGES_COMPANY.saveError);
    }
  });

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' }, alignItems: 'start' }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography variant="h2" component="h2" gutterBottom>
          Informations de l'entreprise
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
          Ces informations figurent sur vos factures et vos états financiers.
        </Typography>
        {readOnly ? <ReadOnlyNotice /> : null}
        <FormGrid
          id={formId}
          label="Informations de l'entreprise"
          onSubmit={onSubmit}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        >
          <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
            <FormTextField control={control} name="name" label="Nom de l'entreprise" autoComplete="organization" disabled={readOnly} />
          </Box>
          <FormTextField
            control={control}
            name="registrationNumber"
            label="Numéro RCCM"
            placeholder="SN-DKR-2024-B-12345"
            disabled={readOnly}
          />
          <FormTextField control={control} name="taxNumber" label="NINEA" placeholder="0012345 2G3" disabled={readOnly} />
          <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
            <FormTextField control={control} name="address" label="Adresse" autoComplete="street-address" disabled={readOnly} />
          </Box>
          <FormTextField control={control} name="phone" label="Téléphone" type="tel" autoComplete="tel" disabled={readOnly} />
          <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" disabled={readOnly} />
          <FormSelectField control={control} name="sector" label="Secteur d'activité" options={sectorOptions} disabled={readOnly} />
          <FormTextField
            control={control}
            name="fiscalYear"
            label="Début de l'exercice fiscal"
            placeholder="MM-JJ"
            helperText="Format MM-JJ (ex. 01-01 pour le 1er janvier)"
            inputProps={{ maxLength: 5 }}
            disabled={readOnly}
          />
        </FormGrid>
        {readOnly ? null : (
          <>
            <Divider sx={{ my: 3 }} />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between', alignItems: 'center' }}>
              <Button
                variant="outlined"
                startIcon={<AutoIcon />}
                disabled={generating}
                onClick={() => void generate(String(normalizeSector(getValues('sector') || sector || 'service')))}
              >
                {generating ? 'Génération en cours...' : 'Générer Plan Comptable'}
              </Button>
              <Button type="submit" form={formId} variant="contained" disabled={saving}>
                {saving ? 'Sauvegarde...' : 'Sauvegarder'}
              </Button>
            </Box>
          </>
        )}
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby={`${formId}-system`}>
        <Typography variant="h3" component="h2" id={`${formId}-system`} gutterBottom>
          Informations système
        </Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1.5 }}>
          {SYSTEM_INFO.map((item) => (
            <Box key={item.label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {item.label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, textAlign: 'right' }}>
                {item.value}
              </Typography>
            </Box>
          ))}
        </Box>
      </Paper>
    </Box>
  );
}
