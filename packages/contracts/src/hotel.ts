import { z } from 'zod';
import { mul } from '@xaalis/domain';
import { moneySchema } from './money';
import { intField, optionalText, requiredDate, requiredMoney } from './sector-fields';
import { text, tooLong } from './text';
import { pagedListQuerySchema, requiredText, type Paged } from './fields';
import { labelOrOther } from './labels';

/**
 * Hotel ('Gestion Hôtelière', spec 02 §2, §3, §5, §8, §9): rooms, reservations
 * that the database keeps from overlapping (exclusion constraint), the stay's
 * life cycle and its invoice ('Facturer le séjour') in the accounting service.
 */

export const ROOM_TYPES = ['single', 'double', 'twin', 'suite', 'family'] as const;
export type RoomType = (typeof ROOM_TYPES)[number];
export const ROOM_TYPE_LABELS: Record<RoomType, string> = {
  single: 'Simple',
  double: 'Double',
  twin: 'Lits jumeaux',
  suite: 'Suite',
  family: 'Familiale',
};

export const ROOM_STATUSES = ['available', 'occupied', 'maintenance'] as const;
export type RoomStatus = (typeof ROOM_STATUSES)[number];
export const ROOM_STATUS_LABELS: Record<RoomStatus, string> = {
  available: 'Disponible',
  occupied: 'Occupée',
  maintenance: 'Maintenance',
};
/** Spec §3: any other status is shown as out of service. */
export const ROOM_STATUS_OTHER_LABEL = 'Hors service';
export const roomStatusLabel = labelOrOther(ROOM_STATUS_LABELS, ROOM_STATUS_OTHER_LABEL);

