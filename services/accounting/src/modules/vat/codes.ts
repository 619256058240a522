import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { MESSAGES_VAT, PERCENT_PATTERN, type VatCode, type VatCodeKind, type vatCodeInputSchema } from '@xaalis/contracts';
import { dec } from '@xaalis/domain';
import { HttpError, isUniqueViolation } from '@xaalis/service-kit';
import type { z } from 'zod';

/** The columns of a VAT code as the API answers it. */
const COLUMNS = `id, code, label, rate::text AS rate, kind, collected_account AS "collectedAccount",
  deductible_account AS "deductibleAccount", fixed_assets_account AS "fixedAssetsAccount"`;

const ORDER = `ORDER BY CASE kind WHEN 'taxable' THEN 0 WHEN 'export' THEN 1 WHEN 'exempt' THEN 2 ELSE 3 END, rate DESC, code`;

export async function listVatCodes(sequelize: Sequelize, companyId: string, transaction?: Transaction): Promise<VatCode[]> {
  return sequelize.query<VatCode>(`SELECT ${COLUMNS} FROM accounting.vat_codes WHERE company_id = $1 ${ORDER}`, {
    bind: [companyId],
    type: QueryTypes.SELECT,
    transaction,
  });
}

export async function createVatCode(sequelize: Sequelize, companyId: string, v: z.output<typeof vatCodeInputSchema>): Promise<VatCode> {
  try {
    const [row] = await sequelize.query<VatCode>(
      `INSERT INTO accounting.vat_codes (company_id, code, label, rate, kind) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
      { bind: [companyId, v.code, v.label, v.rate, v.kind], type: QueryTypes.SELECT },
    );
    return row;
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const constraint = (err as { parent?: { constraint?: string } }).parent?.constraint;
    const message = constraint === 'vat_codes_taxable_rate_key' ? MESSAGES_VAT.rateTaken : MESSAGES_VAT.codeTaken;
    throw new HttpError(409, message, [{ path: constraint === 'vat_codes_taxable_rate_key' ? 'rate' : 'code', message }]);
  }
}

/**
 * The VAT code of each line's `vatRate` as the API takes it: a code id of
 * the company, or a rate — the taxable code at that rate, EXO for 0 %. A rate
 * no code has (an invoice at 5 %, as the API always accepted) gets a taxable
 * code of its own, as migration 0031 did for existing invoices.
 * `specs[i]` undefined: the line has none (the caller gives the default).
 */
export async function resolveVatCodes(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: string,
  specs: string[],
): Promise<(VatCode | null)[]> {
  const read = () => listVatCodes(sequelize, companyId, transaction);
  let codes = await read();
  const find = (spec: string): VatCode | null => {
    if (!PERCENT_PATTERN.test(spec)) return codes.find((c) => c.id === spec) ?? null;
    const rate = dec(spec);
    if (rate.isZero()) return codes.find((c) => c.code === 'EXO') ?? codes.find((c) => c.kind === 'exempt') ?? null;
    return codes.find((c) => c.kind === 'taxable' && dec(c.rate).equals(rate)) ?? null;
  };
  const missingRates = [...new Set(specs.filter((s) => PERCENT_PATTERN.test(s) && !find(s)).map((s) => dec(s).toFixed(2)))];
  if (missingRates.length) {
    await sequelize.query(
      `INSERT INTO accounting.vat_codes (company_id, code, label, rate, kind)
       SELECT $1, 'TVA' || trim(to_char(r, 'FM990.99'), '.'), 'TVA ' || replace(trim(to_char(r, 'FM990.99'), '.'), '.', ',') || ' %', r, 'taxable'
         FROM unnest($2::numeric[]) r
       ON CONFLICT DO NOTHING`,
      { bind: [companyId, missingRates], transaction },
    );
    codes = await read();
  }
  return specs.map(find);
}

/** The return's line of a code: by kind, taxable codes by rate. */
export function returnLineOf(code: { kind: VatCodeKind; rate: string }): string {
  if (code.kind !== 'taxable') return code.kind;
  const rate = dec(code.rate);
  if (rate.equals(18)) return 'taxable_18';
  if (rate.equals(10)) return 'taxable_10';
  return 'taxable_other';
}
