type ChipColor = 'default' | 'success' | 'warning' | 'error' | 'info' | 'primary';

/** Room badge colour: free green, occupied blue, maintenance orange, anything else ('Hors service') red. */
export function roomStatusColor(status: string): ChipColor {
  if (status === 'available') return 'success';
  if (status === 'occupied') return 'info';
  if (status === 'maintenance') return 'warning';
  return 'error';
}

export function reservationStatusColor(status: string): ChipColor {
  if (status === 'confirmed') return 'primary';
  if (status === 'checked_in') return 'info';
  if (status === 'checked_out') return 'success';
  return 'default';
}

/** The comma-separated amenities ("Wifi, Climatisation") as chips' labels. */
export function amenityList(amenities: string | null | undefined): string[] {
  return (amenities ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}

export { moneyOrDash } from '../../ui/format';

/** A calendar date (YYYY-MM-DD) `days` later (the one implementation of @xaalis/domain). */
export { addDays } from '@xaalis/domain';
