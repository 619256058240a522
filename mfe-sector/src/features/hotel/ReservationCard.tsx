import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { INVOICEABLE_RESERVATION_STATUSES, MESSAGES_HOTEL, reservationStatusLabel, type Reservation } from '@xaalis/contracts';
import { formatDate, formatMoney } from '@xaalis/web-kit';
import { Fact, Facts } from '../../ui/cards';
import { moneyOrDash, reservationStatusColor } from './format';

export type ReservationStep = 'check-in' | 'check-out' | 'cancel' | 'invoice';

export interface ReservationCardProps {
  reservation: Reservation;
  /** The life-cycle buttons; none without it (a role that may not change the module). */
  onAction?: (reservation: Reservation, step: ReservationStep) => void;
  /** A step of this reservation is being saved: its buttons wait. */
  busy: boolean;
}

/**
 * A reservation: guest, status badge, room, dates, guests, amounts, phone,
 * notes, its invoice, and the buttons of its life cycle (confirmed → arrival
 * or cancel; in progress → departure; arrived or left → 'Facturer le séjour' once).
 */
export function ReservationCard({ reservation: r, onAction, busy }: ReservationCardProps) {
  const invoiceable = INVOICEABLE_RESERVATION_STATUSES.includes(r.status) && !r.invoice && !r.invoicePending;
  const action = (
    step: ReservationStep,
    label: string,
    props: { color?: 'error' | 'success'; variant?: 'outlined' | 'contained' } = {},
  ) => (
    <Button size="small" variant={props.variant ?? 'outlined'} color={props.color} disabled={busy} onClick={() => onAction?.(r, step)}>
      {label}
    </Button>
  );
  return (
    <Paper
      variant="outlined"
      component="article"
      aria-label={`Réservation ${r.reservationNumber} — ${r.guestName}`}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h3" sx={{ fontWeight: 600 }}>
            {r.guestName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {r.reservationNumber}
          </Typography>
        </Box>
        <Chip size="small" label={reservationStatusLabel(r.status)} color={reservationStatusColor(r.status)} />
      </Box>
      <Facts>
        <Fact label="Chambre">{r.room.roomNumber}</Fact>
        <Fact label="Arrivée">{formatDate(r.checkInDate)}</Fact>
        <Fact label="Départ">{formatDate(r.checkOutDate)}</Fact>
        <Fact label="Personnes">{r.numberOfGuests}</Fact>
        <Fact label="Montant total">{formatMoney(r.totalAmount)}</Fact>
        <Fact label="Montant payé">{moneyOrDash(r.paidAmount)}</Fact>
        {r.guestPhone ? <Fact label="Téléphone">{r.guestPhone}</Fact> : null}
        {r.invoice ? <Fact label="Facture">{`N°${r.invoice.number}`}</Fact> : null}
      </Facts>
      {r.notes ? (
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap' }}>
          {r.notes}
        </Typography>
      ) : null}
      {r.invoicePending && !r.invoice ? <Chip size="small" color="warning" variant="outlined" label="Facturation en attente" /> : null}
      {onAction ? (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1, mt: 'auto', pt: 1 }}>
          {r.status === 'confirmed' ? (
            <>
              {action('check-in', 'Arrivée', { variant: 'contained' })}
              {action('cancel', 'Annuler', { color: 'error' })}
            </>
          ) : null}
          {r.status === 'checked_in' ? action('check-out', 'Départ', { variant: 'contained' }) : null}
          {invoiceable ? action('invoice', MESSAGES_HOTEL.invoiceStay, { color: 'success' }) : null}
        </Box>
      ) : null}
    </Paper>
  );
}
