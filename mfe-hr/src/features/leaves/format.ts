const daysFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });

/** Working days as the tables show them: '24', '2,5', '-1,5' (the server sends decimal strings). */
export function formatDays(value: string | number): string {
  const n = Number(value);
  return Number.isFinite(n) ? daysFormat.format(n).replace('\u2212', '-') : '0';
}
