import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { User } from '@xaalis/contracts';
import { useState } from 'react';
import { LogoutIcon } from '@xaalis/web-kit';
import { ChangePasswordDialog } from './ChangePasswordDialog';

export interface ProfileTabProps {
  user: User | null;
  onLogout: () => void;
  loggingOut: boolean;
}

/** Tab 'Profil': first name, last name and email, read-only; 'Changer le mot de passe'; a sign-out button. */
export function ProfileTab({ user, onLogout, loggingOut }: ProfileTabProps) {
  const readOnly = { input: { readOnly: true } };
  const [changingPassword, setChangingPassword] = useState(false);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, maxWidth: 720 }}>
      <Typography variant="h2" component="h2" gutterBottom>
        Profil
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        Les informations de votre compte utilisateur (lecture seule).
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField label="Prénom" value={user?.firstName ?? ''} slotProps={readOnly} />
        <TextField label="Nom" value={user?.lastName ?? ''} slotProps={readOnly} />
        <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
          <TextField label="Email" value={user?.email ?? ''} fullWidth slotProps={readOnly} />
        </Box>
      </Box>
      <Box sx={{ mt: 3, display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <Button variant="outlined" onClick={() => setChangingPassword(true)} disabled={!user}>
          Changer le mot de passe
        </Button>
        <Button variant="outlined" color="error" startIcon={<LogoutIcon />} onClick={onLogout} disabled={loggingOut}>
          Fermer la session
        </Button>
      </Box>
      {user ? <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} username={user.username} /> : null}
    </Paper>
  );
}
