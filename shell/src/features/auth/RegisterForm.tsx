import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { SECTOR_LABELS, SECTORS, type RegisterInput } from '@xaalis/contracts/sign-in';
import { SelectFieldView, TextFieldView } from '@xaalis/web-kit/src/fields';
import { serverMessage } from '@xaalis/web-kit/src/http';
import { useState } from 'react';
import { useNavigation } from '../navigation/navigation';
import { showToast } from '../toasts/toasts';
import { AFTER_REGISTER_PATH, REGISTER_REDIRECT_DELAY_MS, REGISTER_TOAST_DURATION_MS, type AuthFlowProps } from './authFlow';
import { validateRegister } from './lazyValidation';
import { prefetchForSubmit } from './prefetch';
import { useSignInActions } from './signInActions';
import { useAuthForm } from './useAuthForm';

const SECTOR_OPTIONS = SECTORS.map((value) => ({ value, label: SECTOR_LABELS[value] }));

const EMPTY = {
  username: '',
  email: '',
  password: '',
  firstName: '',
  lastName: '',
  companyName: '',
  phone: '',
  address: '',
  sector: '',
};

/** Inscription: the nine fields of the specification; creates the user and the company. */
export function RegisterForm({ onAuthStart, onAuthEnd }: AuthFlowProps) {
  const { field, handleSubmit } = useAuthForm<typeof EMPTY, RegisterInput>(EMPTY, validateRegister);
  const { register } = useSignInActions();
  const [status, setStatus] = useState<'idle' | 'sending' | 'done'>('idle');
  const { navigate } = useNavigation();

  const onSubmit = handleSubmit(async (values) => {
    onAuthStart();
    setStatus('sending');
    try {
      await register(values);
      setStatus('done');
      showToast({
        title: 'Compte créé avec succès',
        description: 'Bienvenue sur Xaalis ! Complétez maintenant les informations de votre entreprise.',
        variant: 'success',
        duration: REGISTER_TOAST_DURATION_MS,
      });
      setTimeout(() => navigate(AFTER_REGISTER_PATH, { replace: true }), REGISTER_REDIRECT_DELAY_MS);
    } catch (error) {
      setStatus('idle');
      onAuthEnd();
      showToast({
        title: "Erreur lors de l'inscription",
        description: serverMessage(error) ?? 'Une erreur est survenue lors de la création du compte',
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
      aria-label="Inscription"
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextFieldView id="field-firstName" binding={field('firstName')} label="Prénom" autoComplete="given-name" />
        <TextFieldView id="field-lastName" binding={field('lastName')} label="Nom" autoComplete="family-name" />
      </Box>
      <TextFieldView id="field-username" binding={field('username')} label="Nom d'utilisateur" autoComplete="username" />
      <TextFieldView id="field-email" binding={field('email')} label="Email" type="email" autoComplete="email" />
      <TextFieldView id="field-password" binding={field('password')} label="Mot de passe" type="password" autoComplete="new-password" />
      <TextFieldView id="field-companyName" binding={field('companyName')} label="Nom de l'entreprise" autoComplete="organization" />
      <SelectFieldView
        id="field-sector"
        binding={field('sector')}
        label="Secteur d'activité"
        options={SECTOR_OPTIONS}
        placeholder="Choisissez un secteur"
      />
      <TextFieldView id="field-phone" binding={field('phone')} label="Téléphone" type="tel" autoComplete="tel" />
      <TextFieldView id="field-address" binding={field('address')} label="Adresse" autoComplete="street-address" />
      <Button type="submit" variant="contained" size="large" disabled={status !== 'idle'}>
        {status === 'sending' ? 'Création du compte...' : 'Créer mon compte'}
      </Button>
    </Stack>
  );
}
