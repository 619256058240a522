import { depreciationAccountCandidates, investmentInputSchema, investmentTotals } from './investments';

describe('investment input', () => {
  const valid = {
    name: 'Ordinateur',
    purchaseDate: '2026-03-15',
    purchasePrice: '1500000',
    depreciationRate: '33.33',
    usefulLife: 3,
  };
  const messageOf = (body: object) => {
    const r = investmentInputSchema.safeParse(body);
    return r.success ? null : r.error.issues[0].message;
  };

  it('defaults: category material, method linear, residual 0', () => {
    expect(investmentInputSchema.parse(valid)).toMatchObject({
      category: 'material',
      depreciationMethod: 'linear',
      residualValue: '0.00',
      purchasePrice: '1500000.00',
      depreciationRate: '33.33',
      usefulLife: 3,
      accountId: null,
    });
  });

  it('refuses in French: inconsistent rate, residual above price, life out of range, price ≤ 0', () => {
    expect(messageOf({ ...valid, depreciationRate: '20' })).toBe("Taux incohérent avec la durée d'utilité : 33,33 % attendu");
    expect(messageOf({ ...valid, depreciationRate: '33.34' })).toBeNull();
    expect(messageOf({ ...valid, residualValue: '1600000' })).toBe("La valeur résiduelle doit être inférieure au prix d'achat");
    expect(messageOf({ ...valid, usefulLife: 0 })).toBe("La durée d'utilité doit être un nombre entier d'années entre 1 et 100");
    expect(messageOf({ ...valid, usefulLife: 101 })).toBe("La durée d'utilité doit être un nombre entier d'années entre 1 et 100");
    expect(messageOf({ ...valid, usefulLife: 2.5 })).toBe("La durée d'utilité doit être un nombre entier d'années entre 1 et 100");
    expect(messageOf({ ...valid, purchasePrice: '0' })).toBe("Le prix d'achat doit être supérieur à zéro");
    expect(messageOf({ ...valid, purchasePrice: '-5' })).toBe("Le prix d'achat doit être supérieur à zéro");
    expect(messageOf({ ...valid, purchasePrice: '' })).toBe("Prix d'achat requis");
    expect(messageOf({ ...valid, name: ' ' })).toBe('Nom requis');
    expect(messageOf({ ...valid, purchaseDate: '2026-02-30' })).toBe("Date d'achat requise");
    expect(messageOf({ ...valid, depreciationRate: '' })).toBe("Taux d'amortissement requis");
    expect(messageOf({ ...valid, usefulLife: '' })).toBe("Durée d'utilité requise");
    expect(messageOf({ ...valid, depreciationMethod: 'declining', usefulLife: 2, depreciationRate: '75' })).toBe(
      "L'amortissement dégressif exige une durée d'utilité d'au moins 3 ans",
    );
    expect(messageOf({ ...valid, depreciationMethod: 'declining', depreciationRate: '50' })).toBeNull();
  });

  it('financial assets: no rate check (no plan)', () => {
    expect(messageOf({ ...valid, category: 'financial', depreciationRate: '0' })).toBeNull();
  });
});

describe('helpers', () => {
  it('depreciation accounts matching an asset account', () => {
    expect(depreciationAccountCandidates('2441')).toEqual(['28441', '2844', '284', '28']);
    expect(depreciationAccountCandidates('213')).toEqual(['2813', '281', '28']);
  });
  it('totals', () => {
    expect(
      investmentTotals([
        { purchasePrice: '1000.00', currentValue: '800.00' },
        { purchasePrice: '500.50', currentValue: '500.50' },
      ]),
    ).toEqual({ count: 2, purchase: '1500.50', current: '1300.50', depreciation: '200.00' });
  });
});
