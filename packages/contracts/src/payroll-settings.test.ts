import { PAYROLL_SET_OPTIONS, payrollSetIdFor, payrollSettingsInputSchema } from './payroll-settings';

describe('payroll settings contract', () => {
  it('offers each set once, dated by its first version', () => {
    expect(PAYROLL_SET_OPTIONS).toEqual([
      { id: 'xaalis', label: 'Barème Xaalis', effectiveFrom: '2000-01-01' },
      { id: 'senegal-official', label: 'Barème officiel sénégalais', effectiveFrom: '2024-01-01' },
    ]);
  });

  it('keeps the chosen set where it is in force and falls back to xaalis before', () => {
    expect(payrollSetIdFor('senegal-official', '2024-01')).toBe('senegal-official');
    expect(payrollSetIdFor('senegal-official', '2023-12')).toBe('xaalis');
    expect(payrollSetIdFor('xaalis', '1999-12')).toBe('xaalis');
  });

  it('parses the class as a number or its digit, and refuses the rest in French', () => {
    expect(payrollSettingsInputSchema.parse({ parameterSetId: 'xaalis', accidentRiskClass: ' 3 ' })).toEqual({
      parameterSetId: 'xaalis',
      accidentRiskClass: 3,
    });
    const issue = (body: object) => payrollSettingsInputSchema.safeParse(body).error?.issues[0]?.message;
    expect(issue({ parameterSetId: 'autre', accidentRiskClass: 1 })).toBe('Barème inconnu');
    expect(issue({ parameterSetId: 'xaalis', accidentRiskClass: '13' })).toBe('Classe de risque invalide (1, 2 ou 3)');
    expect(issue({ parameterSetId: 'xaalis', accidentRiskClass: 2.5 })).toBe('Classe de risque invalide (1, 2 ou 3)');
    expect(issue({ parameterSetId: 'xaalis', accidentRiskClass: true })).toBe('Classe de risque invalide (1, 2 ou 3)');
    // Leave earned per month: 0 to 10 working days, two decimals at most.
    expect(
      payrollSettingsInputSchema.parse({ parameterSetId: 'xaalis', accidentRiskClass: 1, leaveDaysPerMonth: 2.5 }).leaveDaysPerMonth,
    ).toBe('2.50');
    for (const leaveDaysPerMonth of ['11', '-1', '2,5', 'deux', '1.234'])
      expect(issue({ parameterSetId: 'xaalis', accidentRiskClass: 1, leaveDaysPerMonth })).toBe(
        'Jours de congé par mois invalides (de 0 à 10, au plus deux décimales)',
      );
  });
});
