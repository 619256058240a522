import { francsOf } from '@xaalis/domain';

/**
 * Whole numbers in French words, the traditional spelling used on invoices
 * ("Arrêtée la présente facture à la somme de …"):
 * - hyphens below one hundred, "et" for 21, 31, 41, 51, 61 and 71 (vingt et un,
 *   soixante et onze) but not for 81 and 91 (quatre-vingt-un, quatre-vingt-onze);
 * - "vingts" and "cents" take an s when multiplied and ending the number, or
 *   followed by the nouns million / milliard (quatre-vingts, deux cents,
 *   deux cents millions), never before "mille" (deux cent mille, quatre-vingt mille);
 * - "mille" never takes an s and is not preceded by "un" (mille, deux mille);
 * - million and milliard are nouns: un million, deux millions.
 */
const UNITS = [
  'zéro',
  'un',
  'deux',
  'trois',
  'quatre',
  'cinq',
  'six',
  'sept',
  'huit',
  'neuf',
  'dix',
  'onze',
  'douze',
  'treize',
  'quatorze',
  'quinze',
  'seize',
];
const TENS = ['', 'dix', 'vingt', 'trente', 'quarante', 'cinquante', 'soixante'];

/** 0 < n < 100. `final`: nothing follows but a noun (or the end): "quatre-vingts". */
function below100(n: number, final: boolean): string {
  if (n <= 16) return UNITS[n];
  if (n < 20) return `dix-${UNITS[n - 10]}`;
  if (n < 70) {
    const t = Math.floor(n / 10);
    const u = n % 10;
    if (u === 0) return TENS[t];
    return u === 1 ? `${TENS[t]} et un` : `${TENS[t]}-${UNITS[u]}`;
  }
  if (n < 80) return n === 71 ? 'soixante et onze' : `soixante-${below100(n - 60, false)}`;
  // 80–99: quatre-vingt(s)
  if (n === 80) return final ? 'quatre-vingts' : 'quatre-vingt';
  return `quatre-vingt-${below100(n - 80, false)}`;
}

/** 0 < n < 1000. `final` as above. */
function below1000(n: number, final: boolean): string {
  const h = Math.floor(n / 100);
  const rest = n % 100;
  if (h === 0) return below100(rest, final);
  const hundreds = h === 1 ? 'cent' : `${UNITS[h]} cent${rest === 0 && final ? 's' : ''}`;
  return rest === 0 ? hundreds : `${hundreds} ${below100(rest, final)}`;
}

const MILLION = 1_000_000n;
const MILLIARD = 1_000_000_000n;

/** A non-negative whole number in words ("deux millions cinq cent mille"). */
export function numberToFrenchWords(value: bigint | number): string {
  let n = BigInt(value);
  if (n < 0n) return `moins ${numberToFrenchWords(-n)}`;
  if (n === 0n) return UNITS[0];
  const parts: string[] = [];
  // Beyond 999 999 999 999 the count of milliards is itself spelt out (mille milliards…).
  const milliards = n / MILLIARD;
  n %= MILLIARD;
  // The count ends before the noun "milliard": spelt as a whole number (deux cents milliards, deux mille milliards).
  if (milliards > 0n) parts.push(`${numberToFrenchWords(milliards)} milliard${milliards > 1n ? 's' : ''}`);
  const millions = Number(n / MILLION);
  n %= MILLION;
  if (millions > 0) parts.push(`${millions === 1 ? 'un' : below1000(millions, true)} million${millions > 1 ? 's' : ''}`);
  const thousands = Number(n / 1000n);
  const units = Number(n % 1000n);
  if (thousands > 0) parts.push(thousands === 1 ? 'mille' : `${below1000(thousands, false)} mille`);
  if (units > 0) parts.push(below1000(units, true));
  return parts.join(' ');
}

/**
 * An amount in XOF in words: "cent dix-huit mille francs CFA". XOF has no
 * subunit in practice: the amount is rounded to the franc (half up) first.
 */
export function amountInFrenchWords(amount: string): string {
  const francs = francsOf(amount);
  return `${numberToFrenchWords(francs)} franc${francs > 1n || francs < -1n ? 's' : ''} CFA`;
}
