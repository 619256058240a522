import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ACCOUNT_CATEGORY_LABELS, ACCOUNT_CLASS_LABELS, ACCOUNT_TYPE_LABELS, type Account } from '@xaalis/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useGetCompanyQuery, EmptyState, ErrorState, LoadingState, AddIcon, AutoIcon } from '@xaalis/web-kit';
import { Fragment, useDeferredValue, useMemo, useState } from 'react';
import { FilterSelect } from '../../ui/FilterSelect';
import { SearchField } from '../../ui/SearchField';
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

function groupByClass(accounts: readonly Account[]): { key: string; label: string; accounts: Account[] }[] {
  const groups = new Map<string, Account[]>();
  for (const a of accounts) {
    const key = a.code.charAt(0);
    const list = groups.get(key);
    if (list) list.push(a);
    else groups.set(key, [a]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, list]) => ({ key, label: accountClassLabel(list[0].code), accounts: list }));
}

const CLASS_OPTIONS = Object.keys(ACCOUNT_CLASS_LABELS)
  .sort()
  .map((value) => ({ value, label: ACCOUNT_CLASS_LABELS[value] }));

/** Tab 'Plan Comptable': the chart by class, a search box, 'Nouveau Compte', the empty state with generation. */
export function AccountsTab({ companyId }: { companyId: string | null }) {
  const { data: accounts, isLoading, isFetching, error, refetch } = useListAccountsQuery(companyId ?? skipToken);
  const { data: company } = useGetCompanyQuery(companyId ?? skipToken);
  const [generate, { isLoading: generating }] = useGenerateChart(companyId);
  const [dialogOpen, setDialogOpen] = useState(false);
  const canEdit = useCanEditChart();
  const [query, setQuery] = useState('');
  const [accountClass, setAccountClass] = useState('');
  const deferredQuery = useDeferredValue(query);

  const sorted = useMemo(() => [...(accounts ?? [])].sort((a, b) => a.code.localeCompare(b.code)), [accounts]);
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

  let body;
  if (isLoading) body = <LoadingState rows={6} height={32} />;
  else if (error && !accounts)
    body = <ErrorState error={error} onRetry={() => void refetch()} title="Impossible de charger le plan comptable" />;
  else if (sorted.length === 0)
    body = (
      <EmptyState
        title="Aucun compte configuré"
        description={
          canEdit
            ? "Générez automatiquement le plan comptable SYSCOHADA adapté à votre secteur d'activité, ou créez vos comptes un par un."
            : undefined
        }
        action={canEdit ? generateButton : undefined}
      />
    );
  else
    body = (
      <>
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
            {isFetching ? ' — mise à jour...' : ''}
          </Typography>
        </Box>
        {filtered.length === 0 ? (
          <EmptyState title="Aucun compte ne correspond à la recherche" />
        ) : (
          <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: 640 }}>
            <Table size="small" stickyHeader aria-label="Plan comptable">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: 120 }}>Code</TableCell>
                  <TableCell>Nom</TableCell>
                  <TableCell>Type</TableCell>
                  <TableCell>Catégorie</TableCell>
                  <TableCell align="right" sx={{ width: 80 }}>
                    Niveau
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {groups.map((group) => (
                  <Fragment key={group.key}>
                    <TableRow>
                      <TableCell
                        component="th"
                        scope="colgroup"
                        colSpan={5}
                        sx={{ bgcolor: 'action.hover', fontWeight: 700, color: 'primary.dark' }}
                      >
                        {group.label} ({group.accounts.length})
                      </TableCell>
                    </TableRow>
                    {group.accounts.map((a) => (
                      <TableRow key={a.id} hover>
                        <TableCell sx={{ fontFamily: 'monospace', pl: 1 + Math.min(Math.max(a.level - 1, 0), 6) }}>{a.code}</TableCell>
                        <TableCell>{a.name}</TableCell>
                        <TableCell>{ACCOUNT_TYPE_LABELS[a.type] ?? a.type}</TableCell>
                        <TableCell>{ACCOUNT_CATEGORY_LABELS[a.category] ?? a.category}</TableCell>
                        <TableCell align="right">{a.level}</TableCell>
                      </TableRow>
                    ))}
                  </Fragment>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </>
    );

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Box>
          <Typography variant="h2" component="h2">
            Plan Comptable
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Comptes SYSCOHADA révisé de votre entreprise, classés par classe.
          </Typography>
        </Box>
        {canEdit ? (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialogOpen(true)}>
            Nouveau Compte
          </Button>
        ) : null}
      </Box>
      {body}
      {canEdit ? <AccountDialog open={dialogOpen} onClose={() => setDialogOpen(false)} companyId={companyId} accounts={sorted} /> : null}
    </Box>
  );
}
