import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { MESSAGES_MEMBERS, ROLE_LABELS } from '@xaalis/contracts';
import {
  ErrorState,
  formatDate,
  LoadingState,
  toastSaveError,
  toastSuccess,
  useCancelInvitationMutation,
  useGetCompanyInvitationsQuery,
  TableHeadRow,
  TableContainer,
} from '@xaalis/web-kit';
import type { ReactNode } from 'react';
import { Section } from './Section';
import { MEMBER_TEXTS as T } from './roles';

/** The company's pending invitations (the login typed by the owner), each with 'Annuler'. */
export function InvitationsList({ companyId }: { companyId: string }) {
  const { data, isLoading, error, refetch } = useGetCompanyInvitationsQuery(companyId);
  const [cancel, cancelState] = useCancelInvitationMutation();

  const onCancel = async (id: string) => {
    try {
      await cancel({ companyId, id }).unwrap();
      toastSuccess(MESSAGES_MEMBERS.invitationCancelled);
    } catch (cancelError) {
      toastSaveError(cancelError, T.cancelInvitationError);
    }
  };

  let content: ReactNode;
  if (isLoading) content = <LoadingState rows={2} />;
  else if (error && !data) content = <ErrorState error={error} onRetry={() => void refetch()} title={T.invitationsLoadError} />;
  else if (!data || data.length === 0)
    content = (
      <Typography variant="body2" color="text.secondary">
        {T.invitationsEmpty}
      </Typography>
    );
  else
    content = (
      <TableContainer label={T.invitationsTitle}>
        <Table size="small" aria-label={T.invitationsTitle}>
          <TableHeadRow labels={['Utilisateur', 'Rôle', 'Invité par', 'Date', 'Actions']} right={1} />
          <TableBody>
            {data.map((invitation) => (
              <TableRow key={invitation.id} hover>
                <TableCell sx={{ fontFamily: 'monospace' }}>{invitation.username}</TableCell>
                <TableCell>{ROLE_LABELS[invitation.role] ?? invitation.role}</TableCell>
                <TableCell>{invitation.invitedBy}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(invitation.createdAt)}</TableCell>
                <TableCell align="right">
                  <Button
                    size="small"
                    onClick={() => void onCancel(invitation.id)}
                    disabled={cancelState.isLoading && cancelState.originalArgs?.id === invitation.id}
                    aria-label={`Annuler l'invitation de ${invitation.username}`}
                  >
                    Annuler
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );

  return <Section title={T.invitationsTitle}>{content}</Section>;
}
