import type { PostPayslipJob } from '@xaalis/contracts';
import { dec, isZero, money, type DecimalValue } from '@xaalis/domain';
import type { PostingLine } from '../posting';

/**
 * The SYSCOHADA accounts of a payslip's PA entry (DESIGN.md §6, issue 11).
 * Missing ones are created in the company's chart from the reference by postEntry.
 */
export const PAYROLL_ACCOUNTS = {
  /** Appointements, salaires et commissions: the gross pay. */
  gross: '6611',
  /** Charges sociales sur rémunération du personnel national: employer IPRES and CSS shares. */
  employerCharges: '6641',
  /** Taxes sur appointements et salaires: the employer's CFCE. */
  payrollTax: '6413',
  /** Caisse de retraite obligatoire (IPRES). */
  ipres: '4313',
  /** Prestations familiales (CSS). */
  cssFamily: '4311',
  /** Accidents de travail (CSS). */
  cssAccidents: '4312',
  /** Impôts sur salaires: income tax and TRIMF withheld, CFCE owed. */
  taxes: '4472',
  /** Personnel, rémunérations dues: the net to pay. */
  netPay: '422',
} as const;

/** Source types of the entries, unique per (company, source type, payslip id) among non-reversals. */
export const PAYSLIP_SOURCE = { validated: 'payslip', paid: 'payslip-payment' } as const;

/** Thrown when a payload's figures do not add up: the job fails without retrying (the same figures would fail again). */
export class PayslipPostingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PayslipPostingError';
  }
}

/** The CSS account of a contribution: the work-accident branch has its own, family allowances (and the rest) 4311. */
function cssAccount(code: string): string {
  return /(^|_)AT$/.test(code) ? PAYROLL_ACCOUNTS.cssAccidents : PAYROLL_ACCOUNTS.cssFamily;
}

/** Income tax and TRIMF come in their own fields: a contribution line carrying them again is not counted twice. */
const WITHHELD_TAX_CODES = new Set(['IR', 'TRIMF']);

/**
 * The lines of the PA entry of a validated payslip:
 *   D 6611 gross, D 6641 employer IPRES/CSS, D 6413 employer DGID (CFCE)
 *   C 4313 IPRES, C 4311/4312 CSS (employee + employer), C 4472 income tax, TRIMF and CFCE, C 422 net.
 * Checks in exact cents that gross + employer charges = net + contributions + taxes, and
 * throws a PayslipPostingError naming both sides otherwise.
 */
export function validatedLines(job: PostPayslipJob): PostingLine[] {
  const label = (what: string) => `${what} — ${job.employeeLabel} (${job.period})`.slice(0, 255);
  const debit: PostingLine[] = [{ accountCode: PAYROLL_ACCOUNTS.gross, description: label('Salaire brut'), debit: job.gross }];
  const credit: PostingLine[] = [];
  let employerSocial = dec(0);
  let employerTax = dec(0);
  let creditTotal = dec(0);
  const addCredit = (accountCode: string, what: string, amount: DecimalValue) => {
    if (isZero(amount)) return;
    credit.push({ accountCode, description: label(what), credit: money(amount) });
    creditTotal = creditTotal.plus(amount);
  };

  for (const c of job.contributions) {
    if (c.organism === 'DGID' && WITHHELD_TAX_CODES.has(c.code)) continue;
    const both = dec(c.employee).plus(c.employer);
    if (c.organism === 'DGID') {
      employerTax = employerTax.plus(c.employer);
      addCredit(PAYROLL_ACCOUNTS.taxes, c.code, both);
    } else if (c.organism === 'IPRES') {
      employerSocial = employerSocial.plus(c.employer);
      addCredit(PAYROLL_ACCOUNTS.ipres, c.code, both);
    } else if (c.organism === 'CSS') {
      employerSocial = employerSocial.plus(c.employer);
      addCredit(cssAccount(c.code), c.code, both);
    } else {
      throw new PayslipPostingError(`Organisme inconnu pour la cotisation ${c.code} : ${c.organism}`);
    }
  }
  addCredit(PAYROLL_ACCOUNTS.taxes, 'Impôt sur le revenu retenu', job.incomeTax);
  addCredit(PAYROLL_ACCOUNTS.taxes, 'TRIMF retenue', job.trimf);
  addCredit(PAYROLL_ACCOUNTS.netPay, 'Net à payer', job.net);

  if (employerSocial.gt(0)) {
    debit.push({
      accountCode: PAYROLL_ACCOUNTS.employerCharges,
      description: label('Charges sociales patronales'),
      debit: money(employerSocial),
    });
  }
  if (employerTax.gt(0)) {
    debit.push({
      accountCode: PAYROLL_ACCOUNTS.payrollTax,
      description: label('Taxes sur salaires (CFCE)'),
      debit: money(employerTax),
    });
  }
  const debitTotal = employerSocial.plus(employerTax).plus(job.gross);
  if (!debitTotal.eq(creditTotal)) {
    throw new PayslipPostingError(
      `Bulletin ${job.payslipId} déséquilibré : brut + charges patronales = ${money(debitTotal)}, ` +
        `net + cotisations + impôts = ${money(creditTotal)}`,
    );
  }
  return [...debit, ...credit];
}

/** The lines of a payslip's payment: D 422 net / C the treasury account (its chart account's id). */
export function paidLines(job: PostPayslipJob, treasuryAccountId: string): PostingLine[] {
  const description = `Paiement salaire — ${job.employeeLabel} (${job.period})`.slice(0, 255);
  return [
    { accountCode: PAYROLL_ACCOUNTS.netPay, description, debit: job.net },
    { accountId: treasuryAccountId, description, credit: job.net },
  ];
}
