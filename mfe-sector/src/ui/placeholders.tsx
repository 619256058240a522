import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The sector pages' card grids: three columns on wide screens, or two for the larger cards. */
export const CARD_GRID = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } } as const;
export const WIDE_CARD_GRID = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } } as const;

/** The busy region every placeholder list sits in, announced as 'Chargement...'. */
function Waiting({ children, py }: { children: ReactNode; py?: number }) {
  return (
    <Box role="status" aria-live="polite" aria-busy="true" sx={py === undefined ? undefined : { py }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Chargement...
      </Typography>
      {children}
    </Box>
  );
}

export interface CardPlaceholdersProps {
  /** How many cards the spec (§9) has the grid wait with. */
  count: number;
  grid?: typeof CARD_GRID | typeof WIDE_CARD_GRID;
  testId?: string;
  /** The height of the card's body block. */
  bodyHeight?: number;
  /** One plain block of this height per card instead of a title, a line and a body. */
  blockHeight?: number;
}

/** 'Chargement...' with `count` card-sized skeletons in the page's grid. */
export function CardPlaceholders({ count, grid = CARD_GRID, testId = 'placeholder', bodyHeight = 64, blockHeight }: CardPlaceholdersProps) {
  return (
    <Waiting>
      <Box sx={grid}>
        {Array.from({ length: count }, (_, i) =>
          blockHeight === undefined ? (
            <Paper key={i} variant="outlined" data-testid={testId} sx={{ p: 2 }}>
              <Skeleton variant="text" width="60%" height={28} />
              <Skeleton variant="text" width="40%" />
              <Skeleton variant="rounded" height={bodyHeight} sx={{ mt: 1 }} />
            </Paper>
          ) : (
            <Skeleton key={i} data-testid={testId} variant="rounded" height={blockHeight} />
          ),
        )}
      </Box>
    </Waiting>
  );
}

/** 'Chargement...' with `count` row-sized skeletons (a table's placeholder). */
export function RowPlaceholders({ count, testId }: { count: number; testId: string }) {
  return (
    <Waiting py={1}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} variant="rounded" height={48} data-testid={testId} sx={{ mb: 1 }} />
      ))}
    </Waiting>
  );
}
