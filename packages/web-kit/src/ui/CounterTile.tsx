import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A counter above a list (role group, named by its label): a skeleton while loading. */
export function CounterTile({ label, value, loading, color }: { label: string; value: ReactNode; loading: boolean; color?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} role="group" aria-label={label}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      {loading ? (
        <Skeleton variant="text" width="60%" height={36} />
      ) : (
        <Typography variant="h5" component="p" color={color} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
          {value}
        </Typography>
      )}
    </Paper>
  );
}

/** The row of counters: two columns on phones, four from md up. */
export function CounterRow({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, mb: 3 }}>{children}</Box>;
}
