import { isValidIban, normalizeIban } from './iban';

/** Check digits of a BBAN for a country (ISO 7064 MOD 97-10, digit by digit), to build test IBANs. */
function withCheckDigits(country: string, bban: string): string {
  const numeric = `${bban}${country}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (let i = 0; i < numeric.length; i++) rest = (rest * 10 + Number(numeric[i])) % 97;
  const check = 98 - rest;
  return `${country}${String(check).padStart(2, '0')}${bban}`;
}

describe('IBAN check', () => {
  it('accepts well-known valid IBANs, with spaces or lower case', () => {
    expect(isValidIban('FR14 2004 1010 0505 0001 3M02 606')).toBe(true);
    expect(isValidIban('gb82west12345698765432')).toBe(true);
    const senegal = withCheckDigits('SN', 'SN0100152000012345678901');
    expect(senegal).toHaveLength(28);
    expect(isValidIban(senegal)).toBe(true);
    expect(normalizeIban(' sn08 sn01 ')).toBe('SN08SN01');
  });

  it('refuses a changed digit, swapped digits, a wrong length for the country, and a bare RIB', () => {
    const senegal = withCheckDigits('SN', 'SN0100152000012345678901');
    expect(isValidIban(senegal.slice(0, -1) + (senegal.endsWith('1') ? '2' : '1'))).toBe(false);
    expect(isValidIban(senegal.slice(0, 10) + senegal[11] + senegal[10] + senegal.slice(12))).toBe(false);
    expect(isValidIban(withCheckDigits('SN', 'SN010015200001234567890'))).toBe(false); // 27 characters
    expect(isValidIban('SN0100152000012345678901')).toBe(false);
    expect(isValidIban('')).toBe(false);
  });
});
