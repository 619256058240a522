/**
 * Inalterability of the ledger ('Vérifier l'intégrité', Paramètres → Exercices),
 * resource `ledger-integrity` of the accounting service.
 *
 * Every validated entry of a company gets, in its validation transaction, a
 * place in the company's hash chain (seq 1, 2, 3 … in commit order) with
 * - contentHash = SHA-256 of the entry's canonical serialisation (company, id,
 *   number, journal, date, description, reference, total, validation time and
 *   user, the entry reversed, and its lines in order: account code, debit,
 *   credit, label, third party; never the status: a cancellation is legitimate);
 * - chainHash = SHA-256(previous chainHash ‖ contentHash) (32 zero bytes before the first).
 *
 * `GET /api/companies/:cid/ledger-integrity` → LedgerIntegrityReport: the chain
 * recomputed from the entries as they stand; `firstBroken` names the first entry
 * (in chain order) whose content or link no longer matches.
 */

export type LedgerIntegrityBreakReason =
  /** The entry's header or lines no longer match the hash taken at validation. */
  | 'content'
  /** The stored chain hash is not SHA-256(previous ‖ content): a link was rewritten. */
  | 'link'
  /** A place of the chain is missing (seq gap) or its entry is gone. */
  | 'missing'
  /** A validated entry that has no place in the chain. */
  | 'unchained'
  /** The company's chain head does not match the last link (links removed at the end). */
  | 'head';

export interface LedgerIntegrityBroken {
  /** The entry (null when its row is gone). */
  id: string | null;
  number: string | null;
  /** YYYY-MM-DD (null when the entry row is gone). */
  date: string | null;
  /** Its place in the chain (null for an unchained entry). */
  seq: number | null;
  reason: LedgerIntegrityBreakReason;
}

export interface LedgerIntegrityReport {
  ok: boolean;
  /** Links checked (validated and cancelled entries in the chain). */
  checked: number;
  /** Hex SHA-256 of the last link: a value an auditor may note to detect a later rewrite of the whole chain. */
  headHash: string | null;
  firstBroken?: LedgerIntegrityBroken;
}

export const LEDGER_INTEGRITY_REASON_LABELS: Record<LedgerIntegrityBreakReason, string> = {
  content: 'son contenu ne correspond plus à celui enregistré à la validation',
  link: 'son chaînage avec l’écriture précédente a été modifié',
  missing: 'un maillon de la chaîne est manquant',
  unchained: 'elle est validée sans figurer dans la chaîne',
  head: 'la fin de la chaîne a été supprimée',
};

export const MESSAGES_LEDGER_INTEGRITY = {
  title: 'Intégrité des écritures',
  intro:
    'Chaque écriture validée est scellée par une empreinte SHA-256 chaînée à la précédente. La vérification recalcule la chaîne et signale la première écriture modifiée.',
  check: 'Vérifier l’intégrité',
  checking: 'Vérification en cours…',
  ok: (checked: number) =>
    checked === 0
      ? 'Intégrité vérifiée : aucune écriture validée, chaîne vide.'
      : `Intégrité vérifiée : ${checked.toLocaleString('fr-FR')} écriture${checked > 1 ? 's' : ''}, chaîne intacte.`,
  broken: (number: string | null, date: string | null, reason: LedgerIntegrityBreakReason) =>
    number
      ? `Chaîne rompue à l’écriture ${number}${date ? ` du ${date}` : ''} : ${LEDGER_INTEGRITY_REASON_LABELS[reason]}.`
      : `Chaîne rompue : ${LEDGER_INTEGRITY_REASON_LABELS[reason]}.`,
  headHash: 'Empreinte de la dernière écriture',
  failed: 'La vérification de l’intégrité a échoué',
} as const;
