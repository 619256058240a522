import { incompatibleUnit, menuInputSchema, recipeInputSchema, MESSAGES_RESTAURANT } from './restaurant';

describe('messages', () => {
  it('names both units of an incompatible conversion', () => {
    expect(incompatibleUnit('g', 'l')).toBe('Unité incompatible : g ne se convertit pas en litre');
  });
});

describe('schemas', () => {
  it('fills the recipe defaults and converts the form strings', () => {
    expect(recipeInputSchema.parse({ name: ' Thieb ', servings: '4', preparationTime: '', cookingTime: 10 })).toMatchObject({
      name: 'Thieb',
      category: 'main',
      servings: 4,
      cookingTime: 10,
      sellingPrice: '0.00',
      ingredients: [],
    });
    expect(recipeInputSchema.safeParse({ name: 'X', servings: 0 }).success).toBe(false);
  });

  it('refuses a menu ending before it starts, in French', () => {
    const res = menuInputSchema.safeParse({ name: 'M', validFrom: '2026-02-01', validTo: '2026-01-31' });
    expect(res.success).toBe(false);
    expect(res.error?.issues[0].message).toBe(MESSAGES_RESTAURANT.validToBeforeValidFrom);
    expect(menuInputSchema.parse({ name: 'M', validFrom: '2026-02-01', validTo: '2026-02-01' }).isActive).toBe(true);
  });
});
