import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { registerSchema, SECTOR_LABELS, SECTORS, type RegisterInput } from '@xaalis/contracts';
import { FormSelectField, FormTextField, serverMessage, toast, useRegisterMutation } from '@xaalis/web-kit';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { AFTER_REGISTER_PATH, REGISTER_REDIRECT_DELAY_MS, REGISTER_TOAST_DURATION_MS, type AuthFlowProps } from './authFlow';

type RegisterFormValues = z.input<typeof registerSchema>;

const SECTOR_OPTIONS = SECTORS.map((value) => ({ value, label: SECTOR_LABELS[value] }));

const EMPTY: RegisterFormValues = {
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
  const { control, handleSubmit } = useForm<RegisterFormValues, unknown, RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: EMPTY,
  });
  const [register, { isLoading, isSuccess }] = useRegisterMutation();
  const navigate = useNavigate();

  const onSubmit = handleSubmit(async (values) => {
    onAuthStart();
    try {
      await register(values).unwrap();
      toast({
        title: 'Compte créé avec succès',
        description: 'Bienvenue sur Xaalis ! Complétez maintenant les informations de votre entreprise.',
        variant: 'success',
        duration: REGISTER_TOAST_DURATION_MS,
      });
      setTimeout(() => void navigate(AFTER_REGISTER_PATH, { replace: true }), REGISTER_REDIRECT_DELAY_MS);
    } catch (error) {
      onAuthEnd();
      toast({
        title: "Erreur lors de l'inscription",
        description: serverMessage(error) ?? 'Une erreur est survenue lors de la création du compte',
        variant: 'destructive',
      });
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={(event) => void onSubmit(event)} spacing={2} aria-label="Inscription">
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormTextField control={control} name="firstName" label="Prénom" autoComplete="given-name" />
        <FormTextField control={control} name="lastName" label="Nom" autoComplete="family-name" />
      </Box>
      <FormTextField control={control} name="username" label="Nom d'utilisateur" autoComplete="username" />
      <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" />
      <FormTextField control={control} name="password" label="Mot de passe" type="password" autoComplete="new-password" />
      <FormTextField control={control} name="companyName" label="Nom de l'entreprise" autoComplete="organization" />
      <FormSelectField
        control={control}
        name="sector"
        label="Secteur d'activité"
        options={SECTOR_OPTIONS}
        placeholder="Choisissez un secteur"
      />
      <FormTextField control={control} name="phone" label="Téléphone" type="tel" autoComplete="tel" />
      <FormTextField control={control} name="address" label="Adresse" autoComplete="street-address" />
      <Button type="submit" variant="contained" size="large" disabled={isLoading || isSuccess}>
        {isLoading ? 'Création du compte...' : 'Créer mon compte'}
      </Button>
    </Stack>
  );
}
