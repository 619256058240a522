import {
  MESSAGES_PRODUCTION,
  finishedProductInputSchema,
  productionOrderCompleteSchema,
  productionOrderInputSchema,
  productionOrderStatusLabel,
  rawMaterialInputSchema,
  shortageMessage,
  transitionRefused,
} from './production';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('production contracts', () => {
  it('labels the statuses as the spec does, any other value as Annulé', () => {
    expect(['pending', 'in_progress', 'completed', 'cancelled', 'planned'].map(productionOrderStatusLabel)).toEqual([
      'En Attente',
      'En Cours',
      'Terminé',
      'Annulé',
      'Annulé',
    ]);
    expect(transitionRefused('completed')).toBe("Transition impossible : l'ordre est Terminé");
  });

  it('words a shortage with the material, what is needed and what is available', () => {
    const line = { rawMaterialId: 'x', name: 'Farine', unit: 'kg' as const, needed: '12.000', available: '5.000' };
    expect(shortageMessage([line])).toBe('Stock insuffisant pour Farine : besoin 12.000 kg, disponible 5.000');
    expect(shortageMessage([line, { ...line, name: 'Sucre' }])).toContain(' ; Stock insuffisant pour Sucre');
  });

  it('normalises a raw material: quantities to three decimals, money to two, "none" supplier to null', () => {
    expect(
      rawMaterialInputSchema.parse({
        name: ' Farine ',
        category: 'ingredient',
        unit: 'kg',
        currentStock: 12.5,
        unitCost: '450',
        supplierId: 'none',
      }),
    ).toEqual({
      name: 'Farine',
      reference: null,
      category: 'ingredient',
      unit: 'kg',
      currentStock: '12.500',
      minStock: '0.000',
      unitCost: '450.00',
      supplierId: null,
    });
    expect(firstMessage(rawMaterialInputSchema.safeParse({ name: 'x', category: 'ingredient', unit: 'kg' }))).toBe(
      MESSAGES_PRODUCTION.unitCostRequired,
    );
  });

  it('refuses a bill of materials with a duplicated raw material or a zero quantity', () => {
    const id = '0b0e8f9e-9c61-4f2b-9d35-2d1f3b6a7c01';
    const base = { name: 'Pain', unit: 'pcs' };
    expect(finishedProductInputSchema.parse(base).billOfMaterials).toEqual([]);
    expect(
      firstMessage(
        finishedProductInputSchema.safeParse({
          ...base,
          billOfMaterials: [
            { rawMaterialId: id, quantity: '1' },
            { rawMaterialId: id.toUpperCase(), quantity: '2' },
          ],
        }),
      ),
    ).toBe(MESSAGES_PRODUCTION.bomDuplicate);
    expect(
      firstMessage(finishedProductInputSchema.safeParse({ ...base, billOfMaterials: [{ rawMaterialId: id, quantity: '0.000' }] })),
    ).toBe(MESSAGES_PRODUCTION.quantityPositive);
  });

  it('wants at least one unit to produce and a positive quantity produced', () => {
    const order = { finishedProductId: '0b0e8f9e-9c61-4f2b-9d35-2d1f3b6a7c01' };
    expect(firstMessage(productionOrderInputSchema.safeParse({ ...order, quantityToProduce: 0 }))).toBe(
      MESSAGES_PRODUCTION.quantityToProduceMin,
    );
    expect(firstMessage(productionOrderInputSchema.safeParse({ ...order, quantityToProduce: '' }))).toBe(
      MESSAGES_PRODUCTION.quantityToProduceInvalid,
    );
    expect(productionOrderInputSchema.parse({ ...order, quantityToProduce: '3', startDate: '', notes: '' })).toMatchObject({
      quantityToProduce: 3,
      startDate: null,
      endDate: null,
      notes: null,
    });
    expect(productionOrderCompleteSchema.parse({ quantityProduced: '2.5' })).toEqual({ quantityProduced: '2.500', actualEndDate: null });
    expect(firstMessage(productionOrderCompleteSchema.safeParse({ quantityProduced: '0' }))).toBe(MESSAGES_PRODUCTION.quantityPositive);
  });
});
