import { z } from 'zod';
import { sectorSchema } from './sectors';

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
  companyAlreadyAttached: 'Votre compte est déjà rattaché à une entreprise',
} as const;

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, { error: message });

export const loginSchema = z.object({
  username: requiredText(MESSAGES_AUTH.usernameRequired),
  password: z.string({ error: MESSAGES_AUTH.passwordRequired }).min(1, { error: MESSAGES_AUTH.passwordRequired }),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z.object({
  username: z.string({ error: MESSAGES_AUTH.min3 }).trim().min(3, { error: MESSAGES_AUTH.min3 }).max(64),
  email: z
    .string({ error: MESSAGES_AUTH.emailRequired })
    .trim()
    .pipe(z.email({ error: MESSAGES_AUTH.emailRequired })),
  password: z.string({ error: MESSAGES_AUTH.min6 }).min(6, { error: MESSAGES_AUTH.min6 }).max(200),
  firstName: requiredText(MESSAGES_AUTH.firstNameRequired),
  lastName: requiredText(MESSAGES_AUTH.lastNameRequired),
  companyName: requiredText(MESSAGES_AUTH.companyNameRequired),
  phone: requiredText(MESSAGES_AUTH.phoneRequired),
  address: requiredText(MESSAGES_AUTH.addressRequired),
  sector: sectorSchema(MESSAGES_AUTH.sectorRequired),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The user as the gateway returns it (`GET /api/user`, login, register). */
export interface User {
  id: string;
  username: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  phone: string | null;
  address: string | null;
  sector: string | null;
  companyId: string | null;
  createdAt: string;
}
