// Sector values and labels, without zod (the registration form lists them before any
// schema is loaded, see ./sign-in.ts). Re-exported by ./sectors.ts.

/** Sector values a company can hold. `restauration` is the stored spelling. */
export const SECTORS = ['service', 'restauration', 'transformation', 'hotel', 'commerce', 'agriculture'] as const;
export type Sector = (typeof SECTORS)[number];

/** Sectors offered by the company settings form (registration offers all of SECTORS). */
export const COMPANY_FORM_SECTORS = ['transformation', 'service', 'restauration', 'hotel'] as const;

export const SECTOR_LABELS: Record<Sector, string> = {
  service: 'Services',
  restauration: 'Restauration',
  transformation: 'Transformation',
  hotel: 'Hôtellerie',
  commerce: 'Commerce',
  agriculture: 'Agriculture',
};

/**
 * Accepts both spellings found in the specification ('restaurant' and
 * 'restauration') and always yields the stored one.
 */
export function normalizeSector(value: unknown): unknown {
  return value === 'restaurant' ? 'restauration' : value;
}
