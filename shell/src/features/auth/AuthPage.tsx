import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { AuthFlowProps } from './authFlow';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';

const HIGHLIGHTS = [
  { title: 'Conformité SYSCOHADA', text: 'Plan comptable SYSCOHADA révisé, journaux et états financiers conformes.' },
  { title: 'Gestion complète', text: 'Factures, trésorerie, paie et investissements au même endroit.' },
  { title: 'Orange Money', text: 'Vos paiements Orange Money suivis comme vos comptes bancaires et votre caisse.' },
];

type AuthTab = 'login' | 'register';

const TABS: { value: AuthTab; label: string }[] = [
  { value: 'login', label: 'Connexion' },
  { value: 'register', label: 'Inscription' },
];

/**
 * The two tabs (WAI-ARIA tabs pattern: arrows move between them). Drawn with
 * Button rather than MUI Tabs, whose scroll machinery /auth does not need.
 */
function AuthTabs({ value, onChange }: { value: AuthTab; onChange: (tab: AuthTab) => void }) {
  const refs = useRef<Record<AuthTab, HTMLButtonElement | null>>({ login: null, register: null });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight' && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    const index = TABS.findIndex((t) => t.value === value);
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? TABS.length - 1
          : (index + (event.key === 'ArrowRight' ? 1 : -1) + TABS.length) % TABS.length;
    onChange(TABS[next].value);
    refs.current[TABS[next].value]?.focus();
  };
  return (
    <Box
      role="tablist"
      aria-label="Connexion ou inscription"
      onKeyDown={onKeyDown}
      sx={{ display: 'flex', borderBottom: 1, borderColor: 'divider', mb: 3 }}
    >
      {TABS.map((tab) => {
        const selected = tab.value === value;
        return (
          <Button
            key={tab.value}
            ref={(el: HTMLButtonElement | null) => {
              refs.current[tab.value] = el;
            }}
            role="tab"
            id={`auth-tab-${tab.value}`}
            aria-selected={selected}
            aria-controls={`auth-panel-${tab.value}`}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.value)}
            color={selected ? 'primary' : 'inherit'}
            sx={{
              flex: 1,
              borderRadius: 0,
              py: 1.5,
              borderBottom: 2,
              borderColor: selected ? 'primary.main' : 'transparent',
              color: selected ? 'primary.main' : 'text.secondary',
              mb: '-1px',
            }}
          >
            {tab.label}
          </Button>
        );
      })}
    </Box>
  );
}

/** /auth: the Connexion and Inscription tabs beside the marketing panel. */
export default function AuthPage(props: AuthFlowProps) {
  const [tab, setTab] = useState<AuthTab>('login');
  useEffect(() => {
    document.title = 'Connexion — Xaalis';
  }, []);
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
        bgcolor: 'background.default',
      }}
    >
      <Box
        component="aside"
        sx={{
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          p: { xs: 3, md: 6 },
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'center',
          gap: 3,
        }}
      >
        <Box>
          <Typography variant="h1" component="p" sx={{ fontWeight: 800 }}>
            Xaalis
          </Typography>
          <Typography sx={{ opacity: 0.9, mt: 1 }}>La comptabilité des petites entreprises du Sénégal et de l'UEMOA.</Typography>
        </Box>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
          {HIGHLIGHTS.map((h) => (
            <Box component="li" key={h.title}>
              <Typography sx={{ fontWeight: 700 }}>{h.title}</Typography>
              <Typography variant="body2" sx={{ opacity: 0.9 }}>
                {h.text}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>
      <Box component="main" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', p: { xs: 2, md: 4 } }}>
        <Paper variant="outlined" sx={{ width: '100%', maxWidth: 480, p: { xs: 2, sm: 4 } }}>
          <Typography variant="h2" component="h1" gutterBottom>
            {tab === 'login' ? 'Connexion à votre espace' : 'Créer votre compte'}
          </Typography>
          <AuthTabs value={tab} onChange={setTab} />
          <div role="tabpanel" id={`auth-panel-${tab}`} aria-labelledby={`auth-tab-${tab}`}>
            {tab === 'login' ? <LoginForm {...props} /> : <RegisterForm {...props} />}
          </div>
        </Paper>
      </Box>
    </Box>
  );
}
