import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { SECTOR_LABELS, SECTORS, type RegisterInput } from '@xaalis/contracts/sign-in';
import { SelectFieldView, TextFieldView } from '@xaalis/web-kit/src/fields';
import { useNavigation } from '../navigation/navigation';
import { showToast } from '../toasts/toasts';
import { AFTER_REGISTER_PATH, REGISTER_REDIRECT_DELAY_MS, REGISTER_TOAST_DURATION_MS, type AuthFlowProps } from './authFlow';
import { AuthFormShell, useAuthRequest } from './AuthFormShell';
import { validateRegister } from './lazyValidation';
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
export function RegisterForm(flow: AuthFlowProps) {
  const { field, handleSubmit } = useAuthForm<typeof EMPTY, RegisterInput>(EMPTY, validateRegister);
  const { register } = useSignInActions();
  const { navigate } = useNavigation();
  const failure = 'Une erreur est survenue lors de la création du compte';
  const { status, run } = useAuthRequest<RegisterInput>(flow, "Erreur lors de l'inscription", failure, async (values) => {
    await register(values);
    showToast({
      title: 'Compte créé avec succès',
      description: 'Bienvenue sur Xaalis ! Complétez maintenant les informations de votre entreprise.',
      variant: 'success',
      duration: REGISTER_TOAST_DURATION_MS,
    });
    setTimeout(() => navigate(AFTER_REGISTER_PATH, { replace: true }), REGISTER_REDIRECT_DELAY_MS);
  });

  return (
    <AuthFormShell label="Inscription" onSubmit={handleSubmit(run)}>
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
    </AuthFormShell>
  );
}
