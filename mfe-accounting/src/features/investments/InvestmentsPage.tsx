import Chip from '@mui/material/Chip';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  INVESTMENT_CATEGORIES,
  INVESTMENT_CATEGORY_LABELS,
  MESSAGES_INVESTMENT,
  type Investment,
  type InvestmentCategory,
} from '@xaalis/contracts';
import {
  formatDate,
  formatMoney,
  moneyColumn,
  DataTable,
  FilterSelect,
  ListPage,
  RowAction,
  useDebouncedSearch,
  useDialog,
  useFilteredPage,
  useSession,
  EditIcon,
  ViewIcon,
  type Column,
} from '@xaalis/web-kit';
import { useMemo, useState } from 'react';
import { useListInvestmentsQuery } from './api';
import { InvestmentDialog } from './InvestmentDialog';
import { PlanDialog } from './PlanDialog';
import { useCanEditInvestments } from './rights';

/** Investments a page. */
export const INVESTMENTS_PAGE_SIZE = 25;
const CATEGORY_OPTIONS = INVESTMENT_CATEGORIES.map((value) => ({ value, label: INVESTMENT_CATEGORY_LABELS[value] }));

const CATEGORY_COLORS: Record<InvestmentCategory, 'primary' | 'secondary' | 'default'> = {
  material: 'primary',
  immaterial: 'secondary',
  financial: 'default',
};

const COLUMNS: Column<Investment>[] = [
  { header: 'Nom', cell: (inv) => inv.name, sx: { fontWeight: 500 } },
  {
    header: 'Catégorie',
    cell: (inv) => <Chip size="small" label={INVESTMENT_CATEGORY_LABELS[inv.category]} color={CATEGORY_COLORS[inv.category]} />,
  },
  { header: "Date d'achat", cell: (inv) => formatDate(inv.purchaseDate), nowrap: true },
  moneyColumn("Prix d'achat", (inv) => inv.purchasePrice),
  moneyColumn('Valeur actuelle', (inv) => inv.currentValue),
  { header: 'Durée (ans)', cell: (inv) => inv.usefulLife, align: 'right' },
];

/** Route /investissements (exposed as './Investments'): immobilisations and their depreciation plans. */
export default function InvestmentsPage() {
  const session = useSession();
  const { companyId } = session;
  const searchBox = useDebouncedSearch();
  const { search } = searchBox;
  const [category, setCategory] = useState<InvestmentCategory | ''>('');
  const [page, setPage] = useFilteredPage(search, category);
  const list = useListInvestmentsQuery(
    companyId ? { companyId, page: page + 1, pageSize: INVESTMENTS_PAGE_SIZE, search, category: category || undefined } : skipToken,
  );
  const editor = useDialog<Investment | null>('investment', null);
  const [viewing, setViewing] = useState<string | null>(null);
  const canEdit = useCanEditInvestments();

  const investments = useMemo(() => list.data?.items ?? [], [list.data]);
  const totals = list.data?.totals;

  const openCreate = () => editor.show(null);

  return (
    <ListPage
      path="/investissements"
      title="Investissements"
      session={session}
      list={list}
      errorTitle="Impossible de charger les investissements"
      create={canEdit ? { label: 'Nouvel Investissement', onClick: openCreate, disabled: !companyId } : undefined}
      counters={[
        { label: 'Total investissements', value: totals?.count ?? 0 },
        { label: "Valeur d'acquisition", value: formatMoney(totals?.purchase ?? '0') },
        { label: 'Valeur actuelle', value: formatMoney(totals?.current ?? '0') },
        { label: 'Amortissements cumulés', value: formatMoney(totals?.depreciation ?? '0') },
      ]}
      search={{
        label: 'Rechercher un investissement',
        placeholder: 'Nom ou compte',
        value: searchBox.input,
        onChange: searchBox.setInput,
      }}
      toolbar={
        <FilterSelect
          label="Catégorie"
          value={category}
          onChange={setCategory}
          allLabel="Toutes les catégories"
          options={CATEGORY_OPTIONS}
          minWidth={200}
        />
      }
      count={investments.length}
      filtered={Boolean(search || category)}
      emptyFiltered={MESSAGES_INVESTMENT.emptyFiltered}
      pagination={{ page, pageSize: INVESTMENTS_PAGE_SIZE, totalItems: list.data?.totalItems ?? 0, onPageChange: setPage }}
      empty={{
        title: MESSAGES_INVESTMENT.empty,
        create: canEdit
          ? {
              description:
                "Enregistrez vos immobilisations (matériel, logiciels, titres) : leur acquisition est comptabilisée et leur plan d'amortissement calculé.",
              label: 'Ajouter le premier investissement',
              onClick: openCreate,
            }
          : undefined,
      }}
      dialogs={
        <>
          <InvestmentDialog key={editor.key} {...editor.props} investment={editor.value} companyId={companyId} />
          <PlanDialog investmentId={viewing} onClose={() => setViewing(null)} />
        </>
      }
    >
      <DataTable
        label="Investissements"
        columns={COLUMNS}
        rows={investments}
        rowKey={(inv) => inv.id}
        fetching={list.isFetching}
        actions={(inv) => (
          <>
            <RowAction label={`Plan d'amortissement de ${inv.name}`} onClick={() => setViewing(inv.id)}>
              <ViewIcon fontSize="small" />
            </RowAction>
            {canEdit ? (
              <RowAction
                label={
                  inv.recordedCount > 0
                    ? `${inv.name} : modification impossible, des dotations sont enregistrées`
                    : `Modifier l'investissement ${inv.name}`
                }
                onClick={() => editor.show(inv)}
                disabled={inv.recordedCount > 0}
              >
                <EditIcon fontSize="small" />
              </RowAction>
            ) : null}
          </>
        )}
      />
    </ListPage>
  );
}
