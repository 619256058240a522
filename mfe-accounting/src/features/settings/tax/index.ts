// Paramètres → Fiscalité.
export { TaxSettingsTab, taxSettingsApi } from './TaxSettingsTab';
