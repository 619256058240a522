import type { Sequelize, Transaction } from 'sequelize';
import { add, neg } from '@xaalis/domain';
import { columnArrays } from '../../model-support';

/**
 * The VAT ledger (`vat_lines`, migration 0031): what each posted document
 * declares, per VAT code (and, for purchases, per deduction), tied to its
 * entry. Written in the document's transaction, right after its postEntry;
 * the VAT return sums the rows of the entries of its period.
 */
export type VatFlow = 'sales' | 'purchases' | 'withheld';
/** Purchases: deductible on goods and services (4452), on fixed assets (4451), or not at all (part of the charge). */
export type VatCategory = 'goods' | 'assets' | 'none';

export interface VatLineRow {
  vatCodeId: string;
  flow: VatFlow;
  category: VatCategory;
  base: string;
  vat: string;
}

/** A document line as the VAT ledger sees it. */
export interface VatBearingLine {
  vatCodeId: string;
  total: string;
  vatAmount: string;
  /** Purchases: the VAT is posted to 4452 / 4451 (else it is part of the charge). */
  deductible: boolean;
  /** Purchases: a fixed asset (class 2 account): deductible on 4451. */
  fixedAsset: boolean;
}

/** One row per VAT code (and deduction) of a document's lines; `sign` -1 for a credit note. */
export function vatRowsOf(lines: VatBearingLine[], flow: 'sales' | 'purchases', sign: 1 | -1 = 1): VatLineRow[] {
  const rows = new Map<string, VatLineRow>();
  const signed = (v: string) => (sign === 1 ? v : neg(v));
  for (const l of lines) {
    const category: VatCategory = flow === 'sales' ? 'goods' : !l.deductible ? 'none' : l.fixedAsset ? 'assets' : 'goods';
    const key = `${l.vatCodeId}:${category}`;
    const row = rows.get(key) ?? { vatCodeId: l.vatCodeId, flow, category, base: '0.00', vat: '0.00' };
    row.base = add(row.base, signed(l.total));
    row.vat = add(row.vat, signed(l.vatAmount));
    rows.set(key, row);
  }
  return [...rows.values()];
}

export async function recordVatLines(
  sequelize: Sequelize,
  transaction: Transaction,
  doc: { companyId: string; entryId: string; sourceType: 'invoice' | 'credit_note' | 'payment'; sourceId: string },
  rows: VatLineRow[],
): Promise<void> {
  if (!rows.length) return;
  await sequelize.query(
    `INSERT INTO accounting.vat_lines (company_id, entry_id, source_type, source_id, vat_code_id, flow, category, base, vat)
     SELECT $1, $2, $3, $4, r.vat_code_id, r.flow, r.category, r.base, r.vat
       FROM unnest($5::uuid[], $6::text[], $7::text[], $8::numeric[], $9::numeric[]) AS r(vat_code_id, flow, category, base, vat)`,
    {
      bind: [
        doc.companyId,
        doc.entryId,
        doc.sourceType,
        doc.sourceId,
        ...columnArrays(rows, ['vatCodeId', 'flow', 'category', 'base', 'vat']),
      ],
      transaction,
    },
  );
}
