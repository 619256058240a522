import { sqlStep } from '@xaalis/service-kit';

/**
 * Inalterability: every validated entry is sealed, in its validation
 * transaction, into a per-company SHA-256 hash chain.
 *
 * - `ledger_entry_digests(ids)`: the content hash of entries, SHA-256 of a
 *   canonical serialisation (a jsonb array rendered as text, UTF-8): company,
 *   id, number, journal, date, description, reference, total, validation time
 *   (UTC, microseconds) and user, the entry it reverses, and its lines ordered
 *   by line_no with account code, debit, credit (two-decimal strings), label
 *   and third party. Never the status (a cancellation is legitimate) nor what a
 *   cancellation sets. Every field is frozen once the entry leaves draft (0002,
 *   0005): a valid change never alters the hash. The ONE definition, used to
 *   seal, to backfill and by 'Vérifier l'intégrité'.
 * - `ledger_chain` (company_id, seq): seq 1, 2, 3 … per company in commit
 *   order, content_hash, chain_hash = sha256(previous chain_hash ‖ content_hash)
 *   (32 zero bytes before seq 1). Append-only: UPDATE, DELETE and TRUNCATE are
 *   refused (XA002), as is deleting a company that has links (its validated
 *   entries refuse it already).
 * - `ledger_chain_heads`: per company, the last seq and chain hash. Locked
 *   FOR UPDATE by the sealing: concurrent validations of one company seal one
 *   after the other, a single unbroken chain.
 *
 * When. Every path that validates does it with an UPDATE taking entries out of
 * draft (postEntry, the validate route, the journal import, the closing): a
 * statement-level trigger on that UPDATE (like 0011's accounting_entries_posted)
 * queues the entries in `ledger_chain_pending` and puts one mark per company
 * and transaction in `ledger_chain_marks`; a DEFERRABLE INITIALLY DEFERRED
 * constraint trigger on the mark seals the transaction's entries at commit (or
 * at SET CONSTRAINTS ALL IMMEDIATE): one head lock, one digest query over all
 * the transaction's entries, the chain in a PL/pgSQL loop, one INSERT. So the
 * head stays locked only from the seal to the commit (no new lock order
 * against the numbering counters, taken earlier in the transaction), the
 * chain order is the commit order, and an import of 30 000 entries costs
 * one seal, not 30 000. Within a transaction, entries are chained in number
 * order. Both work tables are UNLOGGED (transaction-local rows, deleted by the
 * seal: nothing to keep across a crash).
 *
 * Backfill: existing validated and cancelled entries, per company, by
 * validation time then number.
 *
 * A database superuser can still rewrite the whole chain after a change (the
 * hash has no secret): 'Vérifier l'intégrité' shows the head hash, a value
 * to note outside the database.
 */
