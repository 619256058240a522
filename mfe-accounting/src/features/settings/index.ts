// Public face of the settings feature.
export { companySettingsApi, useUpdateCompanyMutation } from './api';
export { SETTINGS_TABS } from './SettingsPage';
