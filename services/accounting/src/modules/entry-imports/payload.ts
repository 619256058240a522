import type { Journal } from '@xaalis/contracts';
import type { ParsedEntry } from './validate';

/**
 * What the run needs of a checked import, stored on its row (`payload` jsonb):
 * columnar and de-duplicated, so 100 000 lines take a few megabytes (the
 * account and third-party codes are listed once, lines refer to them by index).
 * Entries are in date order; their lines follow one another in `lines`.
 */
export interface ImportPayload {
  v: 1;
  accounts: string[];
  thirdParties: string[];
  /** [journal, date, description, reference, line count]. */
  entries: [Journal, string, string, string | null, number][];
  /** [account index, label, debit cents, credit cents, third-party index or -1]. */
  lines: [number, string, number, number, number][];
}

export function encodePayload(entries: readonly ParsedEntry[]): ImportPayload {
  const accounts = new Map<string, number>();
  const thirdParties = new Map<string, number>();
  const indexOf = (map: Map<string, number>, key: string) => {
    let i = map.get(key);
    if (i === undefined) map.set(key, (i = map.size));
    return i;
  };
  const payload: ImportPayload = { v: 1, accounts: [], thirdParties: [], entries: [], lines: [] };
  for (const e of entries) {
    payload.entries.push([e.journal, e.date, e.description, e.reference, e.lines.length]);
    for (const l of e.lines)
      payload.lines.push([
        indexOf(accounts, l.account),
        l.label,
        l.debit,
        l.credit,
        l.thirdParty ? indexOf(thirdParties, l.thirdParty) : -1,
      ]);
  }
  payload.accounts = [...accounts.keys()];
  payload.thirdParties = [...thirdParties.keys()];
  return payload;
}
