import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

export const CARD_GRID = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } } as const;

/** 'Chargement...' with `count` card-sized skeletons (spec §9: hotel 6 rooms, 3 reservations). */
export function CardPlaceholders({ count }: { count: number }) {
  return (
    <Box role="status" aria-live="polite" aria-busy="true">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Chargement...
      </Typography>
      <Box sx={CARD_GRID}>
        {Array.from({ length: count }, (_, i) => (
          <Paper key={i} variant="outlined" data-testid="placeholder" sx={{ p: 2 }}>
            <Skeleton variant="text" width="60%" height={28} />
            <Skeleton variant="text" width="40%" />
            <Skeleton variant="rounded" height={64} sx={{ mt: 1 }} />
          </Paper>
        ))}
      </Box>
    </Box>
  );
}