export const RESERVATION_STATUSES = ['confirmed', 'checked_in', 'checked_out', 'cancelled'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
export const RESERVATION_STATUS_LABELS: Record<ReservationStatus, string> = {
  confirmed: 'Confirmée',
  checked_in: 'En cours',
  checked_out: 'Terminée',
  cancelled: 'Annulée',
};
/** Spec §3: any other status is shown as cancelled. */
export const reservationStatusLabel = labelOrOther(RESERVATION_STATUS_LABELS, RESERVATION_STATUS_LABELS.cancelled);

/** Statuses from which 'Facturer le séjour' is allowed (the guest has arrived). */
export const INVOICEABLE_RESERVATION_STATUSES: readonly ReservationStatus[] = ['checked_in', 'checked_out'];

export const HOTEL_TEXT_LIMITS = {
  roomNumber: 20,
  description: 2000,
  amenities: 1000,
  guestName: 255,
  guestPhone: 50,
  guestEmail: 255,
  specialRequests: 2000,
  notes: 2000,
} as const;
export const MAX_ROOM_FLOOR = 500;
export const MAX_ROOM_CAPACITY = 100;
/** A stay of at most this many nights (keeps totals and the date range sane). */
export const MAX_STAY_NIGHTS = 365;

export const MESSAGES_HOTEL = {
  roomNumberRequired: 'Numéro de chambre requis',
  roomTypeInvalid: 'Type de chambre invalide',
  floorInvalid: 'Étage invalide (nombre entier, minimum 0)',
  capacityInvalid: 'Capacité invalide (nombre entier, minimum 1)',
  priceRequired: 'Prix par nuit requis',
  roomStatusInvalid: 'Statut de chambre invalide',
  roomRequired: 'Chambre requise',
  guestNameRequired: 'Nom du client requis',
  guestEmailInvalid: 'Adresse e-mail invalide',
  checkInRequired: "Date d'arrivée requise (AAAA-MM-JJ)",
  checkOutRequired: 'Date de départ requise (AAAA-MM-JJ)',
  checkOutBeforeCheckIn: "La date de départ doit être postérieure à la date d'arrivée",
  stayTooLong: `Séjour trop long (au plus ${MAX_STAY_NIGHTS} nuits)`,
  guestsInvalid: 'Nombre de personnes invalide (nombre entier, minimum 1)',
  dateInvalid: 'Date invalide (AAAA-MM-JJ)',
  statusInvalid: 'Statut invalide',
  roomNumberTaken: 'Ce numéro de chambre existe déjà',
  doubleBooking: 'Cette chambre est déjà réservée pour ces dates',
  roomInMaintenance: 'Cette chambre est en maintenance',
  roomNotFound: 'Chambre introuvable',
  reservationNotFound: 'Réservation introuvable',
  /** 409 of 'Facturer le séjour' before check-in or after a cancellation. */
  invoiceNotAllowed: 'Le séjour ne peut être facturé qu’après l’arrivée du client',
  /** 202-like state: the accounting service did not answer; the invoice is settled later with the same key. */
  invoicePending: 'Facturation en attente : le service Comptabilité est momentanément indisponible, elle sera finalisée automatiquement.',
  /** Notice when the list could not read the invoices' payments. */
  accountingDown: 'Le service Comptabilité est momentanément indisponible : les paiements des séjours ne peuvent pas être affichés.',
  // Success toasts (spec §8) and the ones this module adds.
  roomCreatedTitle: 'Chambre créée',
  roomCreated: 'La chambre a été ajoutée avec succès.',
  roomUpdated: 'Chambre modifiée',
  reservationCreatedTitle: 'Réservation créée',
  reservationCreated: 'La réservation a été créée avec succès.',
  checkedIn: 'Arrivée enregistrée : la chambre est occupée',
  checkedOut: 'Départ enregistré : la chambre est disponible',
  cancelled: 'Réservation annulée',
  // Error toasts (spec §8) and the ones this module adds.
  roomCreateError: 'Impossible de créer la chambre.',
  roomUpdateError: 'Impossible de modifier la chambre.',
  reservationCreateError: 'Impossible de créer la réservation.',
  reservationTransitionError: 'Impossible de modifier la réservation.',
  invoiceError: 'Impossible de facturer le séjour.',
  // Empty states and buttons.
  roomsEmpty: 'Aucune chambre enregistrée',
  addFirstRoom: 'Ajouter la première chambre',
  reservationsEmpty: 'Aucune réservation',
  addRoomsFirst: "Ajoutez d'abord des chambres",
  noRoomAvailable: 'Aucune chambre disponible pour ces dates',
  invoiceStay: 'Facturer le séjour',
} as const;

/** 400 when the room is too small: "Nombre de personnes supérieur à la capacité de la chambre (2)". */
export const capacityExceeded = (capacity: number): string => `Nombre de personnes supérieur à la capacité de la chambre (${capacity})`;
/** 400 when the client's totalAmount is not nights × price: "Montant incohérent : attendu 45000.00". */
export const amountMismatch = (expected: string): string => `Montant incohérent : attendu ${expected}`;
/** 409 of check-in/check-out/cancel from a status that does not allow it. */
export const reservationTransitionRefused = (status: ReservationStatus): string =>
  `Transition impossible : la réservation est ${RESERVATION_STATUS_LABELS[status]}`;
/** Success toast of 'Facturer le séjour' (also on a replay): "Séjour facturé : facture N°FS-2026-0001". */
export const stayInvoiced = (invoiceNumber: string): string => `Séjour facturé : facture N°${invoiceNumber}`;

/** Nights between two calendar dates (YYYY-MM-DD), check-out excluded. */
export function stayNights(checkInDate: string, checkOutDate: string): number {
  const a = Date.UTC(+checkInDate.slice(0, 4), +checkInDate.slice(5, 7) - 1, +checkInDate.slice(8, 10));
  const b = Date.UTC(+checkOutDate.slice(0, 4), +checkOutDate.slice(5, 7) - 1, +checkOutDate.slice(8, 10));
  return Math.round((b - a) / 86_400_000);
}

/** nights × price per night, exactly (no float): "45000.00". */
export const stayTotal = (nights: number, pricePerNight: string): string => mul(pricePerNight, nights);

// ---------------------------------------------------------------------------
// Input schemas.

/** `POST /api/companies/:companyId/rooms` and `PUT .../rooms/:id` (spec §3, §5, §9). */
export const roomInputSchema = z.object({
  roomNumber: requiredText(MESSAGES_HOTEL.roomNumberRequired, HOTEL_TEXT_LIMITS.roomNumber),
  type: z.enum(ROOM_TYPES, { error: MESSAGES_HOTEL.roomTypeInvalid }).default('single'),
  floor: intField(MESSAGES_HOTEL.floorInvalid, 0, MAX_ROOM_FLOOR, 1).default(1),
  capacity: intField(MESSAGES_HOTEL.capacityInvalid, 1, MAX_ROOM_CAPACITY, 1).default(1),
  pricePerNight: requiredMoney(MESSAGES_HOTEL.priceRequired),
  status: z.enum(ROOM_STATUSES, { error: MESSAGES_HOTEL.roomStatusInvalid }).default('available'),
  description: optionalText(HOTEL_TEXT_LIMITS.description),
  /** Comma-separated text ("Wifi, Climatisation"), stored as typed (trimmed). */
  amenities: optionalText(HOTEL_TEXT_LIMITS.amenities),
});
export type RoomInput = z.input<typeof roomInputSchema>;
export type RoomValues = z.output<typeof roomInputSchema>;

/**
 * `POST /api/companies/:companyId/reservations`. The server sets the number
 * (RES-YYYY-NNNN), the status (confirmed) and totalAmount = nights × price per
 * night; a totalAmount sent by the client must equal it (400 amountMismatch).
 */
export const reservationInputSchema = z
  .object({
    roomId: z.uuid({ error: MESSAGES_HOTEL.roomRequired }),
    guestName: requiredText(MESSAGES_HOTEL.guestNameRequired, HOTEL_TEXT_LIMITS.guestName),
    guestPhone: optionalText(HOTEL_TEXT_LIMITS.guestPhone),
    guestEmail: z
      .union(
        [
          z.literal(''),
          text()
            .trim()
            .pipe(z.email({ error: MESSAGES_HOTEL.guestEmailInvalid })),
        ],
        {
          error: MESSAGES_HOTEL.guestEmailInvalid,
        },
      )
      .nullish()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || v.length <= HOTEL_TEXT_LIMITS.guestEmail, {
        error: tooLong(HOTEL_TEXT_LIMITS.guestEmail),
      }),
    checkInDate: requiredDate(MESSAGES_HOTEL.checkInRequired),
    checkOutDate: requiredDate(MESSAGES_HOTEL.checkOutRequired),
    numberOfGuests: intField(MESSAGES_HOTEL.guestsInvalid, 1, MAX_ROOM_CAPACITY, 1).default(1),
    /** Optional; checked by the server against nights × price per night. */
    totalAmount: z
      .union([z.literal(''), z.null(), moneySchema])
      .optional()
      .transform((v) => (v ? v : null)),
    specialRequests: optionalText(HOTEL_TEXT_LIMITS.specialRequests),
    notes: optionalText(HOTEL_TEXT_LIMITS.notes),
    /** The spec's form sends these; the server sets them. */
    reservationNumber: z.unknown().optional(),
    status: z.unknown().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.checkOutDate <= v.checkInDate) {
      ctx.addIssue({ code: 'custom', path: ['checkOutDate'], message: MESSAGES_HOTEL.checkOutBeforeCheckIn });
    } else if (stayNights(v.checkInDate, v.checkOutDate) > MAX_STAY_NIGHTS) {
      ctx.addIssue({ code: 'custom', path: ['checkOutDate'], message: MESSAGES_HOTEL.stayTooLong });
    }
  });
