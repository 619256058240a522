import { MESSAGES_PAYROLL, payslipInputSchema } from './payroll';

describe('payslipInputSchema', () => {
  const messages = (input: unknown) => {
    const r = payslipInputSchema.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };
  it('gives the spec’s French messages', () => {
    expect(messages({})).toEqual([MESSAGES_PAYROLL.employeeRequired, MESSAGES_PAYROLL.periodRequired, MESSAGES_PAYROLL.baseSalaryRequired]);
    expect(messages({ employeeId: 'e1', period: '2024-1', baseSalary: '  ' })).toEqual([
      MESSAGES_PAYROLL.periodRequired,
      MESSAGES_PAYROLL.baseSalaryRequired,
    ]);
    expect(messages({ employeeId: 'e1', period: '2024-01', baseSalary: '-3' })).toEqual(['Le montant ne peut pas être négatif']);
    expect(messages({ employeeId: 'e1', period: '2024-01', baseSalary: '1000', overtimeHours: 'deux' })).toEqual([
      MESSAGES_PAYROLL.overtimeHoursInvalid,
    ]);
  });
  it('normalises the amounts and leaves blank optional fields to the defaults', () => {
    expect(
      payslipInputSchema.parse({ employeeId: 'e1', period: '2024-01', baseSalary: 150000, housingAllowance: '5000.5', overtimeHours: '' }),
    ).toEqual({ employeeId: 'e1', period: '2024-01', baseSalary: '150000.00', housingAllowance: '5000.50', overtimeHours: undefined });
  });
});
