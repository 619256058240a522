import Box from '@mui/material/Box';
import { EmptyState } from '@xaalis/web-kit';
import { InvitationsList } from './InvitationsList';
import { InviteMemberForm } from './InviteMemberForm';
import { MembersList } from './MembersList';

/** Tab 'Membres' (owners only): the members and their roles, the invitation form and the pending invitations. */
export function MembersTab({ companyId }: { companyId: string | null }) {
  if (!companyId)
    return (
      <EmptyState title="Aucune entreprise" description="Enregistrez d'abord les informations de votre entreprise (onglet Entreprise)." />
    );
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <MembersList companyId={companyId} />
      <InviteMemberForm companyId={companyId} />
      <InvitationsList companyId={companyId} />
    </Box>
  );
}
