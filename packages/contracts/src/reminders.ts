import { z } from 'zod';
import { moneySchema } from './money';
import { text } from './text';
import { pagedListQuerySchema, requiredText, type Paged } from './fields';

/**
 * Reminders (relances): levels per company (delay after the due date, a
 * letter template, an optional fee or yearly interest rate), the clients to
 * remind, and the letters sent with their history.
 */
export const MESSAGES_REMINDER = {
  nameRequired: 'Nom du niveau requis',
  bodyRequired: 'Texte de la lettre requis',
  delayInvalid: 'Délai invalide (jours après l’échéance, 0 à 365)',
  levelsRequired: 'Au moins un niveau de relance',
  levelNotFound: 'Niveau de relance introuvable',
  clientNotFound: 'Client introuvable',
  nothingOverdue: 'Aucune facture en retard pour ce client',
  notFound: 'Relance introuvable',
  sentTo: (email: string) => `Relance envoyée par e-mail à ${email}`,
  toDownload: 'Relance créée : téléchargez la lettre pour l’envoyer',
  failed: (error: string) => `L’e-mail n’a pas pu être envoyé : ${error}`,
  emptyDue: 'Aucun client à relancer',
  empty: 'Aucune relance envoyée',
} as const;

/** The placeholders a letter's text may use. */
export const REMINDER_PLACEHOLDERS = ['{client}', '{entreprise}', '{total}', '{factures}', '{frais}'] as const;

export const DEFAULT_REMINDER_LEVELS = [
  {
    level: 1,
    name: 'Relance amiable',
    delayDays: 7,
    body: 'Madame, Monsieur,\n\nSauf erreur de notre part, les factures ci-dessous restent impayées à ce jour, pour un total de {total}. Nous vous remercions de bien vouloir procéder à leur règlement dans les meilleurs délais.\n\nSi votre paiement a été émis entre-temps, merci de ne pas tenir compte de ce courrier.\n\n{entreprise}',
    fee: null,
    interestRate: null,
  },
  {
    level: 2,
    name: 'Deuxième relance',
    delayDays: 30,
    body: 'Madame, Monsieur,\n\nMalgré notre précédente relance, les factures ci-dessous restent impayées, pour un total de {total}. Nous vous prions de les régler sous huit jours.\n\n{entreprise}',
    fee: null,
    interestRate: null,
  },
  {
    level: 3,
    name: 'Mise en demeure',
    delayDays: 60,
    body: 'Madame, Monsieur,\n\nLes factures ci-dessous, d’un total de {total}, restent impayées malgré nos relances. Par la présente, nous vous mettons en demeure de les régler sous huit jours, majorées de {frais} de frais de recouvrement. À défaut, nous engagerons une procédure de recouvrement.\n\n{entreprise}',
    fee: '5000.00',
    interestRate: null,
  },
] as const;

export const reminderLevelSchema = z.object({
  level: z.coerce.number().int().min(1).max(9),
  name: requiredText(MESSAGES_REMINDER.nameRequired, 80),
  delayDays: z.coerce
    .number({ error: MESSAGES_REMINDER.delayInvalid })
    .int()
    .min(0, { error: MESSAGES_REMINDER.delayInvalid })
    .max(365, { error: MESSAGES_REMINDER.delayInvalid }),
  body: requiredText(MESSAGES_REMINDER.bodyRequired, 4000),
  fee: moneySchema.nullable().optional(),
  /** Late interest, % a year on the overdue amount. */
  interestRate: z
    .union([text(), z.number()])
    .transform((v) => String(v))
    .refine((v) => /^\d{1,2}(\.\d{1,2})?$/.test(v), { error: 'Taux invalide' })
    .nullable()
    .optional(),
});
export type ReminderLevel = z.output<typeof reminderLevelSchema>;

/** `PUT /api/companies/:id/reminder-levels`: the whole set. */
export const reminderLevelsInputSchema = z.object({
  levels: z
    .array(reminderLevelSchema, { error: MESSAGES_REMINDER.levelsRequired })
    .min(1, { error: MESSAGES_REMINDER.levelsRequired })
    .max(9),
});

export const reminderInputSchema = z.object({
  thirdPartyId: z.uuid({ error: MESSAGES_REMINDER.clientNotFound }),
  level: z.coerce
    .number({ error: MESSAGES_REMINDER.levelNotFound })
    .int({ error: MESSAGES_REMINDER.levelNotFound })
    .min(1, { error: MESSAGES_REMINDER.levelNotFound })
    .max(9, { error: MESSAGES_REMINDER.levelNotFound }),
});

export interface OverdueInvoice {
  id: string;
  number: string;
  date: string;
  dueDate: string;
  total: string;
  balanceDue: string;
  daysOverdue: number;
  /** The highest level already sent for it. */
  lastLevel: number | null;
}

/** A client to remind ('À relancer'). */
export interface ReminderDue {
  thirdPartyId: string;
  name: string;
  email: string | null;
  invoices: OverdueInvoice[];
  total: string;
  maxDaysOverdue: number;
  /** The level its oldest overdue invoice has reached and not yet received; null when none is due. */
  suggestedLevel: number | null;
}

export const REMINDER_STATUSES = ['sent', 'to_download', 'failed'] as const;
export type ReminderStatus = (typeof REMINDER_STATUSES)[number];
export const REMINDER_STATUS_LABELS: Record<ReminderStatus, string> = {
  sent: 'Envoyée par e-mail',
  to_download: 'À télécharger',
  failed: 'Échec de l’envoi',
};

export interface Reminder {
  id: string;
  thirdPartyId: string;
  thirdPartyName: string | null;
  level: number;
  levelName: string;
  date: string;
  total: string;
  lateFee: string;
  status: ReminderStatus;
  email: string | null;
  error: string | null;
  body: string;
  invoices: { id: string; number: string; dueDate: string; balanceDue: string; daysOverdue: number }[];
  createdAt: string;
}

export const reminderListQuerySchema = pagedListQuerySchema(25, { thirdPartyId: z.uuid().optional(), invoiceId: z.uuid().optional() });
export type ReminderListResponse = Paged<Reminder>;
export const reminderLevelListQuerySchema = pagedListQuerySchema(25);
export type ReminderLevelListResponse = Paged<ReminderLevel>;
export const reminderDueQuerySchema = pagedListQuerySchema(25);
export type ReminderDueResponse = Paged<ReminderDue>;
