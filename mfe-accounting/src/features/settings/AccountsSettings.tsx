// Paramètres → 'Plan Comptable' (exposed as './AccountsSettings').
import { AccountsTab } from '../accounts';
import { withSessionCompany } from './sessionTab';

export default withSessionCompany(AccountsTab);
