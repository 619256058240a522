import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  APP_ROUTES,
  INVESTMENT_CATEGORY_LABELS,
  MESSAGES_INVESTMENT,
  investmentTotals,
  type Investment,
  type InvestmentCategory,
} from '@xaalis/contracts';
import {
  formatDate,
  formatMoney,
  PageHeader,
  CounterRow,
  CounterTile,
  RowAction,
  useSession,
  EmptyState,
  listPreamble,
  AddIcon,
  EditIcon,
  ViewIcon,
} from '@xaalis/web-kit';
import { useMemo, useState, type ReactNode } from 'react';
import { useListInvestmentsQuery } from './api';
import { InvestmentDialog } from './InvestmentDialog';
import { PlanDialog } from './PlanDialog';
import { useCanEditInvestments } from './rights';

const ROUTE = APP_ROUTES.find((r) => r.path === '/investissements');
const CATEGORY_COLORS: Record<InvestmentCategory, 'primary' | 'secondary' | 'default'> = {
  material: 'primary',
  immaterial: 'secondary',
  financial: 'default',
};

/** Route /investissements (exposed as './Investments'): immobilisations and their depreciation plans. */
export default function InvestmentsPage() {
  const { companyId, isLoading: userLoading, error: userError, user } = useSession();
  const list = useListInvestmentsQuery(companyId ?? skipToken);
  const [editor, setEditor] = useState<{ open: boolean; key: number; investment: Investment | null }>({
    open: false,
    key: 0,
    investment: null,
  });
  const [viewing, setViewing] = useState<string | null>(null);
  const canEdit = useCanEditInvestments();

  const investments = useMemo(() => list.data ?? [], [list.data]);
  const totals = useMemo(() => investmentTotals(investments), [investments]);
  const tilesLoading = !list.data && (userLoading || list.isLoading || list.isUninitialized);

  const openCreate = () => setEditor((e) => ({ open: true, key: e.key + 1, investment: null }));
  const openEdit = (investment: Investment) => setEditor((e) => ({ open: true, key: e.key + 1, investment }));

  const preamble = listPreamble({ user, userLoading, userError, companyId, list, errorTitle: 'Impossible de charger les investissements' });
  let content: ReactNode;
  if (preamble) content = preamble;
  else if (investments.length === 0)
    content = (
      <EmptyState
        title={MESSAGES_INVESTMENT.empty}
        description={
          canEdit
            ? "Enregistrez vos immobilisations (matériel, logiciels, titres) : leur acquisition est comptabilisée et leur plan d'amortissement calculé."
            : undefined
        }
        action={
          canEdit ? (
            <Button variant="outlined" startIcon={<AddIcon />} onClick={openCreate}>
              Ajouter le premier investissement
            </Button>
          ) : undefined
        }
      />
    );
  else
    content = (
      <TableContainer>
        <Table size="small" aria-label="Investissements">
          <TableHead>
            <TableRow>
              <TableCell>Nom</TableCell>
              <TableCell>Catégorie</TableCell>
              <TableCell>Date d&apos;achat</TableCell>
              <TableCell align="right">Prix d&apos;achat</TableCell>
              <TableCell align="right">Valeur actuelle</TableCell>
              <TableCell align="right">Durée (ans)</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody sx={{ opacity: list.isFetching ? 0.6 : 1 }}>
            {investments.map((inv) => (
              <TableRow key={inv.id} hover>
                <TableCell sx={{ fontWeight: 500 }}>{inv.name}</TableCell>
                <TableCell>
                  <Chip size="small" label={INVESTMENT_CATEGORY_LABELS[inv.category]} color={CATEGORY_COLORS[inv.category]} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(inv.purchaseDate)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(inv.purchasePrice)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(inv.currentValue)}
                </TableCell>
                <TableCell align="right">{inv.usefulLife}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
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
                      onClick={() => openEdit(inv)}
                      disabled={inv.recordedCount > 0}
                    >
                      <EditIcon fontSize="small" />
                    </RowAction>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );

  return (
    <Box component="section" aria-label={ROUTE?.title ?? 'Investissements'}>
      <PageHeader
        title={ROUTE?.title ?? 'Investissements'}
        subtitle={ROUTE?.subtitle}
        actions={
          canEdit ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={openCreate} disabled={!companyId}>
              Nouvel Investissement
            </Button>
          ) : null
        }
      />
      <CounterRow>
        <CounterTile label="Total investissements" value={totals.count} loading={tilesLoading} />
        <CounterTile label="Valeur d'acquisition" value={formatMoney(totals.purchase)} loading={tilesLoading} />
        <CounterTile label="Valeur actuelle" value={formatMoney(totals.current)} loading={tilesLoading} />
        <CounterTile label="Amortissements cumulés" value={formatMoney(totals.depreciation)} loading={tilesLoading} />
      </CounterRow>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }}>
        {content}
      </Paper>
      <InvestmentDialog
        key={`investment-${editor.key}`}
        open={editor.open}
        investment={editor.investment}
        companyId={companyId}
        onClose={() => setEditor((e) => ({ ...e, open: false }))}
      />
      <PlanDialog investmentId={viewing} onClose={() => setViewing(null)} />
    </Box>
  );
}
