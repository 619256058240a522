import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { MESSAGES_AUTH, type LoginInput } from '@xaalis/contracts/sign-in';
import { TextFieldView } from '@xaalis/web-kit/src/fields';
import { serverMessage } from '@xaalis/web-kit/src/http';
import { useState } from 'react';
import { useNavigation } from '../navigation/navigation';
import { showToast } from '../toasts/toasts';
import { LOGIN_REDIRECT_DELAY_MS, type AuthFlowProps } from './authFlow';
import { validateLogin } from './lazyValidation';
import { prefetchForSubmit } from './prefetch';
import { useSignInActions } from './signInActions';
import { useAuthForm } from './useAuthForm';

const EMPTY = { username: '', password: '' };

/** Connexion: username and password (spec §5 messages from `loginSchema`, loaded on first input). */
export function LoginForm({ onAuthStart, onAuthEnd }: AuthFlowProps) {
  const { field, handleSubmit } = useAuthForm<typeof EMPTY, LoginInput>(EMPTY, validateLogin);
  const { login } = useSignInActions();
  const [status, setStatus] = useState<'idle' | 'sending' | 'done'>('idle');
  const { navigate } = useNavigation();

  const onSubmit = handleSubmit(async (values) => {
    onAuthStart();
    setStatus('sending');
    try {
      const user = await login(values);
      setStatus('done');
      showToast({ title: 'Connexion réussie', description: `Bienvenue ${user.firstName || user.username} !`, variant: 'success' });
      setTimeout(() => navigate('/', { replace: true }), LOGIN_REDIRECT_DELAY_MS);
    } catch (error) {
      setStatus('idle');
      onAuthEnd();
      showToast({
        title: 'Erreur de connexion',
        description: serverMessage(error) ?? MESSAGES_AUTH.invalidCredentials,
        variant: 'destructive',
      });
    }
  });

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      onInput={prefetchForSubmit}
      spacing={2}
      aria-label="Connexion"
    >
      <TextFieldView id="field-username" binding={field('username')} label="Nom d'utilisateur" autoComplete="username" autoFocus />
      <TextFieldView id="field-password" binding={field('password')} label="Mot de passe" type="password" autoComplete="current-password" />
      <Button type="submit" variant="contained" size="large" disabled={status !== 'idle'}>
        {status === 'sending' ? 'Connexion...' : 'Se connecter'}
      </Button>
    </Stack>
  );
}
