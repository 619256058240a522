// Paramètres → Fiscalité.
export { TaxSettingsTab, taxSettingsApi, useGetTaxSettingsQuery } from './TaxSettingsTab';
