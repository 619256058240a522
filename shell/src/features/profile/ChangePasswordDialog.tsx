import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordFormSchema, MESSAGES_SIGN_IN, type ChangePasswordFormInput } from '@xaalis/contracts';
import { isApiError, useChangePasswordMutation, FormTextField, toastSaveError, toastSuccess, FormDialog, FormGrid } from '@xaalis/web-kit';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';

type Field = keyof ChangePasswordFormInput;
const FIELDS: readonly Field[] = ['currentPassword', 'newPassword', 'confirmPassword'];

const EMPTY: ChangePasswordFormInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

export interface ChangePasswordDialogProps {
  open: boolean;
  onClose: () => void;
  username: string;
}

/** The server's 400 issues that name a field of this form (wrong current password, common password...). */
function fieldIssues(error: unknown): { path: Field; message: string }[] {
  if (!isApiError(error) || error.status !== 400) return [];
  const issues = (error.data as { issues?: { path?: unknown; message?: unknown }[] } | undefined)?.issues ?? [];
  return issues.filter((i): i is { path: Field; message: string } => FIELDS.includes(i.path as Field) && typeof i.message === 'string');
}

/**
 * 'Changer le mot de passe': current password, new password and its confirmation. The form
 * checks what it can (at least 6 characters, not the username, confirmation matches); the
 * server also refuses common passwords and the company name. Other sessions end on success.
 */
export function ChangePasswordDialog({ open, onClose, username }: ChangePasswordDialogProps) {
  const formId = useId();
  const resolver = useMemo(() => zodResolver(changePasswordFormSchema(username)), [username]);
  const { control, handleSubmit, reset, setError } = useForm<ChangePasswordFormInput>({ resolver, defaultValues: EMPTY });
  const [changePassword, { isLoading }] = useChangePasswordMutation();

  const close = () => {
    reset(EMPTY);
    onClose();
  };

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await changePassword({ currentPassword, newPassword }).unwrap();
      toastSuccess(MESSAGES_SIGN_IN.passwordChanged, MESSAGES_SIGN_IN.passwordChangedDetail);
      close();
    } catch (error) {
      const issues = fieldIssues(error);
      if (issues.length === 0) toastSaveError(error, 'Impossible de changer le mot de passe');
      for (const issue of issues) setError(issue.path, { type: 'server', message: issue.message }, { shouldFocus: true });
    }
  });

  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Changer le mot de passe"
      formId={formId}
      submitLabel="Changer le mot de passe"
      busyLabel="Modification..."
      busy={isLoading}
      maxWidth="xs"
    >
      <FormGrid id={formId} label="Changer le mot de passe" onSubmit={onSubmit} sx={{ display: 'grid', gap: 2, pt: 1 }}>
        {/* Lets password managers tie the new password to the account. */}
        <input type="text" name="username" value={username} autoComplete="username" readOnly hidden />
        <FormTextField
          control={control}
          name="currentPassword"
          label="Mot de passe actuel"
          type="password"
          autoComplete="current-password"
        />
        <FormTextField
          control={control}
          name="newPassword"
          label="Nouveau mot de passe"
          type="password"
          autoComplete="new-password"
          helperText="Au moins 6 caractères, ni votre nom d'utilisateur ni un mot de passe courant"
        />
        <FormTextField
          control={control}
          name="confirmPassword"
          label="Confirmer le nouveau mot de passe"
          type="password"
          autoComplete="new-password"
        />
      </FormGrid>
    </FormDialog>
  );
}
