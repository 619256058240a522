import Chip from '@mui/material/Chip';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  INVESTMENT_CATEGORY_LABELS,
  MESSAGES_INVESTMENT,
  investmentTotals,
  type Investment,
  type InvestmentCategory,
} from '@xaalis/contracts';
import {
  formatDate,
  formatMoney,
  moneyColumn,
  DataTable,
  ListPage,
  RowAction,
  useDialog,
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
  const list = useListInvestmentsQuery(companyId ?? skipToken);
  const editor = useDialog<Investment | null>('investment', null);
  const [viewing, setViewing] = useState<string | null>(null);
  const canEdit = useCanEditInvestments();

  const investments = useMemo(() => list.data ?? [], [list.data]);
  const totals = useMemo(() => investmentTotals(investments), [investments]);

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
        { label: 'Total investissements', value: totals.count },
        { label: "Valeur d'acquisition", value: formatMoney(totals.purchase) },
        { label: 'Valeur actuelle', value: formatMoney(totals.current) },
        { label: 'Amortissements cumulés', value: formatMoney(totals.depreciation) },
      ]}
      count={investments.length}
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
