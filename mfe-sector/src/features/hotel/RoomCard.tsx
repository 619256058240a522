import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { ROOM_TYPE_LABELS, roomStatusLabel, type Room } from '@xaalis/contracts';
import { formatMoney } from '@xaalis/web-kit';
import { ArticleCard, Fact, Facts } from '../../ui/cards';
import { amenityList, roomStatusColor } from './format';

/** A room: number, status badge, type, floor, capacity, price per night, description and amenities (spec §2). */
export function RoomCard({ room }: { room: Room }) {
  const amenities = amenityList(room.amenities);
  const name = `Chambre ${room.roomNumber}`;
  return (
    <ArticleCard title={name} badge={<Chip size="small" label={roomStatusLabel(room.status)} color={roomStatusColor(room.status)} />}>
      <Facts>
        <Fact label="Type">{ROOM_TYPE_LABELS[room.type] ?? room.type}</Fact>
        <Fact label="Étage">{room.floor}</Fact>
        <Fact label="Capacité">{`${room.capacity} personne${room.capacity > 1 ? 's' : ''}`}</Fact>
        <Fact label="Prix par nuit">{formatMoney(room.pricePerNight)}</Fact>
      </Facts>
      {room.description ? (
        <Typography variant="body2" color="text.secondary">
          {room.description}
        </Typography>
      ) : null}
      {amenities.length > 0 ? (
        <Box
          component="ul"
          aria-label={`Équipements de la chambre ${room.roomNumber}`}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, m: 0, p: 0, listStyle: 'none' }}
        >
          {amenities.map((a) => (
            <li key={a}>
              <Chip size="small" variant="outlined" label={a} />
            </li>
          ))}
        </Box>
      ) : null}
    </ArticleCard>
  );
}
