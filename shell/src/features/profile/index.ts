// Public face of the profile feature (Paramètres → Profil: the account, its password, signing out).
export { ProfileTab } from './ProfileTab';
export { useSignOut } from './useSignOut';
