// Texts and limits of sign-in and registration, without zod: the sign-in page shows them
// before any schema is loaded (./sign-in.ts). Re-exported by ./auth.ts.

export const MESSAGES_AUTH = {
  usernameRequired: "Nom d'utilisateur requis",
  passwordRequired: 'Mot de passe requis',
  min3: 'Au moins 3 caractères',
  min6: 'Au moins 6 caractères',
  emailRequired: 'Email valide requis',
  firstNameRequired: 'Prénom requis',
  lastNameRequired: 'Nom requis',
  companyNameRequired: "Nom de l'entreprise requis",
  phoneRequired: 'Téléphone requis',
  addressRequired: 'Adresse requise',
  sectorRequired: "Secteur d'activité requis",
  invalidCredentials: "Nom d'utilisateur ou mot de passe incorrect",
  usernameTaken: "Ce nom d'utilisateur est déjà utilisé",
  emailTaken: 'Cet email est déjà utilisé',
  tooManyAttempts: 'Trop de tentatives de connexion. Réessayez dans 15 minutes.',
  notAuthenticated: 'Non authentifié',
  /** POST /api/companies when the signed-in user already has a company. */
} as const;

/** Registration caps: the columns hold more, but nobody needs more and each field is hashed, stored and sent on. */
export const REGISTER_LIMITS = { name: 100, username: 64, email: 254, phone: 30, address: 255, password: 200 } as const;
