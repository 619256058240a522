import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { isRole, MESSAGES_MEMBERS, ROLE_LABELS, type Member, type Role } from '@xaalis/contracts';
import {
  baseApi,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  errorMessage,
  formatDate,
  LoadingState,
  serverMessage,
  toastSaveError,
  toastSuccess,
  useAppDispatch,
  useAuth,
  useChangeMemberRoleMutation,
  useGetMembersQuery,
  useRemoveMemberMutation,
  TableHeadRow,
  TableContainer,
} from '@xaalis/web-kit';
import { useState, type ReactNode } from 'react';
import { Section } from './Section';
import { MEMBER_TEXTS as T, ROLE_OPTIONS } from './roles';

/** A change to the signed-in user's own membership: their role and companies are read again. */
function useRefreshOwnMembership() {
  const dispatch = useAppDispatch();
  const me = useAuth().user?.id;
  return (userId: string) => {
    if (userId === me) dispatch(baseApi.util.invalidateTags(['User', 'Memberships', 'Portfolio']));
  };
}

function RemoveMemberDialog({ companyId, member, onClose }: { companyId: string; member: Member; onClose: () => void }) {
  const [remove, { isLoading, error }] = useRemoveMemberMutation();
  const refreshOwn = useRefreshOwnMembership();
  const confirm = async () => {
    try {
      await remove({ companyId, userId: member.userId }).unwrap();
      toastSuccess(MESSAGES_MEMBERS.removed, member.name);
      onClose();
      refreshOwn(member.userId);
    } catch {
      /* shown in the dialog (e.g. the last owner) */
    }
  };
  return (
    <ConfirmDialog
      title={T.removeTitle(member.name)}
      text={T.removeText(member.name)}
      confirmLabel={T.remove}
      busy={isLoading}
      error={error ? (serverMessage(error) ?? (errorMessage(error) || T.removeError)) : null}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}

/** The company's members: name, username, email, role (a select), since; 'Retirer' after a confirmation. */
export function MembersList({ companyId }: { companyId: string }) {
  const { data, isLoading, error, refetch } = useGetMembersQuery(companyId);
  const [changeRole, changeState] = useChangeMemberRoleMutation();
  const [removing, setRemoving] = useState<Member | null>(null);
  const refreshOwn = useRefreshOwnMembership();
  const me = useAuth().user?.id;

  const onRoleChange = async (member: Member, role: Role) => {
    if (role === member.role) return;
    try {
      await changeRole({ companyId, userId: member.userId, role }).unwrap();
      toastSuccess(MESSAGES_MEMBERS.roleChanged, `${member.name} : ${ROLE_LABELS[role]}`);
      refreshOwn(member.userId);
    } catch (changeError) {
      toastSaveError(changeError, T.roleChangeError);
    }
  };

  let content: ReactNode;
  if (isLoading) content = <LoadingState rows={3} />;
  else if (error && !data)
    content = <ErrorState error={error} onRetry={() => void refetch()} title={MESSAGES_MEMBERS.membersUnavailable} />;
  else if (!data || data.length === 0) content = <EmptyState title={T.membersEmpty} />;
  else
    content = (
      <TableContainer label="Membres de l'entreprise">
        <Table size="small" aria-label="Membres de l'entreprise">
          <TableHeadRow labels={['Nom', "Nom d'utilisateur", 'Email', 'Rôle', 'Membre depuis', 'Actions']} right={1} />
          <TableBody>
            {data.map((member) => {
              const pending = changeState.isLoading && changeState.originalArgs?.userId === member.userId;
              return (
                <TableRow key={member.userId} hover>
                  <TableCell>
                    {member.name}
                    {member.userId === me ? <Chip size="small" label={T.you} sx={{ ml: 1 }} /> : null}
                  </TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{member.username}</TableCell>
                  <TableCell>{member.email}</TableCell>
                  <TableCell sx={{ minWidth: 170 }}>
                    <TextField
                      select
                      size="small"
                      fullWidth
                      value={pending && changeState.originalArgs ? changeState.originalArgs.role : member.role}
                      disabled={pending}
                      onChange={(event) => {
                        if (isRole(event.target.value)) void onRoleChange(member, event.target.value);
                      }}
                      slotProps={{ select: { native: true }, htmlInput: { 'aria-label': `Rôle de ${member.name}` } }}
                    >
                      {ROLE_OPTIONS.map((o) => (
                        <option key={o.value} value={o.value}>
                          {o.label}
                        </option>
                      ))}
                    </TextField>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(member.since)}</TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      color="error"
                      onClick={() => setRemoving(member)}
                      aria-label={`${T.remove} ${member.name}`}
                      disabled={pending}
                    >
                      {T.remove}
                    </Button>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    );

  return (
    <Section title={T.membersTitle}>
      {content}
      {removing ? <RemoveMemberDialog companyId={companyId} member={removing} onClose={() => setRemoving(null)} /> : null}
    </Section>
  );
}
