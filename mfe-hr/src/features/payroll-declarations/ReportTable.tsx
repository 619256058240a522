import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { AmountCell, formatMoney, TableHeadRow, TableContainer } from '@xaalis/web-kit';
import type { ReactNode } from 'react';

/** A text column of a report (its cells before the amounts); `rowHeader` names the row. */
export interface TextColumn<L> {
  header: string;
  cell: (line: L) => ReactNode;
  align?: 'right';
  rowHeader?: boolean;
}

/**
 * A report of one line per employee (the payroll journal, the annual declaration): the text
 * columns, then the amounts in XOF, and a totals row of every amount ('Total (n salariés)').
 */
export function ReportTable<L extends { employeeId: string }, K extends string & keyof L>({
  label,
  columns,
  amounts,
  lines,
  totals,
}: {
  label: string;
  columns: readonly TextColumn<L>[];
  /** The amount columns: their header and the key a line and the totals share. */
  amounts: readonly { header: string; key: K }[];
  lines: readonly L[];
  totals: Record<K, string> & { employees: number };
}) {
  return (
    <TableContainer label={label}>
      <Table size="small" aria-label={label}>
        <TableHeadRow labels={[...columns.map((c) => c.header), ...amounts.map((a) => a.header)]} right={amounts.length} />
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.employeeId} hover>
              {columns.map((c) => (
                <TableCell
                  key={c.header}
                  align={c.align}
                  {...(c.rowHeader ? { component: 'th', scope: 'row' } : { sx: { whiteSpace: 'nowrap' } })}
                >
                  {c.cell(line)}
                </TableCell>
              ))}
              {amounts.map((a) => (
                <AmountCell key={a.key}>{formatMoney(line[a.key])}</AmountCell>
              ))}
            </TableRow>
          ))}
          <TableRow>
            <TableCell component="th" scope="row" colSpan={columns.length} sx={{ fontWeight: 700 }}>
              {`Total (${totals.employees} salarié${totals.employees > 1 ? 's' : ''})`}
            </TableCell>
            {amounts.map((a) => (
              <AmountCell key={a.key} fontWeight={700}>
                {formatMoney(totals[a.key])}
              </AmountCell>
            ))}
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}
