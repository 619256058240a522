import { z } from 'zod';
import { text } from './text';
import { nullableText, optionalEmail, requiredText } from './fields';
import { sectorSchema } from './sectors';

export const MESSAGES_COMPANY = {
  nameRequired: "Nom de l'entreprise requis",
  emailInvalid: 'Email invalide',
  sectorRequired: "Secteur d'activité requis",
  fiscalYearFormat: 'Format MM-JJ attendu (ex. 01-01)',
  notFound: 'Entreprise introuvable',
  alreadyExists: 'Cette entreprise existe déjà',
  saved: "Informations de l'entreprise sauvegardées",
  saveError: "Erreur lors de la sauvegarde des informations de l'entreprise",
  missingCompanyId: 'Company ID not found',
} as const;

/** Company fields as written by the settings form and by registration. */
export const companyInputSchema = z.object({
  name: requiredText(MESSAGES_COMPANY.nameRequired, 255),
  registrationNumber: nullableText(255),
  taxNumber: nullableText(255),
  address: nullableText(255),
  phone: nullableText(255),
  email: optionalEmail(MESSAGES_COMPANY.emailInvalid),
  sector: sectorSchema(MESSAGES_COMPANY.sectorRequired),
  fiscalYear: text()
    .regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/, { error: MESSAGES_COMPANY.fiscalYearFormat })
    .default('01-01'),
});
export type CompanyInput = z.input<typeof companyInputSchema>;
/** The company fields once validated (sector normalized, fiscalYear defaulted). */
export type CompanyValues = z.output<typeof companyInputSchema>;

/**
 * Body of the accounting service's `POST /internal/companies` (registration,
 * `POST /api/companies`): the company fields, plus an optional id chosen by the caller.
 */
export const companyCreateSchema = companyInputSchema.extend({ id: z.uuid().optional() });
export type CompanyCreateInput = z.input<typeof companyCreateSchema>;

export interface Company {
  id: string;
  name: string;
  registrationNumber: string | null;
  taxNumber: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  sector: string;
  fiscalYear: string;
  createdAt: string;
  updatedAt: string;
}
