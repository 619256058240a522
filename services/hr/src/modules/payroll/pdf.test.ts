import { type Employee, type Payslip } from '@xaalis/contracts';
import { computePayslip, formatXofExact, parameterSetFor } from '@xaalis/domain';
import { amountInFrenchWords, pdfPageCount, pdfText } from '@xaalis/service-kit';
import { payslipDocument, periodLabel, renderPayslipPdf, type PayslipPdfData } from './pdf';

const breakdown = computePayslip(
  { baseSalary: '1500000', housingAllowance: '100000', isCadre: true, maritalStatus: 'married', children: 2 },
  parameterSetFor('senegal-official', '2024-05')!,
);
const t = breakdown.totals;

const employee: Employee = {
  id: '00000000-0000-4000-8000-000000000001',
  employeeNumber: 'E042',
  firstName: 'Moussa',
  lastName: 'Sarr',
  position: 'Directeur financier',
  department: 'Finance',
  hireDate: '2021-09-01',
  salary: '1500000.00',
  salaryType: 'monthly',
  bankAccount: null,
  ipresNumber: null,
  cssNumber: null,
  phone: null,
  email: null,
  address: 'Sicap Liberté 6, Dakar',
  status: 'active',
  isCadre: true,
  maritalStatus: 'married',
  children: 2,
  companyId: '00000000-0000-4000-8000-000000000002',
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
};

const payslip = (over: Partial<Payslip> = {}): Payslip => ({
  id: '00000000-0000-4000-8000-000000000003',
  employeeId: employee.id,
  employee: { id: employee.id, firstName: 'Moussa', lastName: 'Sarr', employeeNumber: 'E042', position: 'Directeur financier' },
  period: '2024-05',
  parameterSetId: 'senegal-official',
  baseSalary: '1500000.00',
  allowances: '100000.00',
  overtimePay: '0.00',
  grossSalary: t.gross,
  socialCharges: t.employeeContributions,
  employerContributions: t.employerContributions,
  incomeTax: t.incomeTax,
  trimf: t.trimf,
  otherDeductions: '0.00',
  netSalary: t.net,
  employerCost: t.employerCost,
  breakdown,
  status: 'paid',
  paymentDate: '2024-05-31',
  paymentMethod: 'bank',
  treasuryAccountId: null,
  postedEntryNumber: null,
  paymentEntryNumber: null,
  postingPending: false,
  createdAt: '2024-05-28T00:00:00.000Z',
  ...over,
});

const data = (over: Partial<PayslipPdfData> = {}): PayslipPdfData => ({
  company: {
    name: 'Teranga Conseil SARL',
    address: 'Rue 10, Dakar',
    phone: '+221 33 800 00 00',
    email: 'contact@teranga.sn',
    registrationNumber: 'SN-DKR-2024-B-1234',
    taxNumber: '009876543 2V2',
  },
  payslip: payslip(),
  employee,
  ytd: { gross: '8012345.00', incomeTax: '1234567.00', trimf: '15000.00' },
  ...over,
});

/** '1 234 567' as printed (no-break spaces read back as spaces). */
const printed = (value: string) => formatXofExact(value, { suffix: false }).replace(/\u00a0/g, ' ');

describe('bulletin de paie PDF', () => {
  it('prints the employer, the employee, every line with base, rates and amounts, the net in figures and words, the year-to-date figures', async () => {
    const pdf = await renderPayslipPdf(data());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPageCount(pdf)).toBe(1);
    const text = pdfText(pdf);
    for (const expected of [
      'Bulletin de paie',
      'Période : Mai 2024',
      'Du 01/05/2024 au 31/05/2024',
      'Payé le 31/05/2024',
      // Employer
      'Teranga Conseil SARL',
      'Rue 10, Dakar',
      'RCCM : SN-DKR-2024-B-1234',
      'NINEA : 009876543 2V2',
      // Employee
      'Moussa Sarr',
      'Matricule : E042',
      'Emploi : Directeur financier (Finance)',
      "Date d'embauche : 01/09/2021",
      'Catégorie : Cadre',
      'Situation : Marié(e), 2 enfants',
      // Table
      'Rubrique',
      'Base',
      'Taux salarial',
      'Part salariale',
      'Taux patronal',
      'Part patronale',
      'Salaire brut',
      'Total des retenues',
      'Net à payer',
      'Coût employeur',
      // Year to date
      'Cumuls 2024 (janvier à mai)',
      'Brut cumulé',
      printed('8012345'),
      printed('1234567'),
      printed('15000'),
      formatXofExact(t.net).replace(/\u00a0/g, ' '),
      'Page 1 / 1',
    ]) {
      expect(text).toContain(expected);
    }
    // Every line of the breakdown, with its base, rates and amounts.
    for (const line of breakdown.lines) {
      expect(text).toContain(line.label);
      if (line.base !== null) expect(text).toContain(printed(line.base));
      if (line.employeeRate && line.employeeRate !== '0.00') expect(text).toContain(`${line.employeeRate.replace('.', ',')} %`);
      if (line.employerRate && line.employerRate !== '0.00') expect(text).toContain(`${line.employerRate.replace('.', ',')} %`);
      if (line.employee !== '0.00') expect(text).toContain(printed(line.employee));
      if (line.employer !== '0.00') expect(text).toContain(printed(line.employer));
    }
    // The net in words ("… francs CFA"), as pdfmake breaks it into words.
    expect(text.replace(/\s+/g, ' ')).toContain(amountInFrenchWords(t.net));
    expect(text).not.toContain('PAYÉE');
  });

  it('prints dashes for the employer when the accounting service did not answer, and flags a draft', async () => {
    const text = pdfText(await renderPayslipPdf(data({ company: null, payslip: payslip({ status: 'draft', paymentDate: null }) })));
    expect(text).toContain('Employeur');
    expect(text).toContain('NINEA : —');
    expect(text).toContain('BROUILLON');
    expect(text).toContain('Moussa Sarr');
    expect(text).not.toContain('Payé le');
  });

  it('names the document and the months in French', () => {
    expect(periodLabel('2024-01')).toBe('Janvier 2024');
    expect(periodLabel('2024-08')).toBe('Août 2024');
    expect(payslipDocument(data()).info).toEqual({
      title: 'Bulletin de paie E042 2024-05',
      author: 'Teranga Conseil SARL',
      creator: 'Xaalis',
    });
  });
});
