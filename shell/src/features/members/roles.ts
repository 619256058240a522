import { ROLE_LABELS, ROLES, type Role } from '@xaalis/contracts';

/** The role choices of the selects, in the contract's order. */
export const ROLE_OPTIONS = ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));

/** What each role may do (under the invitation's role select). */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: 'Tout, y compris la gestion des membres',
  accountant: 'Tout, sauf la gestion des membres',
  collaborator: 'Factures, paiements, stocks, modules sectoriels et brouillons d’écritures (pas la paie)',
  reader: 'Consulte tout sauf la paie, ne modifie rien',
};

export const MEMBER_TEXTS = {
  membersTitle: 'Membres',
  membersEmpty: 'Aucun membre',
  roleChangeError: 'Impossible de modifier le rôle',
  remove: 'Retirer',
  removeTitle: (name: string) => `Retirer ${name} ?`,
  removeText: (name: string) => `${name} n'aura plus accès à l'entreprise. Vous pourrez l'inviter de nouveau.`,
  removeError: 'Impossible de retirer le membre',
  inviteTitle: 'Inviter un membre',
  inviteIntro:
    "L'utilisateur doit déjà avoir un compte Xaalis ; il accepte l'invitation depuis son espace. Une invitation reste en attente tant qu'elle n'est ni acceptée ni annulée.",
  invite: 'Inviter',
  inviting: 'Envoi...',
  inviteError: "Impossible d'envoyer l'invitation",
  invitationsTitle: 'Invitations en attente',
  invitationsEmpty: 'Aucune invitation en attente',
  invitationsLoadError: 'Impossible de charger les invitations',
  cancelInvitationError: "Impossible d'annuler l'invitation",
  you: 'Vous',
} as const;
