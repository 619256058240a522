import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  MESSAGES_TAX_SETTINGS,
  TAX_REGIMES,
  TAX_REGIME_LABELS,
  VAT_PERIODICITIES,
  VAT_PERIODICITY_LABELS,
  type TaxRegime,
  type TaxSettings,
  type TaxSettingsInput,
  type VatPeriodicity,
} from '@xaalis/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  baseApi,
  COMPANY_DATA_TAG,
  SettingsCard,
  serviceTabState,
  toastServiceSaveError,
  toastSuccess,
  useCan,
  type ServiceTabMessages,
} from '@xaalis/web-kit';
import { useState } from 'react';
import { VatCodesCard } from './VatCodesCard';

const enc = encodeURIComponent;
const url = (companyId: string) => `/api/companies/${enc(companyId)}/tax-settings`;

export const taxSettingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTaxSettings: build.query<TaxSettings, string>({ query: url, providesTags: [COMPANY_DATA_TAG] }),
    saveTaxSettings: build.mutation<TaxSettings, { companyId: string; body: TaxSettingsInput }>({
      query: ({ companyId, body }) => ({ url: url(companyId), method: 'PUT', body }),
      invalidatesTags: [COMPANY_DATA_TAG, 'Company'],
    }),
  }),
});
export const { useGetTaxSettingsQuery, useSaveTaxSettingsMutation } = taxSettingsApi;

const MESSAGES: ServiceTabMessages = {
  unavailable: 'Le service comptable est momentanément indisponible : réessayez dans un instant.',
  loadError: 'Impossible de charger les paramètres fiscaux',
  saveError: 'Erreur lors de l’enregistrement des paramètres fiscaux',
};

function TaxSettingsForm({ companyId, settings }: { companyId: string; settings: TaxSettings }) {
  const [ninea, setNinea] = useState(settings.ninea ?? '');
  const [rccm, setRccm] = useState(settings.rccm ?? '');
  const [regime, setRegime] = useState<TaxRegime>(settings.regime);
  const [vatPeriodicity, setVatPeriodicity] = useState<VatPeriodicity>(settings.vatPeriodicity);
  const [save, state] = useSaveTaxSettingsMutation();
  const canWrite = useCan('/api/companies/:id/tax-settings');
  const onSave = async () => {
    try {
      await save({ companyId, body: { ninea, rccm, regime, vatPeriodicity } }).unwrap();
      toastSuccess('Succès', MESSAGES_TAX_SETTINGS.saved);
    } catch (error) {
      toastServiceSaveError(error, MESSAGES);
    }
  };
  // The simplified regime files its VAT every quarter, the normal one every month: the choice follows the regime.
  const chooseRegime = (r: TaxRegime) => {
    setRegime(r);
    setVatPeriodicity(r === 'simplifie' ? 'quarterly' : 'monthly');
  };
  return (
    <SettingsCard
      title="Fiscalité"
      description="Les identifiants et le régime que reprennent les déclarations de TVA et de retenues. Le NINEA et le RCCM sont ceux de l’onglet Entreprise."
      readOnly={!canWrite}
      saving={state.isLoading}
      onSave={() => void onSave()}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField label="NINEA" value={ninea} onChange={(e) => setNinea(e.target.value)} disabled={!canWrite} />
        <TextField label="RCCM" value={rccm} onChange={(e) => setRccm(e.target.value)} disabled={!canWrite} />
        <TextField
          select
          label="Régime fiscal"
          value={regime}
          onChange={(e) => chooseRegime(e.target.value as TaxRegime)}
          disabled={!canWrite}
        >
          {TAX_REGIMES.map((r) => (
            <MenuItem key={r} value={r}>
              {TAX_REGIME_LABELS[r]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Périodicité de la TVA"
          value={vatPeriodicity}
          onChange={(e) => setVatPeriodicity(e.target.value as VatPeriodicity)}
          disabled={!canWrite}
        >
          {VAT_PERIODICITIES.map((p) => (
            <MenuItem key={p} value={p}>
              {VAT_PERIODICITY_LABELS[p]}
            </MenuItem>
          ))}
        </TextField>
      </Box>
    </SettingsCard>
  );
}

/** Paramètres → 'Fiscalité': NINEA, RCCM, tax regime and VAT periodicity, then the company's VAT codes. */
export function TaxSettingsTab({ companyId }: { companyId: string | null }) {
  const query = useGetTaxSettingsQuery(companyId ?? skipToken);
  const state = serviceTabState(companyId, query, MESSAGES, { rows: 3, height: 56 });
  if (state || !companyId || !query.data) return state;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <TaxSettingsForm key={companyId} companyId={companyId} settings={query.data} />
      <VatCodesCard companyId={companyId} />
    </Box>
  );
}
