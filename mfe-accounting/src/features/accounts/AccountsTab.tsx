import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ACCOUNT_CATEGORY_LABELS, ACCOUNT_CLASS_LABELS, ACCOUNT_TYPE_LABELS, type Account } from '@xaalis/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  useGetCompanyQuery,
  AddButton,
  DataTable,
  EmptyState,
  FilterSelect,
  ListPagination,
  ListState,
  SearchField,
  TabHeader,
  AutoIcon,
  useDebouncedSearch,
  useFilteredPage,
  type Column,
} from '@xaalis/web-kit';
import { useMemo, useState } from 'react';
import { AccountDialog } from './AccountDialog';
import { useListAccountsQuery } from './api';
import { useCanEditChart } from './rights';
import { useGenerateChart } from './useGenerateChart';

/** The label of an account's SYSCOHADA class (first digit of its code). */
export function accountClassLabel(code: string): string {
  const digit = code.charAt(0);
  return ACCOUNT_CLASS_LABELS[digit] ?? `Classe ${digit}`;
}

function groupByClass(accounts: readonly Account[]): { key: string; label: string; rows: Account[] }[] {
  const groups = new Map<string, Account[]>();
  for (const a of accounts) {
    const key = a.code.charAt(0);
    const list = groups.get(key);
    if (list) list.push(a);
    else groups.set(key, [a]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, list]) => ({ key, label: `${accountClassLabel(list[0].code)} (${list.length})`, rows: list }));
}

/** Accounts a page of the chart. */
export const ACCOUNTS_PAGE_SIZE = 50;

const CLASS_OPTIONS = Object.keys(ACCOUNT_CLASS_LABELS)
  .sort()
  .map((value) => ({ value, label: ACCOUNT_CLASS_LABELS[value] }));

const COLUMNS: Column<Account>[] = [
  {
    header: 'Code',
    headerSx: { width: 120 },
    cell: (a) => a.code,
    rowSx: (a) => ({ fontFamily: 'monospace', pl: 1 + Math.min(Math.max(a.level - 1, 0), 6) }),
  },
  { header: 'Nom', cell: (a) => a.name },
  { header: 'Type', cell: (a) => ACCOUNT_TYPE_LABELS[a.type] ?? a.type },
  { header: 'Catégorie', cell: (a) => ACCOUNT_CATEGORY_LABELS[a.category] ?? a.category },
  { header: 'Niveau', headerSx: { width: 80 }, cell: (a) => a.level, align: 'right' },
];

/** Tab 'Plan Comptable': the chart by class, a search box, 'Nouveau Compte', the empty state with generation. */
export function AccountsTab({ companyId }: { companyId: string | null }) {
  const searchBox = useDebouncedSearch();
  const { search } = searchBox;
  const [accountClass, setAccountClass] = useState('');
  const [page, setPage] = useFilteredPage(search, accountClass);
  const list = useListAccountsQuery(
    companyId ? { companyId, page: page + 1, pageSize: ACCOUNTS_PAGE_SIZE, search, prefix: accountClass || undefined } : skipToken,
  );
  const { data: company } = useGetCompanyQuery(companyId ?? skipToken);
  const [generate, { isLoading: generating }] = useGenerateChart(companyId);
  const [dialogOpen, setDialogOpen] = useState(false);
  const canEdit = useCanEditChart();
  const shown = useMemo(() => list.data?.items ?? [], [list.data]);
  const groups = useMemo(() => groupByClass(shown), [shown]);
  const matching = list.data?.totalItems ?? 0;
  const total = list.data?.counters.total ?? 0;

  if (!companyId) {
    return (
      <EmptyState title="Aucune entreprise" description="Enregistrez d'abord les informations de votre entreprise (onglet Entreprise)." />
    );
  }

  const generateButton = (
    <Button
      variant="contained"
      startIcon={<AutoIcon />}
      disabled={generating || !company}
      onClick={() => company && void generate(company.sector)}
    >
      {generating ? 'Génération en cours...' : 'Générer Plan Comptable'}
    </Button>
  );

  return (
    <Box>
      <TabHeader
        title="Plan Comptable"
        subtitle="Comptes SYSCOHADA révisé de votre entreprise, classés par classe."
        actions={canEdit ? <AddButton onClick={() => setDialogOpen(true)}>Nouveau Compte</AddButton> : null}
      />
      <ListState
        list={list}
        errorTitle="Impossible de charger le plan comptable"
        skeletons={6}
        skeletonHeight={32}
        count={total}
        empty={{
          title: 'Aucun compte configuré',
          description: canEdit
            ? "Générez automatiquement le plan comptable SYSCOHADA adapté à votre secteur d'activité, ou créez vos comptes un par un."
            : undefined,
          action: canEdit ? generateButton : undefined,
        }}
      >
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
          <SearchField
            label="Rechercher un compte"
            placeholder="Code ou nom"
            value={searchBox.input}
            onChange={searchBox.setInput}
            sx={{ minWidth: 260 }}
          />
          <FilterSelect
            label="Classe"
            value={accountClass}
            onChange={setAccountClass}
            allLabel="Toutes les classes"
            options={CLASS_OPTIONS}
            minWidth={220}
          />
          <Typography variant="body2" color="text.secondary" role="status" aria-live="polite">
            {matching === total ? `${total} compte${total > 1 ? 's' : ''}` : `${matching} compte${matching > 1 ? 's' : ''} sur ${total}`}
            {list.isFetching ? ' — mise à jour...' : ''}
          </Typography>
        </Box>
        {shown.length === 0 ? (
          <EmptyState title="Aucun compte ne correspond à la recherche" />
        ) : (
          <>
            <DataTable label="Plan comptable" columns={COLUMNS} groups={groups} rowKey={(a) => a.id} outlined maxHeight={640} />
            <ListPagination count={matching} page={page} pageSize={ACCOUNTS_PAGE_SIZE} onPageChange={setPage} />
          </>
        )}
      </ListState>
      {canEdit ? <AccountDialog open={dialogOpen} onClose={() => setDialogOpen(false)} companyId={companyId} /> : null}
    </Box>
  );
}
