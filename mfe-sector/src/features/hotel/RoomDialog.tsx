import {
  MAX_ROOM_CAPACITY,
  MAX_ROOM_FLOOR,
  MESSAGES_HOTEL,
  ROOM_TYPE_LABELS,
  ROOM_TYPES,
  roomInputSchema,
  type RoomValues,
} from '@xaalis/contracts';
import { EntityFormDialog, FormSelectField, FormMoneyField, FormTextField, FullRow, useEntityForm, FormCountField } from '@xaalis/web-kit';
import { useCreateHotelRoomMutation } from './api';

export interface RoomFormValues {
  roomNumber: string;
  type: string;
  floor: string;
  capacity: string;
  pricePerNight: string;
  description: string;
  amenities: string;
}

/** Spec §9: type single, floor 1, capacity 1. */
export const ROOM_DEFAULTS: RoomFormValues = {
  roomNumber: '',
  type: 'single',
  floor: '1',
  capacity: '1',
  pricePerNight: '',
  description: '',
  amenities: '',
};

const TYPE_OPTIONS = ROOM_TYPES.map((value) => ({ value, label: ROOM_TYPE_LABELS[value] }));
const TITLE = 'Nouvelle chambre';

/** 'Nouvelle chambre' (spec §5: floor ≥ 0, capacity ≥ 1, numeric price); a taken number is the server's 409. */
export function RoomDialog({ open, onClose, companyId }: { open: boolean; onClose: () => void; companyId: string | null }) {
  const [createRoom] = useCreateHotelRoomMutation();
  const form = useEntityForm<RoomFormValues, RoomValues>({
    open,
    onClose,
    schema: roomInputSchema,
    defaultValues: ROOM_DEFAULTS,
    companyId,
    save: (values, id) =>
      createRoom({
        companyId: id,
        body: {
          roomNumber: values.roomNumber,
          type: values.type,
          floor: values.floor,
          capacity: values.capacity,
          pricePerNight: values.pricePerNight,
          description: values.description,
          amenities: values.amenities,
        },
      }).unwrap(),
    success: [MESSAGES_HOTEL.roomCreatedTitle, MESSAGES_HOTEL.roomCreated],
    failure: MESSAGES_HOTEL.roomCreateError,
  });
  const { control } = form;

  return (
    <EntityFormDialog form={form} title={TITLE} submitLabel="Créer la chambre">
      <FormTextField control={control} name="roomNumber" label="Numéro de chambre" required autoFocus />
      <FormSelectField control={control} name="type" label="Type" options={TYPE_OPTIONS} />
      <FormCountField control={control} name="floor" label="Étage" min={0} max={MAX_ROOM_FLOOR} />
      <FormCountField control={control} name="capacity" label="Capacité (personnes)" min={1} max={MAX_ROOM_CAPACITY} />
      <FullRow>
        <FormMoneyField control={control} name="pricePerNight" label="Prix par nuit" required />
      </FullRow>
      <FullRow>
        <FormTextField control={control} name="description" label="Description" multiline minRows={2} />
      </FullRow>
      <FullRow>
        <FormTextField
          control={control}
          name="amenities"
          label="Équipements"
          helperText="Séparés par des virgules : Wifi, Climatisation, TV"
        />
      </FullRow>
    </EntityFormDialog>
  );
}
