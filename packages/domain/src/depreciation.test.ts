import fc from 'fast-check';
import {
  days360,
  decliningCoefficient,
  depreciationPlan,
  deriveDepreciationRate,
  type DepreciationMethod,
  type DepreciationParams,
} from './depreciation';
import { fromCents, toCents } from './money';

const params = (over: Partial<DepreciationParams> = {}): DepreciationParams => ({
  category: 'material',
  purchaseDate: '2026-01-01',
  purchasePrice: '1000000.00',
  residualValue: '0.00',
  depreciationMethod: 'linear',
  depreciationRate: '20.00',
  usefulLife: 5,
  ...over,
});

const amounts = (rows: { depreciationAmount: string }[]) => rows.map((r) => r.depreciationAmount);

describe('rate derived from the useful life', () => {
  it('linear: 100 / life, two decimals', () => {
    expect(deriveDepreciationRate('linear', 5)).toBe('20.00');
    expect(deriveDepreciationRate('linear', 3)).toBe('33.33');
    expect(deriveDepreciationRate('linear', 6)).toBe('16.67');
    expect(deriveDepreciationRate('linear', 1)).toBe('100.00');
    expect(deriveDepreciationRate('linear', 100)).toBe('1.00');
    expect(deriveDepreciationRate('linear', 0)).toBe('');
  });
  it('declining: linear × 1.5 (3–4 years), 2 (5–6), 2.5 (above 6)', () => {
    expect([3, 4, 5, 6, 7, 10].map(decliningCoefficient)).toEqual([1.5, 1.5, 2, 2, 2.5, 2.5]);
    expect(deriveDepreciationRate('declining', 3)).toBe('50.00');
    expect(deriveDepreciationRate('declining', 4)).toBe('37.50');
    expect(deriveDepreciationRate('declining', 5)).toBe('40.00');
    expect(deriveDepreciationRate('declining', 6)).toBe('33.33');
    expect(deriveDepreciationRate('declining', 8)).toBe('31.25');
  });
});

describe('30/360 days', () => {
  it('counts months of 30 days', () => {
    expect(days360('2026-01-01', '2027-01-01')).toBe(360);
    expect(days360('2026-03-15', '2027-01-01')).toBe(286);
    expect(days360('2026-07-01', '2027-01-01')).toBe(180);
    expect(days360('2026-12-31', '2027-01-01')).toBe(1);
  });
});

describe('depreciation plan: examples', () => {
  it('linear, full first year: five equal rows', () => {
    const rows = depreciationPlan(params(), '01-01');
    expect(amounts(rows)).toEqual(Array(5).fill('200000.00'));
    expect(rows.map((r) => r.year)).toEqual([2026, 2027, 2028, 2029, 2030]);
    expect(rows[0]).toMatchObject({
      beginningValue: '1000000.00',
      endingValue: '800000.00',
      periodStart: '2026-01-01',
      periodEnd: '2026-12-31',
    });
    expect(rows[4].endingValue).toBe('0.00');
  });

  it('linear prorata temporis in days (30/360) from the purchase date, the last row taking the rest', () => {
    // 15 March: 286 days of 360 → 1 000 000 × 20 % × 286/360 = 158 888,89 → 158 889 F.
    const rows = depreciationPlan(params({ purchaseDate: '2026-03-15' }), '01-01');
    expect(amounts(rows)).toEqual(['158889.00', '200000.00', '200000.00', '200000.00', '200000.00', '41111.00']);
    expect(rows[5].endingValue).toBe('0.00');
    expect(rows[0].periodStart).toBe('2026-03-15');
  });

  it('follows the company fiscal year (1 July)', () => {
    const rows = depreciationPlan(params({ purchaseDate: '2026-03-15' }), '07-01');
    // 15 March → 1 July: 106 days.
    expect(rows[0]).toMatchObject({ year: 2025, periodEnd: '2026-06-30', depreciationAmount: '58889.00' });
    expect(rows[1]).toMatchObject({ year: 2026, periodStart: '2026-07-01', periodEnd: '2027-06-30' });
  });

  it('residual value: base = price − residual, the plan ends at the residual', () => {
    const rows = depreciationPlan(params({ residualValue: '100000.00', depreciationRate: '33.33', usefulLife: 3 }), '01-01');
    expect(amounts(rows)).toEqual(['299970.00', '299970.00', '300060.00']);
    expect(rows[2].endingValue).toBe('100000.00');
  });

  it('declining: rate × coefficient on the net value, prorata in months, switch to linear', () => {
    // 5 years, 40 %, bought 1 April (9 months): 300 000; 280 000; 168 000; then linear 126 000 × 2.
    const rows = depreciationPlan(
      params({ depreciationMethod: 'declining', depreciationRate: '40.00', purchaseDate: '2026-04-20' }),
      '01-01',
    );
    expect(amounts(rows)).toEqual(['300000.00', '280000.00', '168000.00', '126000.00', '126000.00']);
  });

  it('financial assets have no plan', () => {
    expect(depreciationPlan(params({ category: 'financial' }), '01-01')).toEqual([]);
  });
});

