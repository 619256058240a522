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
  ListState,
  SearchField,
  TabHeader,
  AutoIcon,
  type Column,
} from '@xaalis/web-kit';
import { useDeferredValue, useMemo, useState } from 'react';
import { foldForSearch } from '../../ui/text';
import { AccountDialog } from './AccountDialog';
import { useListAccountsQuery } from './api';
import { useCanEditChart } from './rights';
import { useGenerateChart } from './useGenerateChart';

/** The label of an account's SYSCOHADA class (first digit of its code). */
export function accountClassLabel(code: string): string {
  const digit = code.charAt(0);
  return ACCOUNT_CLASS_LABELS[digit] ?? `Classe ${digit}`;
}

/** Accounts whose code starts with the query, or whose name contains it (accents ignored). */
export function filterAccounts(accounts: readonly Account[], query: string, accountClass: string): Account[] {
  const q = foldForSearch(query.trim());
  return accounts.filter((a) => {
    if (accountClass && a.code.charAt(0) !== accountClass) return false;
    if (!q) return true;
    return a.code.startsWith(q) || foldForSearch(a.name).includes(q);
  });
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
  const list = useListAccountsQuery(companyId ?? skipToken);
  const { data: company } = useGetCompanyQuery(companyId ?? skipToken);
  const [generate, { isLoading: generating }] = useGenerateChart(companyId);
  const [dialogOpen, setDialogOpen] = useState(false);
  const canEdit = useCanEditChart();
  const [query, setQuery] = useState('');
  const [accountClass, setAccountClass] = useState('');
  const deferredQuery = useDeferredValue(query);

  const sorted = useMemo(() => [...(list.data ?? [])].sort((a, b) => a.code.localeCompare(b.code)), [list.data]);
  const filtered = useMemo(() => filterAccounts(sorted, deferredQuery, accountClass), [sorted, deferredQuery, accountClass]);
  const groups = useMemo(() => groupByClass(filtered), [filtered]);

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
        count={sorted.length}
        empty={{
          title: 'Aucun compte configuré',
          description: canEdit
            ? "Générez automatiquement le plan comptable SYSCOHADA adapté à votre secteur d'activité, ou créez vos comptes un par un."
            : undefined,
          action: canEdit ? generateButton : undefined,
        }}
      >
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
          <SearchField label="Rechercher un compte" placeholder="Code ou nom" value={query} onChange={setQuery} sx={{ minWidth: 260 }} />
          <FilterSelect
            label="Classe"
            value={accountClass}
            onChange={setAccountClass}
            allLabel="Toutes les classes"
            options={CLASS_OPTIONS}
            minWidth={220}
          />
          <Typography variant="body2" color="text.secondary" role="status" aria-live="polite">
            {filtered.length === sorted.length
              ? `${sorted.length} compte${sorted.length > 1 ? 's' : ''}`
              : `${filtered.length} compte${filtered.length > 1 ? 's' : ''} sur ${sorted.length}`}
            {list.isFetching ? ' — mise à jour...' : ''}
          </Typography>
        </Box>
        {filtered.length === 0 ? (
          <EmptyState title="Aucun compte ne correspond à la recherche" />
        ) : (
          <DataTable label="Plan comptable" columns={COLUMNS} groups={groups} rowKey={(a) => a.id} outlined maxHeight={640} />
        )}
      </ListState>
      {canEdit ? <AccountDialog open={dialogOpen} onClose={() => setDialogOpen(false)} companyId={companyId} accounts={sorted} /> : null}
    </Box>
  );
}
