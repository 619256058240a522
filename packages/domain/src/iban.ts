/**
 * IBAN check (ISO 13616): letters to numbers (A = 10 … Z = 35), the first four
 * characters moved to the end, the whole number modulo 97 must be 1. It checks
 * the account's key too: a Senegalese IBAN is `SN` + 2 check digits + the
 * 24-character RIB (bank code, branch, account number, RIB key), 28 in all.
 * Known lengths are checked for the UEMOA countries and France; others only
 * by the checksum.
 */

const LENGTHS: Record<string, number> = { SN: 28, CI: 28, ML: 28, BF: 28, BJ: 28, NE: 28, TG: 28, GW: 25, FR: 27 };

/** The IBAN without spaces, upper case. */
export const normalizeIban = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

export function isValidIban(value: string): boolean {
  const iban = normalizeIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const expected = LENGTHS[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const code = ch.charCodeAt(0);
    const digits = code >= 65 ? String(code - 55) : ch;
    for (const d of digits) rest = (rest * 10 + (d.charCodeAt(0) - 48)) % 97;
  }
  return rest === 1;
}
