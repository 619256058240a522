import type { Company } from '@xaalis/contracts';
import { internalClient, type InternalClient, type Logger, type PdfCompany } from '@xaalis/service-kit';

/** Reads the employer's identity for a printed document. */
export type EmployerLookup = (companyId: string) => Promise<PdfCompany | null>;

/**
 * The company as the accounting service (the company record's owner) has it,
 * through its internal route. A bulletin must print even when accounting is
 * down, slow or has no such company: any failure is logged and answers null
 * (the PDF then shows '—').
 */
export function employerLookup(accounting: InternalClient, log?: Logger): EmployerLookup {
  return async (companyId) => {
    try {
      const c = await accounting.get<Company>(`/internal/companies/${encodeURIComponent(companyId)}`, { timeoutMs: 1_500 });
      return {
        name: c.name,
        address: c.address,
        phone: c.phone,
        email: c.email,
        registrationNumber: c.registrationNumber,
        taxNumber: c.taxNumber,
      };
    } catch (err) {
      log?.warn({ companyId, err: (err as Error).message }, 'employer identity not available for the payslip PDF');
      return null;
    }
  };
}

/** The lookup of a running service: ACCOUNTING_URL (else the local default port), the shared internal token. */
export const accountingEmployerLookup = (internalToken: string, log?: Logger) =>
  employerLookup(internalClient('accounting', internalToken), log);