const methods: DepreciationMethod[] = ['linear', 'declining'];
const planInput = fc
  .record({
    method: fc.constantFrom(...methods),
    life: fc.integer({ min: 1, max: 100 }),
    priceCents: fc.bigInt({ min: 1n, max: 10_000_000_000_00n }),
    residualPermille: fc.integer({ min: 0, max: 999 }),
    date: fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2060-12-31T00:00:00Z'), noInvalidDate: true }),
    fiscal: fc.constantFrom('01-01', '07-01', '04-15', '10-01', '02-29'),
    rateDelta: fc.constantFrom(-1, 0, 1),
  })
  .filter((v) => v.method === 'linear' || v.life >= 3)
  .map((v) => {
    const rate = deriveDepreciationRate(v.method, v.life);
    // A client may round the rate ±0.01 differently: still accepted, so the plan must cope.
    const adjusted = fromCents(toCents(rate) + BigInt(v.rateDelta));
    const residual = (v.priceCents * BigInt(v.residualPermille)) / 1000n;
    return {
      fiscal: v.fiscal,
      p: params({
        depreciationMethod: v.method,
        usefulLife: v.life,
        depreciationRate: toCents(adjusted) > 0n ? adjusted : rate,
        purchasePrice: fromCents(v.priceCents),
        residualValue: fromCents(residual >= v.priceCents ? 0n : residual),
        purchaseDate: v.date.toISOString().slice(0, 10),
      }),
    };
  });

describe('depreciation plan: properties', () => {
  it('Σ depreciation = base, ending value = residual, rows chained, no negative value, whole francs but the last', () => {
    fc.assert(
      fc.property(planInput, ({ p, fiscal }) => {
        const rows = depreciationPlan(p, fiscal);
        const base = toCents(p.purchasePrice) - toCents(p.residualValue);
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.reduce((s, r) => s + toCents(r.depreciationAmount), 0n)).toBe(base);
        expect(rows[rows.length - 1].endingValue).toBe(fromCents(toCents(p.residualValue)));
        expect(rows[0].beginningValue).toBe(fromCents(toCents(p.purchasePrice)));
        rows.forEach((r, i) => {
          expect(toCents(r.depreciationAmount)).toBeGreaterThanOrEqual(0n);
          expect(toCents(r.endingValue)).toBeGreaterThanOrEqual(toCents(p.residualValue));
          expect(toCents(r.beginningValue) - toCents(r.depreciationAmount)).toBe(toCents(r.endingValue));
          expect(r.rowNo).toBe(i + 1);
          if (i > 0) {
            expect(r.beginningValue).toBe(rows[i - 1].endingValue);
            expect(r.year).toBe(rows[i - 1].year + 1);
            expect(r.periodStart > rows[i - 1].periodEnd).toBe(true);
          }
          if (i < rows.length - 1) expect(toCents(r.depreciationAmount) % 100n).toBe(0n);
        });
        // Linear: the useful life in rows, one more when the first year is partial.
        if (p.depreciationMethod === 'linear') expect(rows.length).toBeLessThanOrEqual(p.usefulLife + 1);
        else expect(rows.length).toBeLessThanOrEqual(p.usefulLife);
      }),
      { numRuns: 200 },
    );
  });

  it('declining: once switched to linear, never below what the declining rate would give', () => {
    fc.assert(
      fc.property(
        planInput.filter(({ p }) => p.depreciationMethod === 'declining'),
        ({ p, fiscal }) => {
          const rows = depreciationPlan(p, fiscal);
          const rate = Number(p.depreciationRate) / 100;
          const residual = toCents(p.residualValue);
          // Rows after the first whose amount differs from declining: the switch. From then on the
          // amount (the last row aside, which takes the rest) is at least the declining amount.
          for (let i = 1; i < rows.length - 1; i++) {
            const net = Number(toCents(rows[i].beginningValue) - residual);
            const declining = net * rate;
            expect(Number(toCents(rows[i].depreciationAmount))).toBeGreaterThanOrEqual(Math.floor(declining) - 100);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
