import { QueryTypes, type Sequelize } from 'sequelize';
import { SUMS_PAID_THRESHOLD, type SumsPaidBeneficiary, type SumsPaidStatement } from '@xaalis/contracts';
import { add, compare, sum } from '@xaalis/domain';
import { companyIdentity } from '../../model-support';

/**
 * The état des sommes versées à des tiers of a year, from the ledger: the
 * charges on 622 (rents), 6321/6322 (commissions) and the rest of 632 (fees)
 * of the entries of the year that are not drafts (a reversal counts, negative),
 * each attributed to the third party of its entry — the first line naming
 * one (the supplier's 401 line of an invoice, a payment's) — summed per
 * beneficiary; those above 300 000 F are stated.
 */
export async function sumsPaidStatement(sequelize: Sequelize, companyId: string, year: number): Promise<SumsPaidStatement> {
  const rows = await sequelize.query<{
    third_party_id: string | null;
    name: string | null;
    ninea: string | null;
    address: string | null;
    nature: string;
    amount: string;
  }>(
    `WITH charges AS (
       SELECT l.entry_id,
              CASE WHEN a.code LIKE '622%' THEN 'rents' WHEN a.code LIKE '6321%' OR a.code LIKE '6322%' THEN 'commissions' ELSE 'fees' END AS nature,
              l.debit - l.credit AS amount
         FROM accounting.accounting_entry_lines l
         JOIN accounting.accounts a ON a.id = l.account_id
         JOIN accounting.accounting_entries e ON e.id = l.entry_id
        WHERE l.company_id = $1 AND l.entry_date BETWEEN $2 AND $3 AND e.status <> 'draft'
          AND (a.code LIKE '622%' OR a.code LIKE '632%')
     ), parties AS (
       SELECT DISTINCT ON (l.entry_id) l.entry_id, l.third_party_id
         FROM accounting.accounting_entry_lines l
        WHERE l.entry_id IN (SELECT entry_id FROM charges) AND l.third_party_id IS NOT NULL
        ORDER BY l.entry_id, l.line_no
     )
     SELECT p.third_party_id, tp.name, tp.tax_number AS ninea, tp.address, c.nature, sum(c.amount)::text AS amount
       FROM charges c
       LEFT JOIN parties p ON p.entry_id = c.entry_id
       LEFT JOIN accounting.third_parties tp ON tp.id = p.third_party_id
      GROUP BY p.third_party_id, tp.name, tp.tax_number, tp.address, c.nature`,
    { bind: [companyId, `${year}-01-01`, `${year}-12-31`], type: QueryTypes.SELECT },
  );
  let unassigned = '0.00';
  const byParty = new Map<string, SumsPaidBeneficiary>();
  for (const r of rows) {
    if (!r.third_party_id) {
      unassigned = add(unassigned, r.amount);
      continue;
    }
    const b = byParty.get(r.third_party_id) ?? {
      thirdPartyId: r.third_party_id,
      name: r.name ?? '',
      ninea: r.ninea,
      address: r.address,
      rents: '0.00',
      commissions: '0.00',
      fees: '0.00',
      total: '0.00',
    };
    const nature = r.nature as 'rents' | 'commissions' | 'fees';
    b[nature] = add(b[nature], r.amount);
    b.total = add(b.total, r.amount);
    byParty.set(r.third_party_id, b);
  }
  const beneficiaries = [...byParty.values()]
    .filter((b) => compare(b.total, SUMS_PAID_THRESHOLD) > 0)
    .sort((a, b) => a.name.localeCompare(b.name, 'fr') || a.thirdPartyId.localeCompare(b.thirdPartyId));
  const total = (key: 'rents' | 'commissions' | 'fees' | 'total') => sum(beneficiaries.map((b) => b[key]));
  return {
    year,
    threshold: SUMS_PAID_THRESHOLD,
    beneficiaries,
    totals: { rents: total('rents'), commissions: total('commissions'), fees: total('fees'), total: total('total') },
    unassigned,
    ninea: (await companyIdentity(sequelize, companyId)).ninea,
  };
}
