import Alert from '@mui/material/Alert';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  capacityExceeded,
  MAX_STAY_NIGHTS,
  MESSAGES_HOTEL,
  reservationInputSchema,
  ROOM_TYPE_LABELS,
  stayNights,
  stayTotal,
  type ReservationValues,
  type Room,
} from '@xaalis/contracts';
import { isCalendarDate } from '@xaalis/domain';
import {
  EntityFormDialog,
  formatMoney,
  FormDateField,
  FormSelectField,
  FormTextField,
  FullRow,
  todayIso,
  useEntityForm,
  FormCountField,
} from '@xaalis/web-kit';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { useCreateHotelReservationMutation, useListAvailableHotelRoomsQuery } from './api';
import { addDays } from './format';

export interface ReservationFormValues {
  checkInDate: string;
  checkOutDate: string;
  roomId: string;
  guestName: string;
  guestPhone: string;
  guestEmail: string;
  numberOfGuests: string;
  specialRequests: string;
  notes: string;
}

/** Spec §9: one guest; the stay defaults to tonight. */
export function reservationDefaults(today = todayIso()): ReservationFormValues {
  return {
    checkInDate: today,
    checkOutDate: addDays(today, 1),
    roomId: '',
    guestName: '',
    guestPhone: '',
    guestEmail: '',
    numberOfGuests: '1',
    specialRequests: '',
    notes: '',
  };
}

const TITLE = 'Nouvelle réservation';
const NO_ROOMS: readonly Room[] = [];

const roomLabel = (room: Room) =>
  `Chambre ${room.roomNumber} — ${ROOM_TYPE_LABELS[room.type] ?? room.type} — ${formatMoney(room.pricePerNight)} / nuit (${room.capacity} pers.)`;

/** A stay the server would accept as dates (the available-rooms query needs one). */
function validStay(from: string, to: string): boolean {
  return isCalendarDate(from) && isCalendarDate(to) && to > from && stayNights(from, to) <= MAX_STAY_NIGHTS;
}

/**
 * 'Nouvelle réservation': the dates first, then the rooms free for those dates
 * (GET rooms/available, so a room booked for other nights is still offered);
 * guests ≤ the chosen room's capacity; the total shown is nights × price (the
 * server recomputes it and refuses a different figure).
 */
export function ReservationDialog({ open, onClose, companyId }: { open: boolean; onClose: () => void; companyId: string | null }) {
  const [createReservation] = useCreateHotelReservationMutation();
  const form = useEntityForm<ReservationFormValues, ReservationValues>({
    open,
    onClose,
    schema: reservationInputSchema,
    defaultValues: () => reservationDefaults(),
    companyId,
    check: (values, { setError }) => {
      const chosen = rooms.find((r) => r.id === values.roomId);
      if (!chosen) {
        setError('roomId', { message: MESSAGES_HOTEL.roomRequired });
        return false;
      }
      if (values.numberOfGuests > chosen.capacity) {
        setError('numberOfGuests', { message: capacityExceeded(chosen.capacity) });
        return false;
      }
      return true;
    },
    save: (values, id) =>
      createReservation({
        companyId: id,
        body: {
          roomId: values.roomId,
          guestName: values.guestName,
          guestPhone: values.guestPhone,
          guestEmail: values.guestEmail,
          checkInDate: values.checkInDate,
          checkOutDate: values.checkOutDate,
          numberOfGuests: values.numberOfGuests,
          totalAmount: stayTotal(
            stayNights(values.checkInDate, values.checkOutDate),
            rooms.find((r) => r.id === values.roomId)?.pricePerNight ?? '0',
          ),
          specialRequests: values.specialRequests,
          notes: values.notes,
        },
      }).unwrap(),
    success: [MESSAGES_HOTEL.reservationCreatedTitle, MESSAGES_HOTEL.reservationCreated],
    failure: MESSAGES_HOTEL.reservationCreateError,
  });
  const { control, setValue, getValues } = form;
  const [checkInDate, checkOutDate, roomId, guests] = useWatch({
    control,
    name: ['checkInDate', 'checkOutDate', 'roomId', 'numberOfGuests'],
  });

  const stayOk = validStay(checkInDate, checkOutDate);
  const available = useListAvailableHotelRoomsQuery(
    open && companyId && stayOk ? { companyId, from: checkInDate, to: checkOutDate } : skipToken,
  );
  const rooms: readonly Room[] = stayOk ? (available.data ?? NO_ROOMS) : NO_ROOMS;
  const room = rooms.find((r) => r.id === roomId) ?? null;
  const nights = stayOk ? stayNights(checkInDate, checkOutDate) : 0;
  const total = room && nights > 0 ? stayTotal(nights, room.pricePerNight) : null;

  // New dates: a room chosen before that is no longer free is dropped.
  useEffect(() => {
    if (available.isFetching) return;
    const chosen = getValues('roomId');
    if (chosen && !rooms.some((r) => r.id === chosen)) setValue('roomId', '');
  }, [rooms, available.isFetching, getValues, setValue]);

  const options = rooms.map((r) => ({ value: r.id, label: roomLabel(r) }));
  let roomHelp: string | undefined;
  if (!stayOk) roomHelp = 'Choisissez d’abord les dates du séjour';
  else if (available.isFetching) roomHelp = 'Recherche des chambres libres...';
  else if (available.error) roomHelp = 'Impossible de charger les chambres libres';
  else if (rooms.length === 0) roomHelp = MESSAGES_HOTEL.noRoomAvailable;
  const guestsNumber = Number(guests);

  return (
    <EntityFormDialog form={form} title={TITLE} submitLabel="Créer la réservation">
      <FormDateField control={control} name="checkInDate" label="Date d'arrivée" />
      <FormDateField control={control} name="checkOutDate" label="Date de départ" />
      <FullRow>
        <FormSelectField
          control={control}
          name="roomId"
          label="Chambre"
          required
          placeholder="Sélectionner une chambre"
          options={options}
          disabled={!stayOk || rooms.length === 0}
          helperText={roomHelp}
        />
      </FullRow>
      <FullRow>
        <FormTextField control={control} name="guestName" label="Nom du client" required />
      </FullRow>
      <FormTextField control={control} name="guestPhone" label="Téléphone" type="tel" />
      <FormTextField control={control} name="guestEmail" label="Email" type="email" />
      <FullRow>
        <FormCountField
          control={control}
          name="numberOfGuests"
          label="Nombre de personnes"
          min={1}
          max={room?.capacity}
          helperText={room && guestsNumber > room.capacity ? capacityExceeded(room.capacity) : undefined}
        />
      </FullRow>
      <FullRow>
        <FormTextField control={control} name="specialRequests" label="Demandes spéciales" multiline minRows={2} />
      </FullRow>
      <FullRow>
        <FormTextField control={control} name="notes" label="Notes" multiline minRows={2} />
      </FullRow>
      <Alert severity="info" icon={false} sx={{ gridColumn: '1 / -1' }} data-testid="reservation-total">
        {total
          ? `Montant total : ${formatMoney(total)} (${nights} nuit${nights > 1 ? 's' : ''} × ${formatMoney(room?.pricePerNight)})`
          : 'Montant total : choisissez les dates et la chambre'}
      </Alert>
    </EntityFormDialog>
  );
}
