import { QueryTypes, Transaction, type Sequelize } from 'sequelize';
import type { LedgerIntegrityBreakReason, LedgerIntegrityBroken, LedgerIntegrityReport } from '@xaalis/contracts';

/** Links recomputed per query: bounded memory and statement time, whatever the size of the ledger. */
export const integritySettings = { pageSize: 20_000 };

const ZERO_HASH: Buffer = Buffer.alloc(32);

interface PageVerdict {
  /** The first failing link of the page (null: none). */
  seq: string | null;
  entry_id: string | null;
  reason: LedgerIntegrityBreakReason | null;
  /** Links in the page, the last one's seq and chain hash. */
  n: string;
  last_seq: string;
  last_hash: Buffer;
}

/**
 * One page of the chain (the `limit` links after seq `after`), checked in one
 * query: each link's content hash recomputed from the entry as it stands now
 * (`ledger_entry_digests`, the definition the seal used, migration 0013), each
 * chain hash against sha256(previous chain hash ‖ content hash), seqs without
 * gap. Answers the first failing link, else the page's count and last link.
 */
const PAGE_SQL = `
  WITH page AS MATERIALIZED (
    SELECT c.seq, c.entry_id, c.content_hash, c.chain_hash
      FROM accounting.ledger_chain c
     WHERE c.company_id = $1 AND c.seq > $2
     ORDER BY c.seq
     LIMIT $3
  ), digests AS MATERIALIZED (
    SELECT d.entry_id, d.content_hash FROM accounting.ledger_entry_digests(ARRAY(SELECT entry_id FROM page ORDER BY seq)) d
  ), links AS (
    SELECT p.seq, p.entry_id, p.content_hash, p.chain_hash, d.content_hash AS actual,
           lag(p.seq, 1, $2::bigint) OVER w AS prev_seq,
           lag(p.chain_hash, 1, $4::bytea) OVER w AS prev_hash
      FROM page p LEFT JOIN digests d ON d.entry_id = p.entry_id
    WINDOW w AS (ORDER BY p.seq)
  ), verdicts AS (
    SELECT seq, entry_id, chain_hash,
           CASE WHEN seq <> prev_seq + 1 OR actual IS NULL THEN 'missing'
                WHEN actual <> content_hash THEN 'content'
                WHEN chain_hash <> sha256(prev_hash || content_hash) THEN 'link' END AS reason
      FROM links
  )
  SELECT CASE WHEN reason IS NOT NULL THEN seq END AS seq, CASE WHEN reason IS NOT NULL THEN entry_id END AS entry_id, reason,
         count(*) OVER () AS n, max(seq) OVER () AS last_seq,
         last_value(chain_hash) OVER (ORDER BY seq ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS last_hash
    FROM verdicts
   ORDER BY reason IS NULL, seq
   LIMIT 1`;

/**
 * 'Vérifier l'intégrité': the company's hash chain of validated entries
 * recomputed from the entries as they stand, in one read-only snapshot
 * (REPEATABLE READ: validations committing meanwhile are simply not seen).
 */
export function ledgerIntegrityService(sequelize: Sequelize) {
  async function entryOf(transaction: Transaction, entryId: string | null, seq: number | null, reason: LedgerIntegrityBreakReason) {
    const [row] = entryId
      ? await sequelize.query<{ number: string; date: string }>(
          `SELECT number, to_char(date, 'YYYY-MM-DD') AS date FROM accounting.accounting_entries WHERE id = $1`,
          { bind: [entryId], type: QueryTypes.SELECT, transaction },
        )
      : [];
    return { id: entryId, number: row?.number ?? null, date: row?.date ?? null, seq, reason } satisfies LedgerIntegrityBroken;
  }

  return {
    async check(companyId: string): Promise<LedgerIntegrityReport> {
      return sequelize.transaction({ isolationLevel: Transaction.ISOLATION_LEVELS.REPEATABLE_READ }, async (transaction) => {
        await sequelize.query('SET TRANSACTION READ ONLY', { transaction });
        let after = 0;
        let prevHash: Buffer = ZERO_HASH;
        for (;;) {
          const [page] = await sequelize.query<PageVerdict>(PAGE_SQL, {
            bind: [companyId, after, integritySettings.pageSize, prevHash],
            type: QueryTypes.SELECT,
            transaction,
          });
          if (!page) break;
          if (page.reason) {
            const seq = Number(page.seq);
            return {
              ok: false,
              checked: seq - 1,
              headHash: null,
              firstBroken: await entryOf(transaction, page.entry_id, seq, page.reason),
            };
          }
          after = Number(page.last_seq);
          prevHash = page.last_hash;
          if (Number(page.n) < integritySettings.pageSize) break;
        }
        const checked = after;

        // The head names the end of the chain: links removed at the end show here.
        const [head] = await sequelize.query<{ last_seq: string; last_hash: Buffer }>(
          'SELECT last_seq, last_hash FROM accounting.ledger_chain_heads WHERE company_id = $1',
          { bind: [companyId], type: QueryTypes.SELECT, transaction },
        );
        const headSeq = head ? Number(head.last_seq) : 0;
        if (headSeq !== checked || (head && !head.last_hash.equals(prevHash)))
          return {
            ok: false,
            checked,
            headHash: null,
            firstBroken: { id: null, number: null, date: null, seq: checked + 1, reason: 'head' },
          };

        // A validated (or cancelled) entry outside the chain: its status was changed behind the triggers.
        const [unchained] = await sequelize.query<{ id: string }>(
          `SELECT e.id FROM accounting.accounting_entries e
            WHERE e.company_id = $1 AND e.status <> 'draft'
              AND NOT EXISTS (SELECT 1 FROM accounting.ledger_chain c WHERE c.entry_id = e.id)
            ORDER BY e.validated_at, e.number
            LIMIT 1`,
          { bind: [companyId], type: QueryTypes.SELECT, transaction },
        );
        if (unchained)
          return { ok: false, checked, headHash: null, firstBroken: await entryOf(transaction, unchained.id, null, 'unchained') };

        return { ok: true, checked, headHash: checked ? prevHash.toString('hex') : null };
      });
    },
  };
}

export type LedgerIntegrityService = ReturnType<typeof ledgerIntegrityService>;