export type ReservationInput = z.input<typeof reservationInputSchema>;
export type ReservationValues = z.output<typeof reservationInputSchema>;

/** `GET .../rooms/available?from=YYYY-MM-DD&to=YYYY-MM-DD`: rooms free for [from, to), not in maintenance. */
export const availableRoomsQuerySchema = z
  .object({
    from: requiredDate(MESSAGES_HOTEL.checkInRequired),
    to: requiredDate(MESSAGES_HOTEL.checkOutRequired),
  })
  .superRefine((v, ctx) => {
    if (v.to <= v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: MESSAGES_HOTEL.checkOutBeforeCheckIn });
  });

/** `GET .../reservations?page=&pageSize=&search=&status=` (newest first; number, guest name or room number contains). */
export const reservationListQuerySchema = pagedListQuerySchema(25, {
  status: z.enum(RESERVATION_STATUSES, { error: MESSAGES_HOTEL.statusInvalid }).optional(),
});
export type ReservationListQuery = z.input<typeof reservationListQuerySchema>;

/** `GET .../rooms?page=&pageSize=&search=` (room number order; number or description contains). */
export const roomListQuerySchema = pagedListQuerySchema(25);
export type RoomListQuery = z.input<typeof roomListQuerySchema>;

/** `POST .../reservations/:id/check-in|check-out|cancel|invoice`: no body. */
export const reservationActionSchema = z.object({});

