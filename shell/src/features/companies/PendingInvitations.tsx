import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { MESSAGES_MEMBERS, ROLE_LABELS, type Invitation, type Role } from '@xaalis/contracts';
import {
  toast,
  toastSaveError,
  toastSuccess,
  useAcceptInvitationMutation,
  useDeclineInvitationMutation,
  useGetMyInvitationsQuery,
  useSwitchWorkspace,
} from '@xaalis/web-kit';
import { useId, useState } from 'react';
import { SWITCHING_LABEL } from './labels';
import { companyName } from './workspace';

export const ACCEPT_ERROR = "Impossible d'accepter l'invitation";
export const DECLINE_ERROR = "Impossible de refuser l'invitation";
export const SWITCH_TO_JOINED = 'Passer à cette entreprise';

const inviteName = (name: string | null) => name?.trim() || 'une entreprise';

/** "Awa Diop vous invite à rejoindre Teranga SARL en tant que Comptable". */
export const invitationText = (invitation: Invitation) =>
  `${invitation.invitedBy} vous invite à rejoindre ${inviteName(invitation.companyName)} en tant que ${ROLE_LABELS[invitation.role]}`;

interface Joined {
  companyId: string;
  name: string;
  role: Role;
}

function InvitationNotice({
  invitation,
  busy,
  onAccept,
  onDecline,
}: {
  invitation: Invitation;
  busy: boolean;
  onAccept: () => void;
  onDecline: () => void;
}) {
  const textId = useId();
  return (
    <Alert
      severity="info"
      role="status"
      aria-busy={busy}
      action={
        <Stack direction="row" spacing={1}>
          <Button color="inherit" size="small" onClick={onDecline} disabled={busy} aria-describedby={textId}>
            Refuser
          </Button>
          <Button variant="contained" size="small" onClick={onAccept} disabled={busy} aria-describedby={textId}>
            Accepter
          </Button>
        </Stack>
      }
    >
      <span id={textId}>{invitationText(invitation)}</span>
    </Alert>
  );
}

/**
 * The signed-in user's pending invitations (GET /api/invitations), at the top of the workspace:
 * 'Accepter' or 'Refuser'; once accepted, the company is in the switcher and the banner offers
 * to move to it.
 */
export function PendingInvitations() {
  const invitations = useGetMyInvitationsQuery();
  const [accept] = useAcceptInvitationMutation();
  const [decline] = useDeclineInvitationMutation();
  const [switchTo, { switching }] = useSwitchWorkspace();
  const [busy, setBusy] = useState<string | null>(null);
  const [joined, setJoined] = useState<Joined | null>(null);

  const answer = async (invitation: Invitation, accepted: boolean) => {
    setBusy(invitation.id);
    try {
      if (accepted) {
        const membership = await accept(invitation.id).unwrap();
        toastSuccess(MESSAGES_MEMBERS.accepted);
        setJoined({
          companyId: membership.companyId,
          name: companyName(membership.companyName ?? invitation.companyName),
          role: membership.role,
        });
      } else {
        await decline(invitation.id).unwrap();
        toast({ title: MESSAGES_MEMBERS.declined, variant: 'info' });
      }
    } catch (error) {
      toastSaveError(error, accepted ? ACCEPT_ERROR : DECLINE_ERROR);
      // E.g. already answered elsewhere: the list catches up.
      void invitations.refetch();
    } finally {
      setBusy(null);
    }
  };

  const pending = invitations.data ?? [];
  if (pending.length === 0 && !joined) return null;
  return (
    <Stack component="section" aria-label="Invitations en attente" spacing={1} sx={{ mb: 2 }}>
      {joined ? (
        <Alert
          severity="success"
          role="status"
          action={
            <Stack direction="row" spacing={1}>
              <Button color="inherit" size="small" onClick={() => setJoined(null)} disabled={switching !== null}>
                Plus tard
              </Button>
              <Button
                variant="contained"
                color="success"
                size="small"
                disabled={switching !== null}
                onClick={() =>
                  void switchTo?.(joined.companyId).then((switched) => {
                    if (switched) setJoined(null);
                  })
                }
              >
                {switching !== null ? SWITCHING_LABEL : SWITCH_TO_JOINED}
              </Button>
            </Stack>
          }
        >
          {`Vous avez rejoint ${joined.name} en tant que ${ROLE_LABELS[joined.role]}.`}
        </Alert>
      ) : null}
      {pending.map((invitation) => (
        <InvitationNotice
          key={invitation.id}
          invitation={invitation}
          busy={busy === invitation.id}
          onAccept={() => void answer(invitation, true)}
          onDecline={() => void answer(invitation, false)}
        />
      ))}
    </Stack>
  );
}
