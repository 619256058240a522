import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import { alpha } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  APP_ROUTES,
  MESSAGES_MEMBERS,
  normalizeSector,
  ROLE_LABELS,
  SECTOR_LABELS,
  type PortfolioRow,
  type Sector,
} from '@xaalis/contracts';
import {
  AccountErrorState,
  EmptyState,
  ErrorState,
  formatDate,
  formatMoney,
  LoadingState,
  PageHeader,
  todayIso,
  useGetPortfolioQuery,
  useSession,
  useSwitchWorkspace,
  TableContainer,
} from '@xaalis/web-kit';
import type { ReactNode } from 'react';
import { attentionReasons, columnTotal, overdueCountTotal, type MoneyColumn } from './figures';

const ROUTE = APP_ROUTES.find((r) => r.path === '/portefeuille');
const NONE = '—';

export const PORTFOLIO_TEXTS = {
  loadError: 'Impossible de charger le portefeuille',
  empty: 'Aucune entreprise',
  emptyDescription: "Vous n'êtes membre d'aucune entreprise pour le moment.",
  current: 'Entreprise actuelle',
  unnamed: 'Nom indisponible',
  total: 'Total',
  open: 'Ouvrir',
} as const;

const MONEY_COLUMNS: readonly { key: MoneyColumn; label: string }[] = [
  { key: 'treasury', label: 'Trésorerie' },
  { key: 'receivables', label: 'Créances clients' },
  { key: 'payables', label: 'Dettes fournisseurs' },
];

const money = (value: string | number | null) => (value === null ? NONE : formatMoney(value));

function sectorLabel(sector: string | null): string {
  if (!sector) return NONE;
  return SECTOR_LABELS[normalizeSector(sector) as Sector] ?? sector;
}

/** "2 (150 000 XOF)", "0", or '—' when unknown. */
export function overdueText(count: number | null, amount: string | number | null): string {
  if (count === null) return NONE;
  return count > 0 ? `${count} (${money(amount)})` : '0';
}

const numberCell = { whiteSpace: 'nowrap' } as const;

/** One company; `onOpen` (absent for the current company, or outside the workspace) switches to it. */
function CompanyRow({ row, reasons, onOpen, opening }: { row: PortfolioRow; reasons: string[]; onOpen?: () => void; opening: boolean }) {
  const attention = reasons.length > 0;
  const negative = row.treasury !== null && Number(row.treasury) < 0;
  return (
    <TableRow
      hover
      aria-current={row.current ? 'true' : undefined}
      data-attention={attention ? 'true' : undefined}
      sx={attention ? { bgcolor: (theme) => alpha(theme.palette.warning.main, 0.1) } : undefined}
    >
      <TableCell component="th" scope="row">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
            {row.companyName ?? PORTFOLIO_TEXTS.unnamed}
          </Typography>
          {row.current ? <Chip size="small" color="primary" variant="outlined" label={PORTFOLIO_TEXTS.current} /> : null}
          {onOpen ? (
            <Button
              size="small"
              onClick={onOpen}
              disabled={opening}
              aria-label={`${PORTFOLIO_TEXTS.open} ${row.companyName ?? PORTFOLIO_TEXTS.unnamed}`}
            >
              {PORTFOLIO_TEXTS.open}
            </Button>
          ) : null}
        </Box>
        {attention ? (
          <Typography variant="caption" component="p" sx={{ color: 'warning.dark', fontWeight: 500 }}>
            {reasons.join(' · ')}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell>{sectorLabel(row.sector)}</TableCell>
      <TableCell>{ROLE_LABELS[row.role] ?? row.role}</TableCell>
      {MONEY_COLUMNS.map((c) => (
        <TableCell key={c.key} align="right" sx={{ ...numberCell, color: c.key === 'treasury' && negative ? 'error.main' : undefined }}>
          {money(row[c.key])}
        </TableCell>
      ))}
      <TableCell align="right" sx={{ ...numberCell, color: row.overdueInvoices ? 'error.main' : undefined }}>
        {overdueText(row.overdueInvoices, row.overdueAmount)}
      </TableCell>
      <TableCell sx={numberCell}>{row.lastEntryDate ? formatDate(row.lastEntryDate) : NONE}</TableCell>
    </TableRow>
  );
}

/** Route /portefeuille (exposed as './Portfolio'): every company of the user, its key figures and what needs attention. */
export default function PortfolioPage() {
  const { user, isLoading: userLoading, error: userError } = useSession();
  const { data, isLoading, error, refetch, isFetching } = useGetPortfolioQuery(user ? undefined : skipToken);
  // Opening a company switches the whole workspace to it (the shell's reset).
  const [switchTo, { switching }] = useSwitchWorkspace();
  const title = ROUTE?.title ?? 'Portefeuille';

  let content: ReactNode;
  if (userLoading || (user && isLoading)) content = <LoadingState rows={4} />;
  else if (!user) content = <AccountErrorState error={userError} />;
  else if (error && !data) content = <ErrorState error={error} onRetry={() => void refetch()} title={PORTFOLIO_TEXTS.loadError} />;
  else if (!data || data.rows.length === 0)
    content = <EmptyState title={PORTFOLIO_TEXTS.empty} description={PORTFOLIO_TEXTS.emptyDescription} />;
  else {
    const today = todayIso();
    const { rows, figuresAvailable } = data;
    const overdueCount = overdueCountTotal(rows);
    content = (
      <>
        {figuresAvailable ? null : (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {MESSAGES_MEMBERS.portfolioUnavailable}
          </Alert>
        )}
        <TableContainer label="Portefeuille d'entreprises">
          <Table size="small" aria-label="Portefeuille d'entreprises" sx={{ opacity: isFetching ? 0.6 : 1 }}>
            <TableHead>
              <TableRow>
                <TableCell>Entreprise</TableCell>
                <TableCell>Secteur</TableCell>
                <TableCell>Rôle</TableCell>
                {MONEY_COLUMNS.map((c) => (
                  <TableCell key={c.key} align="right">
                    {c.label}
                  </TableCell>
                ))}
                <TableCell align="right">Factures en retard</TableCell>
                <TableCell>Dernière écriture</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <CompanyRow
                  key={row.companyId}
                  row={row}
                  reasons={figuresAvailable ? attentionReasons(row, today) : []}
                  onOpen={switchTo && !row.current ? () => void switchTo(row.companyId) : undefined}
                  opening={switching !== null}
                />
              ))}
            </TableBody>
            {figuresAvailable ? (
              <TableFooter>
                <TableRow sx={{ '& td, & th': { fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' } }}>
                  <TableCell component="th" scope="row" colSpan={3}>
                    {PORTFOLIO_TEXTS.total}
                  </TableCell>
                  {MONEY_COLUMNS.map((c) => (
                    <TableCell key={c.key} align="right" sx={numberCell}>
                      {money(columnTotal(rows, c.key))}
                    </TableCell>
                  ))}
                  <TableCell align="right" sx={numberCell}>
                    {overdueText(overdueCount, columnTotal(rows, 'overdueAmount'))}
                  </TableCell>
                  <TableCell />
                </TableRow>
              </TableFooter>
            ) : null}
          </Table>
        </TableContainer>
      </>
    );
  }

  return (
    <Box component="section" aria-label={title}>
      <PageHeader title={title} subtitle={ROUTE?.subtitle} />
      <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }}>
        {content}
      </Paper>
    </Box>
  );
}
