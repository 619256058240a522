import type { z } from 'zod';
import {
  MESSAGES_MONEY,
  MESSAGES_TEXT,
  accountInputSchema,
  companyInputSchema,
  entryInputSchema,
  entryListQuerySchema,
  inventoryItemInputSchema,
  inventoryListQuerySchema,
  invoiceInputSchema,
  invoiceListQuerySchema,
  changePasswordSchema,
  loginSchema,
  moneySchema,
  paymentInputSchema,
  registerSchema,
  stockMovementInputSchema,
  thirdPartyInputSchema,
} from './index';

// Every text field refuses a NUL byte (Postgres cannot store it), and no amount
// or sum that validates can overflow a numeric(15,2) column.
const ID = '6f1c2f5e-8d1a-4b7e-9c3a-2b1d4e5f6a7b';
const NUL = 'a\u0000b';

const valid: [string, z.ZodType, Record<string, unknown>][] = [
  ['login', loginSchema, { username: 'awa', password: 'secret123' }],
  ['password change', changePasswordSchema, { currentPassword: 'secret123', newPassword: 'Tamarin-77' }],
  [
    'register',
    registerSchema,
    {
      username: 'awa',
      email: 'awa@exemple.sn',
      password: 'secret123',
      firstName: 'Awa',
      lastName: 'Diop',
      companyName: 'Diop SARL',
      phone: '+221 77 000 00 00',
      address: 'Dakar',
      sector: 'service',
    },
  ],
  [
    'company',
    companyInputSchema,
    { name: 'Diop SARL', address: 'Dakar', phone: '77', registrationNumber: 'SN', taxNumber: 'N', sector: 'service' },
  ],
  ['account', accountInputSchema, { code: '601', name: 'Achats', type: 'expense', category: 'charge', level: 3 }],
  ['third party', thirdPartyInputSchema, { type: 'client', name: 'Sonatel', code: 'C1', address: 'Dakar', phone: '77', taxNumber: 'N' }],
  ['inventory item', inventoryItemInputSchema, { name: 'Riz', category: 'ingredient', unit: 'kg', unitCost: '100' }],
  ['stock movement', stockMovementInputSchema, { type: 'in', quantity: '1', reason: 'Achat', reference: 'R1' }],
  [
    'payment',
    paymentInputSchema,
    { type: 'expense', amount: '100', date: '2026-03-14', method: 'bank', reference: 'R', notes: 'N', companyId: ID },
  ],
  ['entry list query', entryListQuerySchema, { search: 'loyer' }],
  ['invoice list query', invoiceListQuerySchema, { search: 'FV' }],
  ['inventory list query', inventoryListQuerySchema, { search: 'riz' }],
];

const entry = (over: { description?: string; lineDescription?: string; reference?: string } = {}, amount = '1000') => ({
  entry: { number: 'OD-2026-00001', date: '2026-03-14', description: over.description ?? 'Loyer', reference: over.reference ?? 'R' },
  lines: [
    { accountId: ID, description: over.lineDescription ?? 'Loyer', debit: amount, credit: '0' },
    { accountId: ID, description: 'Loyer', debit: amount, credit: '0' },
    { accountId: ID, description: 'Banque', debit: '0', credit: amount },
    { accountId: ID, description: 'Banque', debit: '0', credit: amount },
  ],
});
const invoice = (
  over: { notes?: string; number?: string; description?: string } = {},
  quantity = '1',
  unitPrice = '1000',
  vatRate = '18',
) => ({
  invoice: {
    type: 'sale',
    number: over.number ?? 'FV-2026-0001',
    thirdPartyId: ID,
    date: '2026-03-14',
    paymentMethod: 'bank',
    vatRate,
    notes: over.notes ?? '',
  },
  lines: [{ description: over.description ?? 'Conseil', quantity, unitPrice }],
});

/** The first message of a refused value. */
const firstMessage = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('NUL bytes', () => {
  it.each(valid)('%s: valid as given, every text field refuses a NUL', (_name, schema, value) => {
    expect(schema.safeParse(value).success).toBe(true);
    for (const [key, field] of Object.entries(value)) {
      if (typeof field !== 'string' || ['type', 'category', 'unit', 'sector', 'method', 'companyId'].includes(key)) continue;
      expect([key, firstMessage(schema, { ...value, [key]: `${field}\u0000` })]).toEqual([key, MESSAGES_TEXT.nulByte]);
    }
  });

  it('entries and invoices: descriptions, number, reference, notes', () => {
    expect(entryInputSchema.safeParse(entry()).success).toBe(true);
    for (const over of [{ description: NUL }, { lineDescription: NUL }, { reference: NUL }])
      expect(firstMessage(entryInputSchema, entry(over))).toBe(MESSAGES_TEXT.nulByte);
    expect(invoiceInputSchema.safeParse(invoice()).success).toBe(true);
    for (const over of [{ notes: NUL }, { number: NUL }, { description: NUL }])
      expect(firstMessage(invoiceInputSchema, invoice(over))).toBe(MESSAGES_TEXT.nulByte);
  });
});

describe('amounts and sums fit numeric(15,2)', () => {
  it('an amount: 13 integer digits at most, in French', () => {
    expect(moneySchema.parse('9999999999999.99')).toBe('9999999999999.99');
    expect(firstMessage(moneySchema, '10000000000000')).toBe(MESSAGES_MONEY.tooLarge);
    expect(firstMessage(moneySchema, 1e21)).toBe(MESSAGES_MONEY.invalid);
  });

  it("an entry's total (sum of its debits)", () => {
    expect(entryInputSchema.safeParse(entry({}, '4999999999999.99')).success).toBe(true);
    expect(firstMessage(entryInputSchema, entry({}, '5000000000000'))).toBe(MESSAGES_MONEY.totalTooLarge);
  });

  it("an invoice's line total and its total incl. VAT", () => {
    expect(firstMessage(invoiceInputSchema, invoice({}, '9999999', '9999999999999.99'))).toBe(MESSAGES_MONEY.totalTooLarge);
    expect(invoiceInputSchema.safeParse(invoice({}, '1', '9999999999999.99', '0')).success).toBe(true);
    expect(firstMessage(invoiceInputSchema, invoice({}, '1', '9999999999999.99', '0.01'))).toBe(MESSAGES_MONEY.totalTooLarge);
  });

  it('a payment', () => {
    const body = { type: 'expense', date: '2026-03-14', method: 'bank', companyId: ID };
    expect(firstMessage(paymentInputSchema, { ...body, amount: '10000000000000' })).toBe(MESSAGES_MONEY.tooLarge);
  });
});