export const up = sqlStep(
  (s) => `
    CREATE FUNCTION ${s}.ledger_entry_digests(p_entries uuid[])
      RETURNS TABLE (ord bigint, entry_id uuid, content_hash bytea)
      -- PL/pgSQL, not SQL: its plan is kept for the session (a SQL function's body is planned on every call,
      -- which a single posting would pay at each seal).
      LANGUAGE plpgsql STABLE AS $$
    BEGIN
      RETURN QUERY
      SELECT i.ord, e.id,
             sha256(convert_to(jsonb_build_array(
               e.company_id, e.id, e.number, e.journal, to_char(e.date, 'YYYY-MM-DD'), e.description, e.reference,
               e.total::text, to_char(e.validated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
               e.validated_by, e.reversal_of_id, l.lines)::text, 'UTF8'))
        FROM unnest(p_entries) WITH ORDINALITY AS i(id, ord)
        -- Per entry through the primary key (OFFSET 0: never a hash join over the whole table).
        CROSS JOIN LATERAL (SELECT x.* FROM ${s}.accounting_entries x WHERE x.id = i.id OFFSET 0) e
        CROSS JOIN LATERAL (
          SELECT coalesce(jsonb_agg(jsonb_build_array(y.line_no, a.code, y.debit::text, y.credit::text, y.description, y.third_party_id)
                                    ORDER BY y.line_no), '[]'::jsonb) AS lines
            FROM ${s}.accounting_entry_lines y
            LEFT JOIN ${s}.accounts a ON a.company_id = y.company_id AND a.id = y.account_id
           WHERE y.entry_id = e.id) l;
    END $$;

    CREATE TABLE ${s}.ledger_chain_heads (
      company_id uuid PRIMARY KEY REFERENCES ${s}.companies (id) ON DELETE CASCADE,
      last_seq bigint NOT NULL DEFAULT 0 CHECK (last_seq >= 0),
      last_hash bytea NOT NULL DEFAULT decode(repeat('00', 32), 'hex')
        CHECK (length(last_hash) = 32),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE ${s}.ledger_chain (
      company_id uuid NOT NULL REFERENCES ${s}.companies (id) ON DELETE CASCADE,
      seq bigint NOT NULL CHECK (seq >= 1),
      entry_id uuid NOT NULL,
      content_hash bytea NOT NULL CHECK (length(content_hash) = 32),
      chain_hash bytea NOT NULL CHECK (length(chain_hash) = 32),
      sealed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, seq),
      -- No foreign key to the entry: the seal writes the link of an entry it has just read,
      -- validated entries are never deleted (0002), and a check per link would cost the import.
      CONSTRAINT ledger_chain_entry_key UNIQUE (entry_id)
    );

    -- Append-only. Per row for UPDATE and DELETE: deleting a company without
    -- validated entries (registration compensation) cascades here with no row.
    CREATE FUNCTION ${s}.ledger_chain_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION USING ERRCODE = 'XA002', MESSAGE = 'La chaîne d''intégrité des écritures ne peut pas être modifiée',
        DETAIL = format('%s on %s', TG_OP, TG_TABLE_NAME);
    END $$;
    CREATE TRIGGER ledger_chain_append_only BEFORE UPDATE OR DELETE ON ${s}.ledger_chain
      FOR EACH ROW EXECUTE FUNCTION ${s}.ledger_chain_append_only();
    CREATE TRIGGER ledger_chain_truncate BEFORE TRUNCATE ON ${s}.ledger_chain
      FOR EACH STATEMENT EXECUTE FUNCTION ${s}.ledger_chain_append_only();
    -- A head only moves forward.
    CREATE FUNCTION ${s}.ledger_chain_heads_guard() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'UPDATE' OR NEW.company_id <> OLD.company_id OR NEW.last_seq < OLD.last_seq THEN
        RAISE EXCEPTION USING ERRCODE = 'XA002', MESSAGE = 'La chaîne d''intégrité des écritures ne peut pas être modifiée',
          DETAIL = format('%s on %s', TG_OP, TG_TABLE_NAME);
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER ledger_chain_heads_guard BEFORE UPDATE OR DELETE ON ${s}.ledger_chain_heads
      FOR EACH ROW EXECUTE FUNCTION ${s}.ledger_chain_heads_guard();
    CREATE TRIGGER ledger_chain_heads_truncate BEFORE TRUNCATE ON ${s}.ledger_chain_heads
      FOR EACH STATEMENT EXECUTE FUNCTION ${s}.ledger_chain_append_only();

    -- ─── backfill: by validation time, then number ─────────────────────────
    DO $$
    DECLARE
      c uuid;
      r record;
      n bigint;
      h bytea;
    BEGIN
      FOR c IN SELECT DISTINCT company_id FROM ${s}.accounting_entries WHERE status <> 'draft' ORDER BY 1 LOOP
        n := 0;
        h := decode(repeat('00', 32), 'hex');
        FOR r IN SELECT d.entry_id, d.content_hash
                   FROM ${s}.ledger_entry_digests(ARRAY(
                          SELECT id FROM ${s}.accounting_entries
                           WHERE company_id = c AND status <> 'draft' ORDER BY validated_at, number)) d
                  ORDER BY d.ord LOOP
          n := n + 1;
          h := sha256(h || r.content_hash);
          INSERT INTO ${s}.ledger_chain (company_id, seq, entry_id, content_hash, chain_hash) VALUES (c, n, r.entry_id, r.content_hash, h);
        END LOOP;
        INSERT INTO ${s}.ledger_chain_heads (company_id, last_seq, last_hash) VALUES (c, n, h);
      END LOOP;
    END $$;

    -- ─── sealing: queued per statement, sealed per transaction at commit ───
    CREATE UNLOGGED TABLE ${s}.ledger_chain_pending (
      xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
      company_id uuid NOT NULL,
      entry_id uuid NOT NULL,
      number text NOT NULL,
      PRIMARY KEY (xid, company_id, entry_id)
    );
    CREATE UNLOGGED TABLE ${s}.ledger_chain_marks (
      xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
      company_id uuid NOT NULL,
      PRIMARY KEY (xid, company_id)
    );

    -- The entries leaving draft (old and new rows paired by a GROUP BY, as in
    -- 0011's accounting_entries_posted), queued; one mark per company.
    CREATE FUNCTION ${s}.accounting_entries_chain_queue() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      WITH moved AS MATERIALIZED (
        SELECT id, (array_agg(company_id) FILTER (WHERE after))[1] AS company_id, max(number) AS number
          FROM (SELECT id, company_id, number, status, true AS after FROM new_entries
                UNION ALL SELECT id, NULL, NULL, status, false FROM old_entries) x
         GROUP BY id
        HAVING bool_or(NOT after AND status = 'draft') AND bool_or(after AND status <> 'draft')
      ), queued AS (
        INSERT INTO ${s}.ledger_chain_pending (company_id, entry_id, number)
          SELECT company_id, id, number FROM moved
          RETURNING company_id
      )
      INSERT INTO ${s}.ledger_chain_marks (company_id)
        SELECT DISTINCT company_id FROM queued ORDER BY 1
      ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$;
    -- Named to fire after accounting_entries_posted (statement triggers fire in name order).
    CREATE TRIGGER accounting_entries_posted_chain
      AFTER UPDATE ON ${s}.accounting_entries
      REFERENCING OLD TABLE AS old_entries NEW TABLE AS new_entries
      FOR EACH STATEMENT EXECUTE FUNCTION ${s}.accounting_entries_chain_queue();

    -- The seal of one company's entries of this transaction.
    CREATE FUNCTION ${s}.ledger_chain_seal() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      n bigint;
      h bytea;
      r record;
      seqs bigint[] := '{}';
      ids uuid[] := '{}';
      contents bytea[] := '{}';
      chains bytea[] := '{}';
    BEGIN
      SELECT last_seq, last_hash INTO n, h FROM ${s}.ledger_chain_heads WHERE company_id = NEW.company_id FOR UPDATE;
      IF NOT FOUND THEN
        INSERT INTO ${s}.ledger_chain_heads (company_id) VALUES (NEW.company_id) ON CONFLICT DO NOTHING;
        SELECT last_seq, last_hash INTO n, h FROM ${s}.ledger_chain_heads WHERE company_id = NEW.company_id FOR UPDATE;
      END IF;
      FOR r IN SELECT d.entry_id, d.content_hash
                 FROM ${s}.ledger_entry_digests(ARRAY(
                        SELECT p.entry_id FROM ${s}.ledger_chain_pending p
                         WHERE p.xid = NEW.xid AND p.company_id = NEW.company_id ORDER BY p.number)) d
                ORDER BY d.ord LOOP
        n := n + 1;
        h := sha256(h || r.content_hash);
        seqs := seqs || n;
        ids := ids || r.entry_id;
        contents := contents || r.content_hash;
        chains := chains || h;
      END LOOP;
      INSERT INTO ${s}.ledger_chain (company_id, seq, entry_id, content_hash, chain_hash)
        SELECT NEW.company_id, x.seq, x.entry_id, x.content_hash, x.chain_hash
          FROM unnest(seqs, ids, contents, chains) AS x(seq, entry_id, content_hash, chain_hash);
      UPDATE ${s}.ledger_chain_heads SET last_seq = n, last_hash = h, updated_at = now() WHERE company_id = NEW.company_id;
      DELETE FROM ${s}.ledger_chain_pending WHERE xid = NEW.xid AND company_id = NEW.company_id;
      DELETE FROM ${s}.ledger_chain_marks WHERE xid = NEW.xid AND company_id = NEW.company_id;
      RETURN NULL;
    END $$;
    CREATE CONSTRAINT TRIGGER ledger_chain_seal
      AFTER INSERT ON ${s}.ledger_chain_marks
      DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION ${s}.ledger_chain_seal();
  `,
);

export const down = sqlStep(
  (s) => `
    DROP TRIGGER accounting_entries_posted_chain ON ${s}.accounting_entries;
    DROP FUNCTION ${s}.accounting_entries_chain_queue();
    DROP TABLE ${s}.ledger_chain_marks;
    DROP FUNCTION ${s}.ledger_chain_seal();
    DROP TABLE ${s}.ledger_chain_pending;
    DROP TABLE ${s}.ledger_chain;
    DROP TABLE ${s}.ledger_chain_heads;
    DROP FUNCTION ${s}.ledger_chain_heads_guard();
    DROP FUNCTION ${s}.ledger_chain_append_only();
    DROP FUNCTION ${s}.ledger_entry_digests(uuid[]);
  `,
);
