import type { PayrollDeclaration, PayrollTransferResult, PayslipList } from '@xaalis/contracts';
import type { Api } from './demo-api';

/*
 * The demo restaurant's payroll as an accountant runs it (issue 31): each month the slips
 * generated and validated, the salaries paid by one bank transfer (the one employee without a
 * bank account by Wave); by the 15th of the next month the tax withheld on salaries declared and
 * paid (the latest month's slips are left validated, for the user's transfer), and each quarter the IPRES and CSS declaration (fewer than 10 employees: quarterly)
 * declared and paid, except the last ended quarter, left for the user to file; some leave and an
 * unpaid absence along the year.
 */

export interface PayrollDemo {
  /**
   * 'Générer la paie du mois', each slip validated, then (unless `pay` is false: the latest month is left for the
   * user to pay) paid by transfer, Wave for the rest; the number of slips.
   */
  run(period: string, paymentDate: string, pay: boolean): Promise<number>;
  /** Declares and pays the salary-tax statement of `period`, and its quarter's social declaration when it ends it. */
  declare(period: string, filedOn: string, lastEndedQuarter: string | null): Promise<number>;
  /** Records an absence (before its month's slips are generated). */
  absence(employeeId: string, kind: 'paid' | 'unpaid', startDate: string, endDate: string, note: string): Promise<void>;
  /** Waits until every payment of a declaration is in the ledger (they are posted asynchronously). */
  posted(): Promise<void>;
}

/** The quarter 'YYYY-Qn' a month ends, or null. */
export const quarterEndedBy = (period: string): string | null => {
  const month = Number(period.slice(5, 7));
  return month % 3 === 0 ? `${period.slice(0, 4)}-Q${month / 3}` : null;
};

export function payrollDemo(api: Api, companyId: string, accounts: { bankId: string; waveId: string }): PayrollDemo {
  const c = `/api/companies/${companyId}`;
  const declarations: { segment: string; id: string }[] = [];

  const fileAndPay = async (segment: string, period: string, filedOn: string, reference: string) => {
    const d = await api.json<PayrollDeclaration>('POST', `${c}/${segment}`, { period, filedOn, reference });
    await api.json('POST', `${c}/${segment}/${d.id}/payments`, { paymentDate: filedOn, treasuryAccountId: accounts.bankId });
    declarations.push({ segment, id: d.id });
  };

  return {
    async run(period, paymentDate, pay) {
      const { jobId } = await api.json<{ jobId: string }>('POST', `${c}/payrolls/generate`, { period });
      await api.waitJob(`${c}/payrolls/generate/${jobId}`);
      const slips = await api.json<PayslipList>('GET', `${c}/payrolls?period=${period}&pageSize=100`);
      for (const slip of slips.items) if (slip.status === 'draft') await api.json('PATCH', `/api/payrolls/${slip.id}/validate`);
      if (!pay) return slips.items.length;
      const transfer = await api.json<PayrollTransferResult>('POST', `${c}/payrolls/transfers`, {
        period,
        paymentDate,
        treasuryAccountId: accounts.bankId,
      });
      for (const slip of transfer.missing)
        await api.json('PATCH', `/api/payrolls/${slip.payslipId}/pay`, {
          paymentDate,
          paymentMethod: 'orange',
          treasuryAccountId: accounts.waveId,
        });
      return transfer.paid + transfer.missing.length;
    },

    async declare(period, filedOn, lastEndedQuarter) {
      await fileAndPay('salary-tax-statements', period, filedOn, `VRS-${period}`);
      const quarter = quarterEndedBy(period);
      if (!quarter || quarter === lastEndedQuarter) return 1;
      await fileAndPay('social-declarations', quarter, filedOn, `IPRES-CSS-${quarter}`);
      return 2;
    },

    async absence(employeeId, kind, startDate, endDate, note) {
      await api.json('POST', `${c}/leaves`, { employeeId, kind, startDate, endDate, note });
    },

    async posted() {
      for (const d of declarations)
        await api.until(
          `comptabilisation du paiement de la déclaration ${d.id}`,
          () => api.json<PayrollDeclaration>('GET', `${c}/${d.segment}/${d.id}`),
          (decl) => decl.payments.every((p) => p.entryNumber !== null),
        );
    },
  };
}
