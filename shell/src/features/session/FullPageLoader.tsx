import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** While the current user is being read (GET /api/user), or a page chunk loads. */
export function FullPageLoader() {
  return (
    <Box role="status" aria-live="polite" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Typography color="text.secondary">Chargement...</Typography>
    </Box>
  );
}
