import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { MESSAGES_HOTEL, stayInvoiced, type Reservation } from '@xaalis/contracts';
import {
  AddButton,
  CounterRow,
  CounterTile,
  formatNumber,
  PageHeader,
  toast,
  toastFailure,
  toastSuccess,
  useDialog,
} from '@xaalis/web-kit';
import { useMemo, useState, type ReactNode } from 'react';
import {
  useCancelHotelReservationMutation,
  useCheckInHotelReservationMutation,
  useCheckOutHotelReservationMutation,
  useGetHotelSummaryQuery,
  useInvoiceHotelReservationMutation,
  useListHotelReservationsQuery,
  useListHotelRoomsQuery,
} from './api';
import { CompanyPage, sectorRoute } from '../../ui/CompanyPage';
import { pageArgs, PagedPanel, panelPaging, usePagedSearch } from '../../ui/paged';
import { CARD_GRID, CardPlaceholders } from '../../ui/placeholders';
import { ReservationCard, type ReservationStep } from './ReservationCard';
import { ReservationDialog } from './ReservationDialog';
import { RoomCard } from './RoomCard';
import { useHotelRights } from './rights';
import { RoomDialog } from './RoomDialog';

const { title: TITLE, subtitle: SUBTITLE } = sectorRoute('/hotel', 'Gestion Hôtelière');
/** Spec §9: hotel placeholders, 6 rooms and 3 reservations. */
const ROOM_PLACEHOLDERS = 6;
const RESERVATION_PLACEHOLDERS = 3;

type TabValue = 'rooms' | 'reservations';

/** Route /hotel (exposed as './Hotel'): 'Gestion Hôtelière', four cards, tabs Chambres and Réservations. */
export default function HotelPage() {
  return (
    <CompanyPage title={TITLE} subtitle={SUBTITLE}>
      {(companyId) => <Hotel companyId={companyId} />}
    </CompanyPage>
  );
}

