import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

/** Any path the router does not know, signed in or not. */
export default function NotFoundPage() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Paper variant="outlined" sx={{ p: 4, maxWidth: 480, width: '100%' }}>
        <Typography variant="h1" component="h1" gutterBottom>
          404 Page Not Found
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Did you forget to add the page to the router?
        </Typography>
        <Link component={RouterLink} to="/">
          Retour à l'accueil
        </Link>
      </Paper>
    </Box>
  );
}
