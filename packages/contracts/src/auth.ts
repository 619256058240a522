import { z } from 'zod';
import { sectorSchema } from './sectors';
import { MESSAGES_AUTH, REGISTER_LIMITS } from './auth-messages';
import { text, tooLong } from './text';
import { requiredText } from './fields';
import type { Role } from './memberships';

// The messages and limits live in a module without zod (the sign-in page loads them
// before zod, see ./sign-in.ts); re-exported here so every existing import keeps working.
export { MESSAGES_AUTH, REGISTER_LIMITS };

export const loginSchema = z.object({
  username: requiredText(MESSAGES_AUTH.usernameRequired, REGISTER_LIMITS.username),
  password: text({ error: MESSAGES_AUTH.passwordRequired })
    .min(1, { error: MESSAGES_AUTH.passwordRequired })
    .max(REGISTER_LIMITS.password, { error: tooLong(REGISTER_LIMITS.password) }),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z.object({
  username: text({ error: MESSAGES_AUTH.min3 })
    .trim()
    .min(3, { error: MESSAGES_AUTH.min3 })
    .max(REGISTER_LIMITS.username, { error: tooLong(REGISTER_LIMITS.username) }),
  email: text({ error: MESSAGES_AUTH.emailRequired })
    .trim()
    .max(REGISTER_LIMITS.email, { error: tooLong(REGISTER_LIMITS.email) })
    .pipe(z.email({ error: MESSAGES_AUTH.emailRequired })),
  password: text({ error: MESSAGES_AUTH.min6 })
    .min(6, { error: MESSAGES_AUTH.min6 })
    .max(REGISTER_LIMITS.password, { error: tooLong(REGISTER_LIMITS.password) }),
  firstName: requiredText(MESSAGES_AUTH.firstNameRequired, REGISTER_LIMITS.name),
  lastName: requiredText(MESSAGES_AUTH.lastNameRequired, REGISTER_LIMITS.name),
  companyName: requiredText(MESSAGES_AUTH.companyNameRequired, REGISTER_LIMITS.name),
  phone: requiredText(MESSAGES_AUTH.phoneRequired, REGISTER_LIMITS.phone),
  address: requiredText(MESSAGES_AUTH.addressRequired, REGISTER_LIMITS.address),
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
  /** The session's current company. */
  companyId: string | null;
  /** The user's role in that company (null without a company). */
  role: Role | null;
  createdAt: string;
}

/** Registration throttle, password rules and the password change (Profil tab). */
export const MESSAGES_SIGN_IN = {
  tooManyRegistrations: "Trop d'inscriptions depuis cette adresse. Réessayez dans une heure.",
  passwordTooCommon: 'Ce mot de passe est trop courant, choisissez-en un autre',
  passwordIsUsername: "Le mot de passe ne doit pas être votre nom d'utilisateur",
  passwordIsCompanyName: "Le mot de passe ne doit pas être le nom de l'entreprise",
  currentPasswordRequired: 'Mot de passe actuel requis',
  currentPasswordWrong: 'Mot de passe actuel incorrect',
  confirmationMismatch: 'Les mots de passe ne correspondent pas',
  passwordChanged: 'Mot de passe modifié',
  passwordChangedDetail: 'Vos autres sessions ont été fermées.',
} as const;

/** True when a password is a name (username, company) up to case and surrounding spaces. */
export const passwordIsName = (password: string, name: string | null | undefined): boolean =>
  !!name && password.trim().toLowerCase() === name.trim().toLowerCase();

/** POST /api/user/password (the server also refuses common passwords and the company name). */
export const changePasswordSchema = z.object({
  currentPassword: text({ error: MESSAGES_SIGN_IN.currentPasswordRequired })
    .min(1, { error: MESSAGES_SIGN_IN.currentPasswordRequired })
    .max(REGISTER_LIMITS.password, { error: tooLong(REGISTER_LIMITS.password) }),
  newPassword: text({ error: MESSAGES_AUTH.min6 })
    .min(6, { error: MESSAGES_AUTH.min6 })
    .max(REGISTER_LIMITS.password, { error: tooLong(REGISTER_LIMITS.password) }),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The Profil form: the server's rules it can check itself, plus the confirmation. */
export const changePasswordFormSchema = (username: string) =>
  changePasswordSchema.extend({ confirmPassword: text() }).superRefine((v, ctx) => {
    if (passwordIsName(v.newPassword, username))
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: MESSAGES_SIGN_IN.passwordIsUsername });
    if (v.confirmPassword !== v.newPassword)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MESSAGES_SIGN_IN.confirmationMismatch });
  });
export type ChangePasswordFormInput = z.input<ReturnType<typeof changePasswordFormSchema>>;
