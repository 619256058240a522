import {
  MESSAGES_REPORTS,
  REPORT_CHECK_LABELS,
  type GeneralLedgerAccount,
  type GeneralLedgerRow,
  type ReportChecks,
} from '@xaalis/contracts';
import { add, sub, sum } from '@xaalis/domain';

/** The company printed above a report (the company's current details; null or absent fields are left out). */
export interface ReportCompany {
  name: string;
  address?: string | null;
  phone?: string | null;
  email?: string | null;
  /** NINEA */
  taxNumber?: string | null;
  /** RCCM */
  registrationNumber?: string | null;
}

/** The company's printed fields alone, an unknown one as null (a `Company` carries more). */
export function reportCompany(c: ReportCompany) {
  return {
    name: c.name,
    address: c.address ?? null,
    phone: c.phone ?? null,
    email: c.email ?? null,
    taxNumber: c.taxNumber ?? null,
    registrationNumber: c.registrationNumber ?? null,
  };
}

/** What every exported report shows above its table. */
export interface ReportHeader {
  company: ReportCompany;
  /** e.g. REPORT_DOCUMENT_TITLES['balance-sheet']. */
  title: string;
  /** e.g. 'Exercice 2026 (01/01/2026 – 31/12/2026)'. */
  period: string;
  generatedAt: Date;
}

/** Column and row labels of the exported reports (the statements' own columns come with the report). */
export const EXPORT_LABELS = {
  ref: 'Réf.',
  label: 'Libellé',
  actif: 'Actif',
  passif: 'Passif',
  account: 'Compte',
  accountName: 'Intitulé',
  opening: "Solde d'ouverture",
  period: 'Mouvements de la période',
  closing: 'Solde de clôture',
  debit: 'Débit',
  credit: 'Crédit',
  date: 'Date',
  piece: 'Pièce',
  journal: 'Journal',
  reference: 'Référence',
  balance: 'Solde',
  total: 'Total',
  grandTotal: 'Total général',
  generatedAt: 'Édité le',
  taxNumber: 'NINEA',
  registrationNumber: 'RCCM',
} as const;

/** "14/03/2026 à 09:05", in Dakar time (UTC+0). */
export function frDateTime(date: Date): string {
  const parts = new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Africa/Dakar',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} à ${part('hour')}:${part('minute')}`;
}

export const generatedLine = (header: ReportHeader) => `${EXPORT_LABELS.generatedAt} ${frDateTime(header.generatedAt)}`;

/** The company's details on one line: address, phone, e-mail, NINEA, RCCM (what is known). */
export function companyDetails(company: ReportCompany): string {
  const parts: string[] = [];
  if (company.address) parts.push(company.address);
  if (company.phone) parts.push(`Tél. : ${company.phone}`);
  if (company.email) parts.push(company.email);
  if (company.taxNumber) parts.push(`${EXPORT_LABELS.taxNumber} : ${company.taxNumber}`);
  if (company.registrationNumber) parts.push(`${EXPORT_LABELS.registrationNumber} : ${company.registrationNumber}`);
  return parts.join(' · ');
}

/** The warnings a report carries: failed consistency checks, accounts without a reference line. Empty when all is well. */
export function reportWarnings(checks: ReportChecks, unmappedAccounts: readonly string[] = []): string[] {
  const warnings: string[] = [];
  const failed = Object.entries(checks)
    .filter(([, ok]) => !ok)
    .map(([key]) => REPORT_CHECK_LABELS[key] ?? key);
  if (failed.length) warnings.push(`${MESSAGES_REPORTS.checkFailed} : ${failed.join(' ; ')}`);
  if (unmappedAccounts.length) warnings.push(`${MESSAGES_REPORTS.unmappedAccounts} : ${unmappedAccounts.join(', ')}`);
  return warnings;
}

/** "2026-03-14" → a Date at midnight UTC (what a spreadsheet date cell stores). */
export function isoDateToUtc(iso: string): Date {
  return new Date(Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))));
}

/** A heading computed from an account's lines (opening balance = first balance − its movement). */
export function summaryFromRows(accountCode: string, rows: GeneralLedgerRow[]): GeneralLedgerAccount {
  const first = rows[0];
  const last = rows[rows.length - 1];
  const opening = first ? add(sub(first.balance, first.debit), first.credit) : '0.00';
  return {
    accountCode,
    accountName: '',
    openingBalance: opening,
    periodDebit: sum(rows.map((r) => r.debit)),
    periodCredit: sum(rows.map((r) => r.credit)),
    closingBalance: last ? last.balance : opening,
    lineCount: rows.length,
  };
}
