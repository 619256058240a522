import type { SxProps, Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Fragment, type ReactNode } from 'react';
import { formatMoney } from '../format';
import { TableContainer } from './TableContainer';

/** One column of a DataTable: its header and how a row fills its cell. */
export interface Column<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** Keeps the cell on one line (dates, amounts, numbers). */
  nowrap?: boolean;
  sx?: SxProps<Theme>;
  /** The cell's style that depends on the row. */
  rowSx?: (row: T) => SxProps<Theme>;
  headerSx?: SxProps<Theme>;
  /** The cell names its row (a row header, th scope="row"). */
  rowHeader?: boolean;
}

/** Rows under a heading row spanning the table (e.g. the accounts of one class). */
export interface RowGroup<T> {
  key: string;
  label: ReactNode;
  rows: readonly T[];
}

export interface DataTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: readonly Column<T>[];
  rows?: readonly T[];
  /** Instead of `rows`: rows in groups, each under its heading row. */
  groups?: readonly RowGroup<T>[];
  rowKey: (row: T) => string;
  /** The last column, 'Actions': the row's buttons (RowAction). */
  actions?: (row: T) => ReactNode;
  /** A refresh is under way: the rows fade until it ends. */
  fetching?: boolean;
  /** The table in its own outlined frame (inside a tab rather than a page's panel). */
  outlined?: boolean;
  /** A scrolling table with a sticky header, at most this high. */
  maxHeight?: number;
  /** 'medium' for a short table with room (default 'small'). */
  size?: 'small' | 'medium';
  /** Rows light up under the pointer (default true). */
  hover?: boolean;
  /** A row's accessible name. */
  rowLabel?: (row: T) => string;
  /** A row's data-testid, for tests that pick one row. */
  rowTestId?: (row: T) => string;
}

const NOWRAP = { whiteSpace: 'nowrap' } as const;

function merge(...parts: (SxProps<Theme> | false | undefined)[]): SxProps<Theme> {
  const list: unknown[] = [];
  for (const part of parts) {
    if (Array.isArray(part)) list.push(...(part as unknown[]));
    else if (part) list.push(part);
  }
  return list as SxProps<Theme>;
}

/** An amount column: right-aligned on one line, in XOF. */
export function moneyColumn<T>(header: ReactNode, amount: (row: T) => unknown, sx?: SxProps<Theme>): Column<T> {
  return { header, cell: (row) => formatMoney(amount(row)), align: 'right', nowrap: true, sx };
}

/** The head of a hand-written table: a header cell per label, the last `right` of them (amounts, actions) aligned right. */
export function TableHeadRow({ labels, right = 0 }: { labels: readonly ReactNode[]; right?: number }) {
  return (
    <TableHead>
      <TableRow>
        {labels.map((label, i) => (
          <TableCell key={i} align={i >= labels.length - right ? 'right' : undefined}>
            {label}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}

/** A cell of a hand-written table holding an amount: right-aligned on one line, bold in a total row. */
export function AmountCell({ fontWeight, children }: { fontWeight?: number; children: ReactNode }) {
  return (
    <TableCell align="right" sx={fontWeight ? { fontWeight, ...NOWRAP } : NOWRAP}>
      {children}
    </TableCell>
  );
}

function cellOf<T>(column: Column<T>, row: T, index: number) {
  return (
    <TableCell
      key={index}
      align={column.align}
      sx={merge(column.nowrap && NOWRAP, column.sx, column.rowSx?.(row))}
      {...(column.rowHeader ? { component: 'th', scope: 'row' } : {})}
    >
      {column.cell(row)}
    </TableCell>
  );
}

/** A small table from column definitions: header row, one row per item, an 'Actions' column when given. */
export function DataTable<T>({
  label,
  columns,
  rows,
  groups,
  rowKey,
  actions,
  fetching,
  outlined,
  maxHeight,
  size = 'small',
  hover = true,
  rowTestId,
  rowLabel,
}: DataTableProps<T>) {
  const width = columns.length + (actions ? 1 : 0);
  const row = (item: T) => (
    <TableRow key={rowKey(item)} hover={hover} data-testid={rowTestId?.(item)} aria-label={rowLabel?.(item)}>
      {columns.map((column, index) => cellOf(column, item, index))}
      {actions ? (
        <TableCell align="right" sx={NOWRAP}>
          {actions(item)}
        </TableCell>
      ) : null}
    </TableRow>
  );
  const sx = maxHeight ? { maxHeight } : undefined;
  const table = (
    <Table size={size} stickyHeader={Boolean(maxHeight)} aria-label={label}>
      <TableHead>
        <TableRow>
          {columns.map((column, index) => (
            <TableCell key={index} align={column.align} sx={column.headerSx}>
              {column.header}
            </TableCell>
          ))}
          {actions ? <TableCell align="right">Actions</TableCell> : null}
        </TableRow>
      </TableHead>
      <TableBody sx={fetching === undefined ? undefined : { opacity: fetching ? 0.6 : 1 }}>
        {groups
          ? groups.map((group) => (
              <Fragment key={group.key}>
                <TableRow>
                  <TableCell
                    component="th"
                    scope="colgroup"
                    colSpan={width}
                    sx={{ bgcolor: 'action.hover', fontWeight: 700, color: 'primary.dark' }}
                  >
                    {group.label}
                  </TableCell>
                </TableRow>
                {group.rows.map(row)}
              </Fragment>
            ))
          : (rows ?? []).map(row)}
      </TableBody>
    </Table>
  );
  return (
    <TableContainer label={label} outlined={outlined} sx={sx}>
      {table}
    </TableContainer>
  );
}
