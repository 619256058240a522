/**
 * Display formatters (fr-FR, XOF, Dakar time).
 *
 * Spacing decision: `Intl.NumberFormat('fr-FR')` groups thousands with U+202F
 * (narrow no-break space). We replace it (and U+00A0) with an ordinary space, so the
 * text is exactly what the specification writes (`1 234 567 XOF`), what users copy,
 * and what tests compare. Where a figure must not wrap, style it with
 * `white-space: nowrap` instead of relying on no-break characters.
 */

const integerFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0, minimumFractionDigits: 0 });
const SPACES = /[\u00a0\u202f]/g;

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed === '') return null;
    const n = Number(trimmed);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** A plain number in fr-FR grouping without decimals: `1 234 567`. Invalid → `0`. */
export function formatNumber(value: unknown): string {
  const n = toNumber(value);
  // Avoid "-0" for values that round to zero.
  const rounded = n === null ? 0 : Math.round(n) === 0 ? 0 : n;
  return integerFormat.format(rounded).replace(SPACES, ' ').replace('\u2212', '-');
}

/** An amount in XOF: `1 234 567 XOF` (fr-FR, no decimals, ordinary spaces). Invalid → `0 XOF`. */
export function formatMoney(value: unknown): string {
  return `${formatNumber(value)} XOF`;
}

/** A percentage in fr-FR with up to two decimals: `18 %`, `12,5 %`. Invalid → `0 %`. */
export function formatPercent(value: unknown, fractionDigits = 2): string {
  const n = toNumber(value) ?? 0;
  const text = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: fractionDigits }).format(n);
  return `${text.replace(SPACES, ' ')} %`;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const dateFormat = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Africa/Dakar', day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Africa/Dakar',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

function toDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'string' || typeof value === 'number') {
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  return null;
}

/**
 * A date in fr-FR form `31/12/2026`. A calendar date (`2026-12-31`) is shown as is,
 * never shifted by the browser's time zone; a timestamp is shown in Dakar time.
 * Missing or invalid → empty string.
 */
export function formatDate(value: unknown): string {
  if (typeof value === 'string') {
    const m = DATE_ONLY.exec(value.trim());
    if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  }
  const d = toDate(value);
  return d ? dateFormat.format(d) : '';
}

/** Date and time in Dakar time: `31/12/2026 14:05`. Invalid → empty string. */
export function formatDateTime(value: unknown): string {
  const d = toDate(value);
  return d ? dateTimeFormat.format(d).replace(SPACES, ' ').replace(',', '') : '';
}

/** Today's calendar date in Dakar (`YYYY-MM-DD`), the default of date inputs. */
export function todayIso(now: Date = new Date()): string {
  // Dakar is UTC+0 all year (no daylight saving time).
  return now.toISOString().slice(0, 10);
}
