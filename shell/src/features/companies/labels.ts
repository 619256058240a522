// The switcher's own texts (the messages of memberships are in contracts' MESSAGES_MEMBERS).
export const CREATE_COMPANY_LABEL = 'Créer une entreprise';
export const SWITCHING_LABEL = "Changement d'entreprise...";
