import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { MESSAGES_REPORTS, type ReportColumn, type ReportLine } from '@xaalis/contracts';
import { TableContainer } from '@xaalis/web-kit';
import { Fragment, useState } from 'react';
import { formatAmount } from './format';
import { CollapseIcon, ExpandIcon } from './icons';

export interface StatementTableProps {
  /** The table's accessible name ('Bilan — Actif', 'Compte de Résultat'…). */
  label: string;
  /** Heading of the label column ('ACTIF', 'PASSIF', 'Libellé'). */
  heading: string;
  columns: ReportColumn[];
  lines: ReportLine[];
  /** An account of a line's drill-down was chosen: show its Grand livre. */
  onAccount: (accountCode: string) => void;
  dimmed?: boolean;
}

const amountCell = { whiteSpace: 'nowrap' } as const;

/** A SYSCOHADA statement: REF, label, one column per amount; titles as headings, totals in bold, detail lines open on their accounts. */
export function StatementTable({ label, heading, columns, lines, onAccount, dimmed = false }: StatementTableProps) {
  const [open, setOpen] = useState<Partial<Record<string, boolean>>>({});
  const toggle = (key: string) => setOpen((o) => ({ ...o, [key]: !o[key] }));
  const span = columns.length + 2;

  return (
    <TableContainer label={label}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 72 }}>{MESSAGES_REPORTS.refColumn}</TableCell>
            <TableCell sx={{ fontWeight: 700 }}>{heading}</TableCell>
            {columns.map((c) => (
              <TableCell key={c.key} align="right" sx={amountCell}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody sx={{ opacity: dimmed ? 0.6 : 1 }}>
          {lines.map((line, index) => {
            const key = `${index}-${line.ref ?? ''}`;
            if (line.kind === 'title')
              return (
                <TableRow key={key} sx={{ bgcolor: 'action.hover' }}>
                  <TableCell sx={{ fontWeight: 700 }}>{line.ref ?? ''}</TableCell>
                  <TableCell colSpan={span - 1} component="th" scope="rowgroup" sx={{ fontWeight: 700, textTransform: 'uppercase' }}>
                    {line.label}
                  </TableCell>
                </TableRow>
              );
            const total = line.kind === 'total';
            const accounts = line.accounts ?? [];
            const expandable = line.kind === 'detail' && accounts.length > 0;
            const expanded = expandable && open[key] === true;
            const weight = total ? 700 : undefined;
            return (
              <Fragment key={key}>
                <TableRow
                  hover={expandable}
                  onClick={expandable ? () => toggle(key) : undefined}
                  sx={{ cursor: expandable ? 'pointer' : undefined, bgcolor: total ? 'grey.100' : undefined }}
                >
                  <TableCell sx={{ fontWeight: weight, whiteSpace: 'nowrap' }}>
                    {line.ref ?? ''}
                    {expandable ? (
                      <IconButton
                        size="small"
                        sx={{ ml: 0.5, p: 0.25 }}
                        aria-expanded={expanded}
                        aria-label={`${MESSAGES_REPORTS.lineAccounts} ${line.ref ?? line.label}`}
                        onClick={(event) => {
                          event.stopPropagation();
                          toggle(key);
                        }}
                      >
                        {expanded ? <CollapseIcon fontSize="inherit" /> : <ExpandIcon fontSize="inherit" />}
                      </IconButton>
                    ) : null}
                  </TableCell>
                  <TableCell sx={{ fontWeight: weight }}>{line.label}</TableCell>
                  {columns.map((c) => (
                    <TableCell key={c.key} align="right" sx={{ ...amountCell, fontWeight: weight }}>
                      {formatAmount(line.amounts[c.key])}
                    </TableCell>
                  ))}
                </TableRow>
                {expanded
                  ? accounts.map((account) => (
                      <TableRow key={`${key}-${account.accountCode}`} sx={{ bgcolor: 'background.default' }}>
                        <TableCell />
                        <TableCell sx={{ pl: 4 }}>
                          <Link
                            component="button"
                            type="button"
                            variant="body2"
                            aria-label={`${MESSAGES_REPORTS.openLedger} ${account.accountCode}`}
                            onClick={() => onAccount(account.accountCode)}
                            sx={{ textAlign: 'left' }}
                          >
                            {`${account.accountCode} — ${account.accountName}`}
                          </Link>
                        </TableCell>
                        {columns.map((c) => (
                          <TableCell key={c.key} align="right" sx={{ ...amountCell, color: 'text.secondary' }}>
                            {formatAmount(account.amounts[c.key])}
                          </TableCell>
                        ))}
                      </TableRow>
                    ))
                  : null}
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
