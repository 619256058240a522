import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

export const PROJECT_GRID = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } } as const;

/** Spec §9: the projects wait with 4 placeholder cards. */
export function ProjectPlaceholders() {
  return (
    <Box role="status" aria-live="polite" aria-busy="true">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Chargement...
      </Typography>
      <Box sx={PROJECT_GRID}>
        {Array.from({ length: 4 }, (_, i) => (
          <Paper key={i} variant="outlined" data-testid="project-placeholder" sx={{ p: 2 }}>
            <Skeleton variant="text" width="60%" height={28} />
            <Skeleton variant="text" width="40%" />
            <Skeleton variant="rounded" height={72} sx={{ mt: 1 }} />
          </Paper>
        ))}
      </Box>
    </Box>
  );
}

/** Spec §9: the timesheets wait with 3 placeholder rows. */
export function TimesheetPlaceholders() {
  return (
    <Box role="status" aria-live="polite" aria-busy="true" sx={{ py: 1 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Chargement...
      </Typography>
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} variant="rounded" height={48} data-testid="timesheet-placeholder" sx={{ mb: 1 }} />
      ))}
    </Box>
  );
}
