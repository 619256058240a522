import { normalizeSector, SECTOR_LABELS, type Sector } from '@xaalis/contracts';

/** A company whose name could not be read (accounting down). */
export const UNKNOWN_COMPANY_NAME = 'Entreprise sans nom';

export const companyName = (name: string | null | undefined): string => name?.trim() || UNKNOWN_COMPANY_NAME;

/** The sector's French label ('' when unknown). */
export function sectorLabel(sector: string | null | undefined): string {
  if (!sector) return '';
  const value = normalizeSector(sector) as string;
  return Object.hasOwn(SECTOR_LABELS, value) ? SECTOR_LABELS[value as Sector] : value;
}
