import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { loginSchema, MESSAGES_AUTH, type LoginInput } from '@xaalis/contracts';
import { FormTextField, serverMessage, toast, useLoginMutation } from '@xaalis/web-kit';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { LOGIN_REDIRECT_DELAY_MS, type AuthFlowProps } from './authFlow';

/** Connexion: username and password (spec §5 messages from `loginSchema`). */
export function LoginForm({ onAuthStart, onAuthEnd }: AuthFlowProps) {
  const { control, handleSubmit } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });
  const [login, { isLoading, isSuccess }] = useLoginMutation();
  const navigate = useNavigate();

  const onSubmit = handleSubmit(async (values) => {
    onAuthStart();
    try {
      const user = await login(values).unwrap();
      toast({ title: 'Connexion réussie', description: `Bienvenue ${user.firstName || user.username} !`, variant: 'success' });
      setTimeout(() => void navigate('/', { replace: true }), LOGIN_REDIRECT_DELAY_MS);
    } catch (error) {
      onAuthEnd();
      toast({
        title: 'Erreur de connexion',
        description: serverMessage(error) ?? MESSAGES_AUTH.invalidCredentials,
        variant: 'destructive',
      });
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={(event) => void onSubmit(event)} spacing={2} aria-label="Connexion">
      <FormTextField control={control} name="username" label="Nom d'utilisateur" autoComplete="username" autoFocus />
      <FormTextField control={control} name="password" label="Mot de passe" type="password" autoComplete="current-password" />
      <Button type="submit" variant="contained" size="large" disabled={isLoading || isSuccess}>
        {isLoading ? 'Connexion...' : 'Se connecter'}
      </Button>
    </Stack>
  );
}
