import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MatchLinesPage } from '@xaalis/contracts';
import { isNegative } from '@xaalis/domain';
import {
  AmountCell,
  formatDate,
  formatMoney,
  ListPagination,
  ListState,
  SEARCH_DELAY_MS,
  SearchField,
  TableHeadRow,
  useDebounced,
  useFilteredPage,
  type ListRead,
  TableContainer,
} from '@xaalis/web-kit';
import { useId, useState, type ReactNode } from 'react';
import { Panel } from '../dashboard';
import type { MatchLinesFilter } from './api';
import { amountFilter, dateFilter, type Selection } from './matching';

/** Lines per page of each pane. */
export const PANE_PAGE_SIZE = 25;

/** What both panes show of a line (a statement line, a ledger line). */
export interface MatchRow {
  id: string;
  date: string;
  label: string;
  reference: string | null;
  amount: string;
  reconciliationId: string | null;
}

interface FilterInputs {
  search: string;
  from: string;
  to: string;
  amount: string;
}

const NO_FILTER: FilterInputs = { search: '', from: '', to: '', amount: '' };

/** A pane's filters as typed, and the query they make (the search once typing pauses, the page back to 1 on a change). */
export function usePaneQuery(status: MatchLinesFilter['status']) {
  const [inputs, setInputs] = useState<FilterInputs>(NO_FILTER);
  const search = useDebounced(inputs.search.trim(), SEARCH_DELAY_MS);
  const amount = amountFilter(inputs.amount);
  const filter = { status, search, from: dateFilter(inputs.from), to: dateFilter(inputs.to), amount: amount || undefined };
  const [page, setPage] = useFilteredPage(filter);
  const query: MatchLinesFilter = { ...filter, page: page + 1, pageSize: PANE_PAGE_SIZE };
  return {
    inputs,
    setInputs,
    amountInvalid: amount === null,
    filtered: Boolean(search || filter.from || filter.to || amount),
    page,
    setPage,
    query,
  };
}
export type PaneQuery = ReturnType<typeof usePaneQuery>;

const DATE_SLOTS = { inputLabel: { shrink: true }, htmlInput: { max: '9999-12-31' } };

function PaneFilters({ pane, name }: { pane: PaneQuery; name: string }) {
  const { inputs, setInputs } = pane;
  const set = (key: keyof FilterInputs) => (value: string) => setInputs({ ...inputs, [key]: value });
  return (
    <Box role="search" aria-label={`Filtres — ${name}`} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
      <SearchField
        label="Rechercher"
        placeholder="Libellé, référence"
        value={inputs.search}
        onChange={set('search')}
        sx={{ minWidth: 180 }}
      />
      <TextField
        type="date"
        size="small"
        label="Du"
        value={inputs.from}
        onChange={(e) => set('from')(e.target.value)}
        slotProps={DATE_SLOTS}
      />
      <TextField type="date" size="small" label="Au" value={inputs.to} onChange={(e) => set('to')(e.target.value)} slotProps={DATE_SLOTS} />
      <TextField
        size="small"
        label="Montant"
        value={inputs.amount}
        onChange={(e) => set('amount')(e.target.value)}
        error={pane.amountInvalid}
        helperText={pane.amountInvalid ? 'Montant invalide' : undefined}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        sx={{ width: 140 }}
      />
    </Box>
  );
}

export interface MatchPaneProps<T extends MatchRow> {
  /** The pane's title ('Relevé', 'Grand livre') and its table's accessible name. */
  title: string;
  label: string;
  pane: PaneQuery;
  /** The read of the current page. */
  list: ListRead & { data?: MatchLinesPage<T> };
  /** Ticked lines (unmatched tab); none: no checkboxes (matched tab). */
  selection?: Selection;
  onToggle?: (row: T) => void;
  /** A second line under the label (the entry's number, 'Saisie manuelle'…). */
  detail?: (row: T) => ReactNode;
  /** The row's buttons. */
  actions?: (row: T) => ReactNode;
  empty: string;
}

/** One side of the matching screen: filters, a page of lines with a checkbox each, the pager and the filtered total. */
export function MatchPane<T extends MatchRow>({
  title,
  label,
  pane,
  list,
  selection,
  onToggle,
  detail,
  actions,
  empty,
}: MatchPaneProps<T>) {
  const ids = useId();
  const data = list.data;
  const rows = data?.items ?? [];
  const selectable = Boolean(selection && onToggle);
  const labels = [...(selectable ? ['Choix'] : []), 'Date', 'Libellé', 'Montant', ...(actions ? ['Actions'] : [])];
  return (
    <Panel title={title} subtitle={data ? `Total des lignes filtrées : ${formatMoney(data.totalAmount)}` : undefined}>
      <PaneFilters pane={pane} name={title} />
      <ListState
        list={list}
        errorTitle={`Impossible de charger les lignes — ${title}`}
        skeletons={4}
        count={data?.totalItems ?? 0}
        filtered={pane.filtered}
        empty={{ title: empty }}
        emptyFiltered="Aucune ligne ne correspond aux filtres"
      >
        <TableContainer label={label} sx={{ opacity: list.isFetching ? 0.6 : 1 }}>
          <Table size="small" aria-label={label}>
            <TableHeadRow labels={labels} right={actions ? 2 : 1} />
            <TableBody>
              {rows.map((row) => {
                const checkboxId = `${ids}-${row.id}`;
                const checked = selection?.has(row.id) ?? false;
                return (
                  <TableRow key={row.id} hover selected={checked}>
                    {selectable ? (
                      <TableCell padding="checkbox">
                        <Checkbox
                          id={checkboxId}
                          checked={checked}
                          onChange={() => onToggle?.(row)}
                          slotProps={{ input: { 'aria-label': `${row.label} — ${formatMoney(row.amount)}` } }}
                        />
                      </TableCell>
                    ) : null}
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.date)}</TableCell>
                    <TableCell>
                      {selectable ? (
                        <Box component="label" htmlFor={checkboxId} sx={{ cursor: 'pointer' }}>
                          {row.label}
                        </Box>
                      ) : (
                        row.label
                      )}
                      <Typography variant="caption" component="span" color="text.secondary" sx={{ display: 'block' }}>
                        {[row.reference, detail?.(row)].filter(Boolean).map((part, i) => (
                          <span key={i}>
                            {i > 0 ? ' · ' : ''}
                            {part}
                          </span>
                        ))}
                      </Typography>
                    </TableCell>
                    <AmountCell>
                      <Box component="span" sx={{ color: isNegative(row.amount) ? 'error.main' : 'success.main' }}>
                        {formatMoney(row.amount)}
                      </Box>
                    </AmountCell>
                    {actions ? (
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {actions(row)}
                      </TableCell>
                    ) : null}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
        <ListPagination count={data?.totalItems ?? 0} page={pane.page} pageSize={PANE_PAGE_SIZE} onPageChange={pane.setPage} />
      </ListState>
    </Panel>
  );
}
