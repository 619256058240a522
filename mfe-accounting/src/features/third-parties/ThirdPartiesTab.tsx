import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { MESSAGES_THIRD_PARTY, THIRD_PARTY_TYPE_LABELS, type ThirdParty, type ThirdPartyType } from '@xaalis/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMemo, useState } from 'react';
import { AddButton, DataTable, EmptyState, ListState, TabHeader, type Column } from '@xaalis/web-kit';
import { useListThirdPartiesQuery } from './api';
import { useCanEditThirdParties } from './rights';
import { ThirdPartyDialog } from './ThirdPartyDialog';

const TYPE_COLORS: Record<ThirdPartyType, 'primary' | 'secondary' | 'default'> = {
  client: 'primary',
  supplier: 'secondary',
  both: 'default',
};

const COLUMNS: Column<ThirdParty>[] = [
  {
    header: 'Type',
    cell: (t) => (
      <Chip size="small" variant="outlined" color={TYPE_COLORS[t.type] ?? 'default'} label={THIRD_PARTY_TYPE_LABELS[t.type] ?? t.type} />
    ),
  },
  { header: 'Nom', cell: (t) => t.name, sx: { fontWeight: 600 } },
  { header: 'Code', cell: (t) => t.code || '-' },
  { header: 'Email', cell: (t) => t.email || '-' },
  { header: 'Téléphone', cell: (t) => t.phone || '-' },
];

/** Tab 'Tiers': clients and suppliers, 'Nouveau Tiers', empty 'Aucun tiers configuré'. */
export function ThirdPartiesTab({ companyId }: { companyId: string | null }) {
  const list = useListThirdPartiesQuery(companyId ?? skipToken);
  const [dialogOpen, setDialogOpen] = useState(false);
  const canEdit = useCanEditThirdParties();
  const rows = useMemo(() => [...(list.data ?? [])].sort((a, b) => a.name.localeCompare(b.name, 'fr')), [list.data]);

  if (!companyId) {
    return (
      <EmptyState title="Aucune entreprise" description="Enregistrez d'abord les informations de votre entreprise (onglet Entreprise)." />
    );
  }

  return (
    <Box>
      <TabHeader
        title="Tiers"
        subtitle="Clients et fournisseurs de votre entreprise."
        actions={canEdit ? <AddButton onClick={() => setDialogOpen(true)}>Nouveau Tiers</AddButton> : null}
      />
      <ListState
        list={list}
        errorTitle="Impossible de charger les tiers"
        skeletons={3}
        count={rows.length}
        empty={{
          title: MESSAGES_THIRD_PARTY.empty,
          create: canEdit
            ? {
                description: 'Ajoutez vos clients et fournisseurs pour les retrouver dans vos factures et vos écritures.',
                label: 'Ajouter le premier tiers',
                onClick: () => setDialogOpen(true),
              }
            : undefined,
        }}
      >
        <DataTable label="Tiers" columns={COLUMNS} rows={rows} rowKey={(t) => t.id} outlined />
      </ListState>
      {canEdit ? <ThirdPartyDialog open={dialogOpen} onClose={() => setDialogOpen(false)} companyId={companyId} /> : null}
    </Box>
  );
}
