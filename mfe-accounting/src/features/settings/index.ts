// Public face of the settings feature (the accounting tabs of Paramètres, which the shell composes).
export { companySettingsApi, useUpdateCompanyMutation } from './api';
// The company's VAT periodicity (Paramètres → Fiscalité), which the Déclarations page follows.
export { useGetTaxSettingsQuery } from './tax';
