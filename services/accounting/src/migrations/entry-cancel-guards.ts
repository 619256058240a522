/**
 * FROZEN: migrations 0003, 0006 and 0007 build their SQL with these, and an applied
 * migration's SQL never changes. Never edit them; a different guard gets a new function.
 *
 * The guards of the entries a document posted: such an entry is cancelled through its
 * document, never on its own. The text returned starts at the statement's first word and
 * is indented for a statement written at 4 spaces in the migration's SQL.
 */

/** The trigger running `${s}.${name}()` before an entry's status becomes 'cancelled'. */
export function entryCancelGuardTrigger(s: string, name: string): string {
  return `CREATE TRIGGER ${name}
      BEFORE UPDATE OF status ON ${s}.accounting_entries
      FOR EACH ROW WHEN (NEW.status = 'cancelled' AND OLD.status <> 'cancelled')
      EXECUTE FUNCTION ${s}.${name}();`;
}

/**
 * The guard function `${s}.${name}()` and its trigger: `lookups` name the document that
 * posted NEW (into `doc`; the second runs when the first found none), and the refusal
 * (XA002 → 409) says the document is what to `action` ('annuler', 'modifier').
 */
export function documentCancelGuard(s: string, name: string, lookups: [string, string], action: string): string {
  return `CREATE FUNCTION ${s}.${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      doc text;
    BEGIN
      ${lookups[0]}
      IF doc IS NULL THEN
        ${lookups[1]}
      END IF;
      IF doc IS NOT NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'XA002',
          MESSAGE = format('Cette écriture a été passée par %s : c''est le document qu''il faut ${action}', doc),
          DETAIL = format('entry %s', NEW.number);
      END IF;
      RETURN NEW;
    END $$;

    ${entryCancelGuardTrigger(s, name)}`;
}