/** The page once the company is known. */
function Hotel({ companyId }: { companyId: string }) {
  const roomPaging = usePagedSearch();
  const reservationPaging = usePagedSearch();
  const rooms = useListHotelRoomsQuery(pageArgs(companyId, roomPaging));
  const reservations = useListHotelReservationsQuery(pageArgs(companyId, reservationPaging));
  const summary = useGetHotelSummaryQuery(companyId);
  const [checkIn, checkInState] = useCheckInHotelReservationMutation();
  const [checkOut, checkOutState] = useCheckOutHotelReservationMutation();
  const [cancel, cancelState] = useCancelHotelReservationMutation();
  const [invoice, invoiceState] = useInvoiceHotelReservationMutation();

  const [tab, setTab] = useState<TabValue>('rooms');
  // Each opening remounts its dialog (fresh form).
  const roomDialog = useDialog('room');
  const reservationDialog = useDialog('reservation');
  const rights = useHotelRights();

  const roomList = useMemo(() => rooms.data?.items ?? [], [rooms.data]);
  const reservationList = useMemo(() => reservations.data?.items ?? [], [reservations.data]);
  // The spec disables 'Nouvelle réservation' when no room is available; rooms
  // are offered per stay (GET rooms/available for the chosen dates), so a room
  // occupied tonight may be free next week: the button waits only for a first room.
  const canBook = ((roomPaging.search ? summary.data?.totalRooms : rooms.data?.totalItems) ?? 0) > 0;

  const busyId = [checkInState, checkOutState, cancelState, invoiceState].find((s) => s.isLoading)?.originalArgs?.id ?? null;

  const runStep = async (reservation: Reservation, step: ReservationStep) => {
    const args = { companyId, id: reservation.id };
    try {
      if (step === 'check-in') {
        await checkIn(args).unwrap();
        toastSuccess(MESSAGES_HOTEL.checkedIn);
      } else if (step === 'check-out') {
        await checkOut(args).unwrap();
        toastSuccess(MESSAGES_HOTEL.checkedOut);
      } else if (step === 'cancel') {
        await cancel(args).unwrap();
        toastSuccess(MESSAGES_HOTEL.cancelled);
      } else {
        const result = await invoice(args).unwrap();
        if (result.invoice) toastSuccess(stayInvoiced(result.invoice.number));
        // 202: accounting did not answer; a job finishes the invoice with the same key.
        else toast({ title: 'Facturation en attente', description: MESSAGES_HOTEL.invoicePending, variant: 'info' });
      }
    } catch (error) {
      toastFailure(error, step === 'invoice' ? MESSAGES_HOTEL.invoiceError : MESSAGES_HOTEL.reservationTransitionError);
    }
  };

  const openRoom = () => roomDialog.show();
  const openReservation = () => reservationDialog.show();

  const content =
    tab === 'rooms' ? (
      <PagedPanel
        {...panelPaging(roomPaging, 'Rechercher une chambre', 'Numéro ou description', rooms.data?.totalItems)}
        emptyFiltered="Aucune chambre ne correspond à la recherche"
        list={rooms}
        errorTitle="Impossible de charger les chambres"
        loading={<CardPlaceholders count={ROOM_PLACEHOLDERS} />}
        count={roomList.length}
        empty={{
          title: MESSAGES_HOTEL.roomsEmpty,
          create: rights.rooms
            ? {
                description: 'Enregistrez vos chambres, leur capacité et leur prix par nuit pour prendre des réservations.',
                label: MESSAGES_HOTEL.addFirstRoom,
                onClick: openRoom,
              }
            : undefined,
        }}
      >
        <Box sx={{ ...CARD_GRID, opacity: rooms.isFetching ? 0.6 : 1 }}>
          {roomList.map((room) => (
            <RoomCard key={room.id} room={room} />
          ))}
        </Box>
      </PagedPanel>
    ) : (
      <PagedPanel
        {...panelPaging(reservationPaging, 'Rechercher une réservation', 'Numéro, client ou chambre', reservations.data?.totalItems)}
        emptyFiltered="Aucune réservation ne correspond à la recherche"
        list={reservations}
        errorTitle="Impossible de charger les réservations"
        loading={<CardPlaceholders count={RESERVATION_PLACEHOLDERS} />}
        count={reservationList.length}
        empty={{
          title: MESSAGES_HOTEL.reservationsEmpty,
          description: !rights.reservations
            ? undefined
            : canBook
              ? 'Enregistrez la première réservation de vos clients.'
              : `${MESSAGES_HOTEL.addRoomsFirst}.`,
          action: !rights.reservations ? undefined : canBook ? (
            <AddButton variant="outlined" onClick={openReservation}>
              Créer la première réservation
            </AddButton>
          ) : rights.rooms ? (
            <AddButton variant="outlined" onClick={openRoom}>
              {MESSAGES_HOTEL.addFirstRoom}
            </AddButton>
          ) : undefined,
        }}
      >
        <Box sx={{ ...CARD_GRID, opacity: reservations.isFetching ? 0.6 : 1 }}>
          {reservationList.map((reservation) => (
            <ReservationCard
              key={reservation.id}
              reservation={reservation}
              busy={busyId === reservation.id}
              onAction={rights.reservations ? (r, step) => void runStep(r, step) : undefined}
            />
          ))}
        </Box>
      </PagedPanel>
    );

  let action: ReactNode = null;
  if (tab === 'rooms') action = rights.rooms ? <AddButton onClick={openRoom}>Nouvelle chambre</AddButton> : null;
  else
    action = rights.reservations ? (
      <AddButton onClick={openReservation} disabled={!canBook}>
        Nouvelle réservation
      </AddButton>
    ) : null;
  const figures = summary.data;
  const figure = (value: number | undefined) => (value === undefined ? '—' : formatNumber(value));
  const summaryLoading = summary.isLoading;

  return (
    <Box component="section" aria-label={TITLE}>
      <PageHeader title={TITLE} subtitle={SUBTITLE} actions={action} />
      <CounterRow>
        <CounterTile label="Total chambres" value={figure(figures?.totalRooms)} loading={summaryLoading} />
        <CounterTile label="Disponibles" value={figure(figures?.available)} loading={summaryLoading} color="success.main" />
        <CounterTile label="Occupées" value={figure(figures?.occupied)} loading={summaryLoading} color="info.main" />
        <CounterTile label="Réservations aujourd'hui" value={figure(figures?.reservationsToday)} loading={summaryLoading} />
      </CounterRow>
      {reservations.data?.invoicesAvailable === false ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {MESSAGES_HOTEL.accountingDown}
        </Alert>
      ) : null}
      <Tabs value={tab} onChange={(_e, value: TabValue) => setTab(value)} sx={{ mb: 2 }} aria-label="Hôtel">
        <Tab value="rooms" label="Chambres" />
        <Tab value="reservations" label="Réservations" />
      </Tabs>
      <Box role="tabpanel">{content}</Box>

      <RoomDialog key={roomDialog.key} {...roomDialog.props} companyId={companyId} />
      <ReservationDialog key={reservationDialog.key} {...reservationDialog.props} companyId={companyId} />
    </Box>
  );
}
