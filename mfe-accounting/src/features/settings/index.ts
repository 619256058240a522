// Public face of the settings feature.
export { companySettingsApi, useUpdateCompanyMutation, useCreateCompanyMutation } from './api';
export { SETTINGS_TABS } from './SettingsPage';
