import type { AccountCategory, AccountType, Sector } from '@xaalis/contracts';
import type { AccountDefinition } from '../accounts';
import { SECTOR_ACCOUNTS } from './sectors';
import { SYSCOHADA_ACCOUNTS } from './syscohada';

/** Level in the chart from the code's length: 2 digits → 1, 3 → 2, 4 → 3 (kept within 1..7). */
export const levelOfCode = (code: string): number => Math.min(7, Math.max(1, code.length - 1));

const REFERENCE = new Map<string, AccountDefinition>(
  SYSCOHADA_ACCOUNTS.map(([code, name, type, category]) => [code, { code, name, type, category, level: levelOfCode(code) }]),
);

/** The SYSCOHADA reference account with this code, if any. */
export function referenceAccount(code: string): AccountDefinition | undefined {
  return REFERENCE.get(code);
}

/** Type and category of an account the reference lacks, from its class (first digit). */
function classNature(code: string): { type: AccountType; category: AccountCategory } {
  // A sector account extends a reference account: inherit from the closest one.
  for (let n = code.length - 1; n >= 2; n--) {
    const parent = REFERENCE.get(code.slice(0, n));
    if (parent) return { type: parent.type, category: parent.category };
  }
  throw new Error(`No reference account above ${code}`);
}

/** Every account a company of this sector gets: the reference chart plus the sector's own. */
export function chartFor(sector: Sector): AccountDefinition[] {
  const extra = (SECTOR_ACCOUNTS[sector] ?? []).map(([code, name]) => ({ code, name, level: levelOfCode(code), ...classNature(code) }));
  return [...REFERENCE.values(), ...extra];
}