// ---------------------------------------------------------------------------
// Responses.

export interface Room {
  id: string;
  roomNumber: string;
  type: RoomType;
  floor: number;
  capacity: number;
  /** Money, two decimals. */
  pricePerNight: string;
  status: RoomStatus;
  description: string | null;
  amenities: string | null;
  companyId: string;
  createdAt: string;
  updatedAt: string;
}

export interface ReservationInvoice {
  id: string;
  /** 'FS-YYYY-NNNN' (accounting's numbering). */
  number: string;
  /** Accounting's invoice status ('validated', 'paid'…); null when accounting could not be read. */
  status: string | null;
}

export interface Reservation {
  id: string;
  /** 'RES-YYYY-NNNN', the year of creation. */
  reservationNumber: string;
  roomId: string;
  room: { id: string; roomNumber: string; type: RoomType };
  guestName: string;
  guestPhone: string | null;
  guestEmail: string | null;
  checkInDate: string;
  checkOutDate: string;
  /** checkOutDate − checkInDate, in days. */
  nights: number;
  numberOfGuests: number;
  /** nights × the room's price per night at booking, two decimals. */
  totalAmount: string;
  /**
   * Paid so far: the invoice's paidAmount read from accounting ("0.00" before
   * invoicing); the last known value (or null) when accounting is down.
   */
  paidAmount: string | null;
  status: ReservationStatus;
  specialRequests: string | null;
  notes: string | null;
  invoice: ReservationInvoice | null;
  /** True while 'Facturer le séjour' waits for the accounting service (settled by a job). */
  invoicePending: boolean;
  checkedInAt: string | null;
  checkedOutAt: string | null;
  cancelledAt: string | null;
  companyId: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * `GET .../reservations`: `invoicesAvailable` is false when accounting could
 * not be read; the list is still returned (paidAmount as last stored) and the
 * UI shows MESSAGES_HOTEL.accountingDown.
 */
export interface ReservationList extends Paged<Reservation> {
  invoicesAvailable: boolean;
}

/** `GET .../rooms`: one page, and the company's rooms by status (all rooms, not the page). */
export interface RoomList extends Paged<Room> {
  availableCount: number;
  occupiedCount: number;
  maintenanceCount: number;
}

/**
 * `POST .../reservations/:id/invoice` answers the Reservation: 201 with
 * `invoice` set on the first invoice, 200 on a replay (the same invoice,
 * nothing created twice), 202 with invoicePending true when accounting did not
 * answer (a job finishes it with the same key).
 */
export type ReservationInvoiceResult = Reservation;

/** `GET .../rooms/summary`: the four cards (spec §2). */
export interface HotelSummary {
  totalRooms: number;
  available: number;
  occupied: number;
  /** Non-cancelled reservations with check-in ≤ today ≤ check-out (Dakar date). */
  reservationsToday: number;
}
