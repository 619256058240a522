import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { journalLabel, MESSAGES_ENTRY_IMPORT, type EntryImportPreview } from '@xaalis/contracts';
import { AmountCell, CounterRow, CounterTile, formatDate, formatMoney, formatNumber, TableHeadRow, TableContainer } from '@xaalis/web-kit';
import { Fragment } from 'react';

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n > 1 ? many : one}`;
const amount = (value: string) => (Number(value) === 0 ? '-' : formatMoney(value));

/** What the server read in the file: counts and totals, the first entries with their lines, the errors per line. */
export function ImportPreview({ preview }: { preview: EntryImportPreview }) {
  const { entries, errors, errorCount } = preview;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <CounterRow>
        <CounterTile label="Écritures" value={formatNumber(preview.entryCount)} loading={false} />
        <CounterTile label="Lignes" value={formatNumber(preview.lineCount)} loading={false} />
        <CounterTile label="Total débit" value={formatMoney(preview.totalDebit)} loading={false} />
        <CounterTile label="Total crédit" value={formatMoney(preview.totalCredit)} loading={false} />
      </CounterRow>

      {errorCount > 0 ? (
        <Box component="section" aria-label="Erreurs du fichier">
          <Typography variant="subtitle1" component="h3" color="error" sx={{ fontWeight: 600 }}>
            {plural(errorCount, 'erreur dans le fichier', 'erreurs dans le fichier')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5, maxHeight: 240, overflowY: 'auto' }}>
            {errors.map((error, i) => (
              <Typography component="li" variant="body2" key={`${error.line}-${i}`}>
                <strong>{`Ligne ${error.line}`}</strong>
                {` : ${error.message}`}
              </Typography>
            ))}
          </Box>
          {errorCount > errors.length ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {MESSAGES_ENTRY_IMPORT.moreErrors(errorCount - errors.length)}
            </Typography>
          ) : null}
        </Box>
      ) : null}

      {entries.length > 0 ? (
        <Box component="section" aria-label="Aperçu des écritures">
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {preview.entryCount > entries.length
              ? `Aperçu : les ${formatNumber(entries.length)} premières écritures sur ${formatNumber(preview.entryCount)}`
              : 'Aperçu des écritures'}
          </Typography>
          <TableContainer label="Écritures du fichier" sx={{ maxHeight: 360 }}>
            <Table size="small" stickyHeader aria-label="Écritures du fichier">
              <TableHeadRow labels={['Ligne', 'Compte', 'Libellé', 'Tiers', 'Débit', 'Crédit']} right={2} />
              <TableBody>
                {entries.map((entry, i) => (
                  <Fragment key={`${entry.journal}-${entry.date}-${entry.key}-${i}`}>
                    <TableRow sx={{ bgcolor: 'action.hover' }}>
                      <TableCell colSpan={4} sx={{ fontWeight: 600 }}>
                        {`${formatDate(entry.date)} · ${entry.journal} (${journalLabel(entry.journal)})`}
                        {entry.key ? ` · Pièce ${entry.key}` : ''}
                        {entry.description ? ` · ${entry.description}` : ''}
                        {entry.reference ? ` · Réf. ${entry.reference}` : ''}
                        {entry.balanced ? null : <Chip size="small" color="error" label="Déséquilibrée" sx={{ ml: 1 }} />}
                      </TableCell>
                      <AmountCell fontWeight={600}>{formatMoney(entry.totalDebit)}</AmountCell>
                      <AmountCell fontWeight={600}>{formatMoney(entry.totalCredit)}</AmountCell>
                    </TableRow>
                    {entry.lines.map((line) => (
                      <TableRow key={line.line}>
                        <TableCell sx={{ color: 'text.secondary' }}>{line.line}</TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          <Box component="span" sx={{ fontFamily: 'monospace' }}>
                            {line.accountCode}
                          </Box>
                          {line.accountName ? ` ${line.accountName}` : ''}
                        </TableCell>
                        <TableCell>{line.label}</TableCell>
                        <TableCell>{line.thirdPartyCode ?? '-'}</TableCell>
                        <AmountCell>{amount(line.debit)}</AmountCell>
                        <AmountCell>{amount(line.credit)}</AmountCell>
                      </TableRow>
                    ))}
                    {entry.lineCount > entry.lines.length ? (
                      <TableRow>
                        <TableCell />
                        <TableCell colSpan={5} sx={{ color: 'text.secondary' }}>
                          {`… et ${plural(entry.lineCount - entry.lines.length, 'autre ligne', 'autres lignes')}`}
                        </TableCell>
                      </TableRow>
                    ) : null}
                  </Fragment>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Box>
      ) : null}
    </Box>
  );
}
