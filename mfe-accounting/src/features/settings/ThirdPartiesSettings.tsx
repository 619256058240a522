// Paramètres → 'Tiers' (exposed as './ThirdPartiesSettings').
import { ThirdPartiesTab } from '../third-parties';
import { withSessionCompany } from './sessionTab';

export default withSessionCompany(ThirdPartiesTab);
