// Public face of the settings feature (the accounting tabs of Paramètres, which the shell composes).
export { companySettingsApi, useUpdateCompanyMutation } from './api';
