import { z } from 'zod';
import { isCalendarDate } from '@xaalis/domain';
import { pageQueryFields, nullableText } from './fields';
import { text } from './text';

/*
 * Paid leave and absences (issue 31): recorded per employee with their dates, counted in working
 * days (Monday to Saturday); the payslip of a month uses the paid leave and unpaid absence of its
 * days (domain payroll.ts, PayslipAbsences). Leave accrues per month paid (2 days by default, the
 * company's payroll setting).
 */

export const LEAVE_KINDS = ['paid', 'unpaid', 'sick', 'other'] as const;
export type LeaveKind = (typeof LEAVE_KINDS)[number];
export const LEAVE_KIND_LABELS: Record<LeaveKind, string> = {
  paid: 'Congé payé',
  unpaid: 'Absence non rémunérée',
  sick: 'Maladie',
  other: 'Autre absence',
};

/** Leave earned per month worked when the company did not set it (Code du travail, art. L.148). */
export const DEFAULT_LEAVE_DAYS_PER_MONTH = '2.00';

export const MESSAGES_LEAVE = {
  employeeRequired: 'Sélectionnez un employé',
  kindInvalid: 'Type invalide : congé payé, absence non rémunérée, maladie ou autre',
  startRequired: 'Date de début requise (AAAA-MM-JJ)',
  endRequired: 'Date de fin requise (AAAA-MM-JJ)',
  endBeforeStart: 'La date de fin ne peut précéder la date de début',
  tooLong: 'Une absence couvre au plus 366 jours : saisissez-la en plusieurs fois',
  noWorkingDay: 'Aucun jour ouvrable sur ces dates',
  overlap: 'Une absence de cet employé couvre déjà une partie de ces dates',
  slipCounted: 'Un bulletin validé couvre ces dates : annulez-le avant de modifier les absences du mois',
  notFound: 'Absence introuvable',
  created: 'Absence enregistrée',
  deleted: 'Absence supprimée',
  empty: 'Aucune absence enregistrée',
  insufficientBalance: 'Solde de congés insuffisant',
} as const;

const isoDate = (error: string) =>
  text({ error })
    .trim()
    .refine((v) => isCalendarDate(v), { error });

/** `POST /api/companies/:id/leaves`. */
export const leaveInputSchema = z
  .object({
    employeeId: z.uuid({ error: MESSAGES_LEAVE.employeeRequired }),
    kind: z.enum(LEAVE_KINDS, { error: MESSAGES_LEAVE.kindInvalid }),
    startDate: isoDate(MESSAGES_LEAVE.startRequired),
    endDate: isoDate(MESSAGES_LEAVE.endRequired),
    note: nullableText(255),
  })
  .refine((v) => v.endDate >= v.startDate, { error: MESSAGES_LEAVE.endBeforeStart, path: ['endDate'] });
export type LeaveInput = z.input<typeof leaveInputSchema>;

/** `GET /api/companies/:id/leaves?employeeId=&page=&pageSize=`: newest first. */
export const leaveListQuerySchema = z.object({ ...pageQueryFields(50, 200), employeeId: z.uuid().optional() });

export interface Leave {
  id: string;
  employeeId: string;
  employee: { firstName: string; lastName: string; employeeNumber: string };
  kind: LeaveKind;
  startDate: string;
  endDate: string;
  /** Working days (Monday to Saturday) in the dates. */
  days: string;
  note: string | null;
  createdAt: string;
}

/** `GET /api/companies/:id/leaves/balances[?employeeId=]`: paid leave earned and taken, per active employee. */
export interface LeaveBalance {
  employeeId: string;
  /** Months paid (validated or paid slips). */
  months: number;
  accrued: string;
  taken: string;
  balance: string;
}
