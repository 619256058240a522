import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import {
  MAX_ROOM_CAPACITY,
  MAX_ROOM_FLOOR,
  MESSAGES_HOTEL,
  ROOM_TYPE_LABELS,
  ROOM_TYPES,
  roomInputSchema,
  type RoomValues,
} from '@xaalis/contracts';
import { FormDialog, FormGrid, FormSelectField, FormTextField, FullRow, saveForCompany } from '@xaalis/web-kit';
import { useEffect, useId } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
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
const resolver = zodResolver(roomInputSchema) as unknown as Resolver<RoomFormValues, unknown, RoomValues>;
const TITLE = 'Nouvelle chambre';

/** 'Nouvelle chambre' (spec §5: floor ≥ 0, capacity ≥ 1, numeric price); a taken number is the server's 409. */
export function RoomDialog({ open, onClose, companyId }: { open: boolean; onClose: () => void; companyId: string | null }) {
  const formId = useId();
  const [createRoom, { isLoading }] = useCreateHotelRoomMutation();
  const { control, handleSubmit, reset } = useForm<RoomFormValues, unknown, RoomValues>({ resolver, defaultValues: ROOM_DEFAULTS });

  useEffect(() => {
    if (open) reset(ROOM_DEFAULTS);
  }, [open, reset]);

  const onSubmit = handleSubmit((values) =>
    saveForCompany(companyId, {
      run: (id) =>
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
      onSaved: () => {
        reset(ROOM_DEFAULTS);
        onClose();
      },
    }),
  );

  return (
    <FormDialog open={open} onClose={onClose} title={TITLE} formId={formId} busy={isLoading} submitLabel="Créer la chambre">
      <FormGrid id={formId} label={TITLE} onSubmit={onSubmit}>
        <FormTextField control={control} name="roomNumber" label="Numéro de chambre" required autoFocus />
        <FormSelectField control={control} name="type" label="Type" options={TYPE_OPTIONS} />
        <FormTextField
          control={control}
          name="floor"
          label="Étage"
          type="number"
          inputProps={{ min: 0, max: MAX_ROOM_FLOOR, step: 1, inputMode: 'numeric' }}
        />
        <FormTextField
          control={control}
          name="capacity"
          label="Capacité (personnes)"
          type="number"
          inputProps={{ min: 1, max: MAX_ROOM_CAPACITY, step: 1, inputMode: 'numeric' }}
        />
        <FullRow>
          <FormTextField
            control={control}
            name="pricePerNight"
            label="Prix par nuit"
            required
            type="number"
            inputProps={{ min: 0, step: 0.01, inputMode: 'decimal' }}
            endAdornment={
              <Box component="span" sx={{ color: 'text.secondary', ml: 1 }}>
                XOF
              </Box>
            }
          />
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
      </FormGrid>
    </FormDialog>
  );
}
