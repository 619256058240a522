import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

export const CARD_GRID = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } } as const;

/** 'Chargement...' with `count` card-sized skeletons (spec §9: 4 for recipes and menus). */
export function CardPlaceholders({ count }: { count: number }) {
  return (
    <Box role="status" aria-live="polite" aria-busy="true">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Chargement...
      </Typography>
      <Box sx={CARD_GRID}>
        {Array.from({ length: count }, (_, i) => (
          <Skeleton key={i} data-testid="placeholder" variant="rounded" height={180} />
        ))}
      </Box>
    </Box>
  );
}
