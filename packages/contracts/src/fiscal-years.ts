import type { JobStatus } from './jobs';

/**
 * Fiscal-year closing ('Clôturer l'exercice', Paramètres → Exercices), resource
 * `fiscal-years` of the accounting service. A year is identified by its first
 * day (YYYY-MM-DD, from the company's `fiscalYear` MM-DD start).
 * - `GET /api/companies/:cid/fiscal-years` → FiscalYearListResponse (newest first).
 * - `POST /api/companies/:cid/fiscal-years/:start/close` → 202 FiscalYearCloseResponse
 *   (one BullMQ job per company and year), or 409 FiscalYearCloseRefusal
 *   (drafts dated in the year: their list; an earlier year still open; already closed).
 * - `GET /api/companies/:cid/fiscal-years/jobs/:jobId` → FiscalYearJobStatus, the one JobStatus shape (polled for the progress).
 * - `POST /api/companies/:cid/fiscal-years/:start/reopen` → 200 FiscalYear (the last closed year only,
 *   while no validated entry is dated after it other than its own opening entry).
 * Once closed, the database refuses any entry created, validated or cancelled with a date in the year.
 */

export const FISCAL_YEAR_STATUSES = ['open', 'closed'] as const;
export type FiscalYearStatus = (typeof FISCAL_YEAR_STATUSES)[number];
export const FISCAL_YEAR_STATUS_LABELS: Record<FiscalYearStatus, string> = {
  open: 'Ouvert',
  closed: 'Clôturé',
};

/** `close-fiscal-year` (accounting worker): CloseFiscalYearJob; jobId `fiscal-year-<companyId>-<start>`. */
export const CLOSE_FISCAL_YEAR_JOB = 'close-fiscal-year';

export interface CloseFiscalYearJob {
  companyId: string;
  /** The year's first day (YYYY-MM-DD). */
  start: string;
  /** The acting user (closed_by, creator and validator of the entries). */
  userId: string | null;
}

export interface FiscalYear {
  start: string;
  end: string;
  /** "2025" (calendar year) or "2025-2026" (straddling). */
  label: string;
  status: FiscalYearStatus;
  /** Net result of the year (classes 6–8, credit − debit; negative = loss), two-decimal string. */
  result: string;
  /** Validated entries dated in the year, and drafts (a closing is refused while there are drafts). */
  entryCount: number;
  draftCount: number;
  closedAt: string | null;
  closedBy: string | null;
  closingEntryId: string | null;
  closingEntryNumber: string | null;
  openingEntryId: string | null;
  openingEntryNumber: string | null;
  reopenedAt: string | null;
  reopenedBy: string | null;
  canClose: boolean;
  canReopen: boolean;
}

export interface FiscalYearListResponse {
  items: FiscalYear[];
}

export interface FiscalYearDraft {
  id: string;
  number: string;
  date: string;
  description: string;
}

export interface FiscalYearCloseResponse {
  jobId: string;
}

/** The 409 body of a refused closing. */
export interface FiscalYearCloseRefusal {
  message: string;
  drafts: FiscalYearDraft[];
}

export interface FiscalYearCloseResult {
  start: string;
  /** False when the job had already been applied (a second delivery changes nothing). */
  applied: boolean;
  closingEntryNumber: string | null;
  openingEntryNumber: string | null;
  result: string;
}

/** The closing job's status: done/total in percent, `result` once completed, `error` (French) once failed. */
export type FiscalYearJobStatus = JobStatus<FiscalYearCloseResult>;

/** "2025" for a calendar year, "2025-2026" for a straddling one. */
export function fiscalYearRangeLabel(start: string, end: string): string {
  const a = start.slice(0, 4);
  const b = end.slice(0, 4);
  return a === b ? a : `${a}-${b}`;
}

/** The one-year range starting at `start` (YYYY-MM-DD): its last day. */
export function fiscalYearEnd(start: string): string {
  const d = new Date(`${start}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

export const FISCAL_YEAR_START_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export const MESSAGES_FISCAL_YEAR = {
  title: 'Exercices',
  tab: 'Exercices',
  notFound: 'Exercice introuvable',
  jobNotFound: 'Clôture introuvable',
  empty: 'Aucun exercice',
  close: "Clôturer l'exercice",
  reopen: "Rouvrir l'exercice",
  closeConfirmTitle: (label: string) => `Clôturer l'exercice ${label} ?`,
  closeConfirmText:
    "La clôture solde les comptes de gestion (classes 6, 7 et 8) vers le résultat (131 ou 139), passe l'écriture d'à-nouveaux (journal AN) de l'exercice suivant et interdit toute écriture datée dans l'exercice.",
  reopenConfirmTitle: (label: string) => `Rouvrir l'exercice ${label} ?`,
  reopenConfirmText: "L'écriture de clôture et les à-nouveaux sont contre-passés ; l'exercice redevient modifiable.",
  drafts: (label: string, n: number) =>
    `Clôture impossible : ${n} écriture${n > 1 ? 's' : ''} en brouillon ${n > 1 ? 'sont datées' : 'est datée'} dans l'exercice ${label}. Validez-les ou supprimez-les.`,
  earlierOpen: (label: string) => `Clôturez d'abord l'exercice ${label}.`,
  alreadyClosed: (label: string) => `L'exercice ${label} est déjà clôturé.`,
  notEnded: (label: string) => `L'exercice ${label} n'est pas terminé.`,
  notClosed: (label: string) => `L'exercice ${label} n'est pas clôturé.`,
  notLastClosed: 'Seul le dernier exercice clôturé peut être rouvert.',
  laterEntries: (label: string) =>
    `Réouverture impossible : l'exercice suivant l'exercice ${label} contient des écritures validées autres que ses à-nouveaux.`,
  closedYear: (label: string) => `L'exercice ${label} est clôturé : aucune écriture ne peut y être passée, validée ou annulée.`,
  closing: 'Clôture en cours…',
  closed: (label: string) => `Exercice ${label} clôturé.`,
  reopened: (label: string) => `Exercice ${label} rouvert.`,
  failed: "La clôture de l'exercice a échoué : rien n'a été modifié.",
  closeError: "Erreur lors de la clôture de l'exercice",
  reopenError: "Erreur lors de la réouverture de l'exercice",
  loadError: 'Impossible de charger les exercices',
  closingDescription: (label: string) => `Clôture de l'exercice ${label}`,
  openingDescription: (label: string) => `À-nouveaux de l'exercice ${label}`,
  resultProfit: 'Bénéfice',
  resultLoss: 'Perte',
  draftsTitle: 'Écritures en brouillon',
} as const;
