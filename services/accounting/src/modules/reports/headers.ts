import { REPORT_DOCUMENT_TITLES, type Company, type FiscalYearInfo, type ReportFormat, type ReportKind } from '@xaalis/contracts';
import { reportCompany, type ReportHeader } from './exports';

const frDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
export const yearPeriod = (fy: FiscalYearInfo) => `Exercice ${fy.label} (du ${frDate(fy.start)} au ${frDate(fy.end)})`;
export const rangePeriod = (from: string, to: string) => `Du ${frDate(from)} au ${frDate(to)}`;

export const CONTENT_TYPES: Record<ReportFormat, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The title block of a report's PDF or workbook. */
export function reportHeader(company: Company, kind: ReportKind, period: string): ReportHeader {
  return {
    company: reportCompany(company),
    title: REPORT_DOCUMENT_TITLES[kind],
    period,
    generatedAt: new Date(),
  };
}
