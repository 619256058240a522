// Public face of the members feature (Paramètres → Membres, owners only).
export { MembersTab } from './MembersTab';
