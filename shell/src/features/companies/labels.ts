// The switcher's own texts (the messages of memberships are in contracts' MESSAGES_MEMBERS).
export const CREATE_COMPANY_LABEL = 'Créer une entreprise';
export const SWITCHING_LABEL = "Changement d'entreprise...";

/** Read by screen readers only. */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
