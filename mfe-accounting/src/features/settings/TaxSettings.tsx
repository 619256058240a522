// Paramètres → 'Fiscalité' (exposed as './TaxSettings').
import { TaxSettingsTab } from './tax';
import { withSessionCompany } from './sessionTab';

export default withSessionCompany(TaxSettingsTab);
