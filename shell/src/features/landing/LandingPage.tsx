import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useLinkClick } from '../navigation/navigation';

const FEATURES = [
  {
    title: 'Saisie automatisée des factures',
    text: 'Ventes, achats et prestations passent en écritures comptables dès leur validation.',
  },
  {
    title: 'Gestion de trésorerie en temps réel',
    text: 'Banque, caisse et Orange Money : vos soldes et vos échéances à jour.',
  },
  {
    title: 'Amortissements et investissements',
    text: "Plans d'amortissement calculés et dotations enregistrées pour vos immobilisations.",
  },
  {
    title: 'Rapports conformes SYSCOHADA',
    text: 'Bilan, compte de résultat et balance selon le SYSCOHADA révisé.',
  },
];

/** '/' for signed-out visitors: the features and a single login button to /auth. */
export default function LandingPage() {
  const toSignIn = useLinkClick('/auth');
  useEffect(() => {
    document.title = 'Xaalis — Comptabilité SYSCOHADA';
  }, []);
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: { xs: 6, md: 10 } }}>
        <Container maxWidth="md" sx={{ textAlign: 'center' }}>
          <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '2.4rem', md: '3.2rem' }, fontWeight: 800 }}>
            Xaalis
          </Typography>
          <Typography variant="h2" component="p" sx={{ fontWeight: 500, mt: 2, opacity: 0.95 }}>
            La comptabilité SYSCOHADA simple pour les petites entreprises du Sénégal
          </Typography>
          <Typography sx={{ mt: 2, opacity: 0.9 }}>
            Plus de 2 500 entreprises nous font confiance · Paiements Orange Money pris en charge
          </Typography>
          <Button href="/auth" onClick={toSignIn} variant="contained" color="secondary" size="large" sx={{ mt: 4, px: 4 }}>
            Se connecter
          </Button>
        </Container>
      </Box>
      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 8 } }}>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' },
          }}
        >
          {FEATURES.map((feature) => (
            <Paper component="li" variant="outlined" key={feature.title} sx={{ p: 3 }}>
              <Typography variant="h3" component="h2" gutterBottom>
                {feature.title}
              </Typography>
              <Typography color="text.secondary">{feature.text}</Typography>
            </Paper>
          ))}
        </Box>
        <Typography align="center" color="text.secondary" sx={{ mt: 6 }}>
          Version 1.0.0 · Montants en francs CFA (XOF)
        </Typography>
      </Container>
    </Box>
  );
}
