import Button from '@mui/material/Button';
import { MESSAGES_AUTH, type LoginInput } from '@xaalis/contracts/sign-in';
import { TextFieldView } from '@xaalis/web-kit/src/fields';
import { useNavigation } from '../navigation/navigation';
import { showToast } from '../toasts/toasts';
import { LOGIN_REDIRECT_DELAY_MS, type AuthFlowProps } from './authFlow';
import { AuthFormShell, useAuthRequest } from './AuthFormShell';
import { validateLogin } from './lazyValidation';
import { useSignInActions } from './signInActions';
import { useAuthForm } from './useAuthForm';

const EMPTY = { username: '', password: '' };

/** Connexion: username and password (spec §5 messages from `loginSchema`, loaded on first input). */
export function LoginForm(flow: AuthFlowProps) {
  const { field, handleSubmit } = useAuthForm<typeof EMPTY, LoginInput>(EMPTY, validateLogin);
  const { login } = useSignInActions();
  const { navigate } = useNavigation();
  const { status, run } = useAuthRequest<LoginInput>(flow, 'Erreur de connexion', MESSAGES_AUTH.invalidCredentials, async (values) => {
    const user = await login(values);
    showToast({ title: 'Connexion réussie', description: `Bienvenue ${user.firstName || user.username} !`, variant: 'success' });
    setTimeout(() => navigate('/', { replace: true }), LOGIN_REDIRECT_DELAY_MS);
  });

  return (
    <AuthFormShell label="Connexion" onSubmit={handleSubmit(run)}>
      <TextFieldView id="field-username" binding={field('username')} label="Nom d'utilisateur" autoComplete="username" autoFocus />
      <TextFieldView id="field-password" binding={field('password')} label="Mot de passe" type="password" autoComplete="current-password" />
      <Button type="submit" variant="contained" size="large" disabled={status !== 'idle'}>
        {status === 'sending' ? 'Connexion...' : 'Se connecter'}
      </Button>
    </AuthFormShell>
  );
}
