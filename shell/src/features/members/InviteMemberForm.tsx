import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { invitationInputSchema, isRole, MESSAGES_MEMBERS, ROLE_LABELS } from '@xaalis/contracts';
import {
  errorMessage,
  errorStatus,
  FormSelectField,
  FormTextField,
  serverMessage,
  toastSaveError,
  toastSuccess,
  useInviteMemberMutation,
  FormGrid,
} from '@xaalis/web-kit';
import { useId } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Section } from './Section';
import { MEMBER_TEXTS as T, ROLE_DESCRIPTIONS, ROLE_OPTIONS } from './roles';

type InvitationOutput = ReturnType<typeof invitationInputSchema.parse>;

interface InviteFormValues {
  login: string;
  role: string;
}

const resolver = zodResolver(invitationInputSchema) as unknown as Resolver<InviteFormValues, unknown, InvitationOutput>;
const EMPTY: InviteFormValues = { login: '', role: 'collaborator' };

/**
 * 'Inviter un membre': a username or an email and a role. The server answers the same whether the
 * login names an account or not (the invitation then lists the login as typed); its 409 (already
 * a member, already invited) shows on the field, anything else (429 included) in a toast.
 */
export function InviteMemberForm({ companyId }: { companyId: string }) {
  const formId = useId();
  const [invite, { isLoading }] = useInviteMemberMutation();
  const { control, handleSubmit, reset, setError } = useForm<InviteFormValues, unknown, InvitationOutput>({
    resolver,
    defaultValues: EMPTY,
  });
  const role = useWatch({ control, name: 'role' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await invite({ companyId, ...values }).unwrap();
      toastSuccess(MESSAGES_MEMBERS.invited, `${values.login} : ${ROLE_LABELS[values.role]}`);
      reset({ login: '', role: values.role });
    } catch (error) {
      const status = errorStatus(error);
      // Already a member or already invited (409): said on the field.
      if (status === 409)
        setError('login', { type: 'server', message: serverMessage(error) ?? errorMessage(error) }, { shouldFocus: true });
      else toastSaveError(error, T.inviteError);
    }
  });

  return (
    <Section title={T.inviteTitle}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {T.inviteIntro}
      </Typography>
      <FormGrid
        id={formId}
        label={T.inviteTitle}
        onSubmit={onSubmit}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr auto' }, alignItems: 'start' }}
      >
        <FormTextField control={control} name="login" id={`${formId}-login`} label="Nom d'utilisateur ou email" autoComplete="off" />
        <FormSelectField
          control={control}
          name="role"
          id={`${formId}-role`}
          label="Rôle"
          options={ROLE_OPTIONS}
          helperText={isRole(role) ? ROLE_DESCRIPTIONS[role] : undefined}
        />
        <Button type="submit" variant="contained" disabled={isLoading} sx={{ mt: { md: 1 } }}>
          {isLoading ? T.inviting : T.invite}
        </Button>
      </FormGrid>
    </Section>
  );
}
