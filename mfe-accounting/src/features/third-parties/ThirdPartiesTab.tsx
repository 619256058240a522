import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { MESSAGES_THIRD_PARTY, THIRD_PARTY_TYPE_LABELS, THIRD_PARTY_TYPES, type ThirdParty, type ThirdPartyType } from '@xaalis/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import {
  AddButton,
  DataTable,
  EmptyState,
  FilterSelect,
  ListPagination,
  ListState,
  SearchField,
  TabHeader,
  useDebouncedSearch,
  useFilteredPage,
  type Column,
} from '@xaalis/web-kit';
import { useListThirdPartiesQuery } from './api';
import { useCanEditThirdParties } from './rights';
import { ThirdPartyDialog } from './ThirdPartyDialog';

/** Third parties a page. */
export const THIRD_PARTIES_PAGE_SIZE = 25;
const TYPE_OPTIONS = THIRD_PARTY_TYPES.map((value) => ({ value, label: THIRD_PARTY_TYPE_LABELS[value] }));

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
  const searchBox = useDebouncedSearch();
  const { search } = searchBox;
  const [type, setType] = useState<ThirdPartyType | ''>('');
  const [page, setPage] = useFilteredPage(search, type);
  const list = useListThirdPartiesQuery(
    companyId ? { companyId, page: page + 1, pageSize: THIRD_PARTIES_PAGE_SIZE, search, type: type || undefined } : skipToken,
  );
  const [dialogOpen, setDialogOpen] = useState(false);
  const canEdit = useCanEditThirdParties();
  const rows = list.data?.items ?? [];
  const matching = list.data?.totalItems ?? 0;

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
        count={list.data?.counters.total ?? 0}
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
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
          <SearchField
            label="Rechercher un tiers"
            placeholder="Nom ou code"
            value={searchBox.input}
            onChange={searchBox.setInput}
            sx={{ minWidth: 260 }}
          />
          <FilterSelect label="Type" value={type} onChange={setType} allLabel="Tous les types" options={TYPE_OPTIONS} minWidth={200} />
        </Box>
        {rows.length === 0 ? (
          <EmptyState title={MESSAGES_THIRD_PARTY.emptyFiltered} />
        ) : (
          <>
            <DataTable label="Tiers" columns={COLUMNS} rows={rows} rowKey={(t) => t.id} outlined fetching={list.isFetching} />
            <ListPagination count={matching} page={page} pageSize={THIRD_PARTIES_PAGE_SIZE} onPageChange={setPage} />
          </>
        )}
      </ListState>
      {canEdit ? <ThirdPartyDialog open={dialogOpen} onClose={() => setDialogOpen(false)} companyId={companyId} /> : null}
    </Box>
  );
}
