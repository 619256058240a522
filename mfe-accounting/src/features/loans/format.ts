/** An annual rate as the table shows it, from its two-decimal string, exactly: "7.50" → "7,50 %". */
export function formatRate(rate: string): string {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(rate.trim());
  if (!m) return `${rate} %`;
  return `${m[1]},${(m[2] ?? '').padEnd(2, '0')} %`;
}
