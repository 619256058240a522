import { zodResolver } from '@hookform/resolvers/zod';
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
  formatMoney,
  FormDateField,
  FormDialog,
  FormGrid,
  FormSelectField,
  FormTextField,
  FullRow,
  toastFailure,
  toastMissingCompany,
  toastSuccess,
  todayIso,
} from '@xaalis/web-kit';
import { useEffect, useId, useMemo } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
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
  const formId = useId();
  const defaults = useMemo(() => reservationDefaults(), []);
  const [createReservation, { isLoading }] = useCreateHotelReservationMutation();
  const { control, handleSubmit, reset, setValue, getValues, setError } = useForm<ReservationFormValues, unknown, ReservationValues>({
    resolver: zodResolver(reservationInputSchema) as unknown as Resolver<ReservationFormValues, unknown, ReservationValues>,
    defaultValues: defaults,
  });
  const [checkInDate, checkOutDate, roomId, guests] = useWatch({
    control,
    name: ['checkInDate', 'checkOutDate', 'roomId', 'numberOfGuests'],
  });

  const stayOk = validStay(checkInDate, checkOutDate);
  const available = useListAvailableHotelRoomsQuery(
    open && companyId && stayOk ? { companyId, from: checkInDate, to: checkOutDate } : skipToken,
  );
  const rooms = useMemo(() => (stayOk ? (available.data ?? []) : []), [available.data, stayOk]);
  const room = rooms.find((r) => r.id === roomId) ?? null;
  const nights = stayOk ? stayNights(checkInDate, checkOutDate) : 0;
  const total = room && nights > 0 ? stayTotal(nights, room.pricePerNight) : null;

  useEffect(() => {
    if (open) reset(reservationDefaults());
  }, [open, reset]);

  // New dates: a room chosen before that is no longer free is dropped.
  useEffect(() => {
    if (available.isFetching) return;
    const chosen = getValues('roomId');
    if (chosen && !rooms.some((r) => r.id === chosen)) setValue('roomId', '');
  }, [rooms, available.isFetching, getValues, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    if (!companyId) {
      toastMissingCompany();
      return;
    }
    const chosen = rooms.find((r) => r.id === values.roomId);
    if (!chosen) {
      setError('roomId', { message: MESSAGES_HOTEL.roomRequired });
      return;
    }
    if (values.numberOfGuests > chosen.capacity) {
      setError('numberOfGuests', { message: capacityExceeded(chosen.capacity) });
      return;
    }
    try {
      await createReservation({
        companyId,
        body: {
          roomId: values.roomId,
          guestName: values.guestName,
          guestPhone: values.guestPhone,
          guestEmail: values.guestEmail,
          checkInDate: values.checkInDate,
          checkOutDate: values.checkOutDate,
          numberOfGuests: values.numberOfGuests,
          totalAmount: stayTotal(stayNights(values.checkInDate, values.checkOutDate), chosen.pricePerNight),
          specialRequests: values.specialRequests,
          notes: values.notes,
        },
      }).unwrap();
      toastSuccess(MESSAGES_HOTEL.reservationCreatedTitle, MESSAGES_HOTEL.reservationCreated);
      reset(reservationDefaults());
      onClose();
    } catch (error) {
      toastFailure(error, MESSAGES_HOTEL.reservationCreateError);
    }
  });

  const options = rooms.map((r) => ({ value: r.id, label: roomLabel(r) }));
  let roomHelp: string | undefined;
  if (!stayOk) roomHelp = 'Choisissez d’abord les dates du séjour';
  else if (available.isFetching) roomHelp = 'Recherche des chambres libres...';
  else if (available.error) roomHelp = 'Impossible de charger les chambres libres';
  else if (rooms.length === 0) roomHelp = MESSAGES_HOTEL.noRoomAvailable;
  const guestsNumber = Number(guests);

  return (
    <FormDialog open={open} onClose={onClose} title={TITLE} formId={formId} busy={isLoading} submitLabel="Créer la réservation">
      <FormGrid id={formId} label={TITLE} onSubmit={onSubmit}>
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
          <FormTextField
            control={control}
            name="numberOfGuests"
            label="Nombre de personnes"
            type="number"
            inputProps={{ min: 1, max: room?.capacity, step: 1, inputMode: 'numeric' }}
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
      </FormGrid>
    </FormDialog>
  );
}
