import { MESSAGES_LOAN, loanInputSchema, loanTotals } from './loans';

const valid = { lender: 'CBAO', amount: '1000000', interestRate: '7.5', startDate: '2026-01-15', endDate: '2027-01-15' };
const messages = (input: unknown) => {
  const r = loanInputSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('loanInputSchema', () => {
  it('normalises a valid loan, with monthly instalments received on 521 by default', () => {
    expect(loanInputSchema.parse({ ...valid, remainingBalance: '1000000.00' })).toEqual({
      lender: 'CBAO',
      amount: '1000000.00',
      interestRate: '7.50',
      startDate: '2026-01-15',
      endDate: '2027-01-15',
      paymentFrequency: 'monthly',
      treasuryAccount: '521',
      remainingBalance: '1000000.00',
    });
    expect(loanInputSchema.parse({ ...valid, interestRate: 0, treasuryAccount: '571' })).toMatchObject({
      interestRate: '0.00',
      treasuryAccount: '571',
    });
  });

  it('refuses with the French messages', () => {
    expect(messages({})).toEqual(
      expect.arrayContaining([
        MESSAGES_LOAN.lenderRequired,
        MESSAGES_LOAN.amountRequired,
        MESSAGES_LOAN.interestRateRequired,
        MESSAGES_LOAN.startDateRequired,
        MESSAGES_LOAN.endDateRequired,
      ]),
    );
    expect(messages({ ...valid, lender: '  ' })).toEqual([MESSAGES_LOAN.lenderRequired]);
    expect(messages({ ...valid, amount: '0' })).toEqual([MESSAGES_LOAN.amountPositive]);
    expect(messages({ ...valid, amount: '-5' })).toEqual(['Le montant ne peut pas être négatif']);
    expect(messages({ ...valid, interestRate: '-1' })).toEqual([MESSAGES_LOAN.interestRateInvalid]);
    expect(messages({ ...valid, interestRate: '100.01' })).toEqual([MESSAGES_LOAN.interestRateInvalid]);
    expect(messages({ ...valid, interestRate: '100' })).toEqual([]);
    expect(messages({ ...valid, endDate: '2026-01-14' })).toEqual([MESSAGES_LOAN.endBeforeStart]);
    expect(messages({ ...valid, endDate: '2026-02-14' })).toEqual([MESSAGES_LOAN.periodTooShort]);
    expect(messages({ ...valid, endDate: '2026-02-15' })).toEqual([]);
    expect(messages({ ...valid, endDate: '2026-12-31', paymentFrequency: 'yearly' })).toEqual([MESSAGES_LOAN.periodTooShort]);
    expect(messages({ ...valid, endDate: '2127-01-15' })).toEqual([MESSAGES_LOAN.tooManyInstalments]);
    expect(messages({ ...valid, startDate: '2026-02-30' })).toEqual([MESSAGES_LOAN.startDateRequired]);
    expect(messages({ ...valid, treasuryAccount: '513' })).toEqual([MESSAGES_LOAN.treasuryAccountInvalid]);
    expect(messages({ ...valid, paymentFrequency: 'weekly' })).toEqual([MESSAGES_LOAN.frequencyInvalid]);
  });
});

it('adds up the four figures exactly', () => {
  expect(
    loanTotals([
      { amount: '0.10', remainingBalance: '0.10', status: 'active' },
      { amount: '0.20', remainingBalance: '0.00', status: 'completed' },
    ]),
  ).toEqual({ count: 2, borrowed: '0.30', remaining: '0.10', active: 1 });
});
