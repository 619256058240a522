import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { StatementPreview } from '@xaalis/contracts';
import { isZero } from '@xaalis/domain';
import { AmountCell, CounterRow, CounterTile, formatDate, formatMoney, formatNumber, TableHeadRow, TableContainer } from '@xaalis/web-kit';

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n > 1 ? many : one}`;
const balance = (value: string | null) => (value === null ? 'Non indiqué' : formatMoney(value));

/** 'du 01/03/2026 au 31/03/2026', or what is known of it. */
export function periodText(start: string | null, end: string | null): string {
  if (start && end) return start === end ? `le ${formatDate(start)}` : `du ${formatDate(start)} au ${formatDate(end)}`;
  if (start || end) return `le ${formatDate(start ?? end)}`;
  return 'Période inconnue';
}

/** The gap with the previous statement, shown first and in full: a missing statement or a wrong file. */
function GapAlert({ preview }: { preview: StatementPreview }) {
  if (preview.gap === null || isZero(preview.gap)) return null;
  return (
    <Alert severity="warning" variant="filled" role="alert">
      <AlertTitle>{`Écart de ${formatMoney(preview.gap)} avec le relevé précédent`}</AlertTitle>
      {`Solde de clôture du relevé précédent : ${balance(preview.previousClosingBalance)} ; solde d'ouverture de ce relevé : ${balance(preview.openingBalance)}. Vérifiez qu'aucun relevé ne manque avant de confirmer.`}
    </Alert>
  );
}

/** What the server read in a statement file: counts, balances, period, warnings, per-line errors and the first lines. */
export function StatementPreviewView({ preview }: { preview: StatementPreview }) {
  const { errors, errorCount, warnings } = preview;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {`${preview.fileName} · ${periodText(preview.startDate, preview.endDate)}`}
      </Typography>
      <GapAlert preview={preview} />
      <CounterRow>
        <CounterTile label="Opérations" value={formatNumber(preview.lineCount)} loading={false} />
        <CounterTile label="Solde d'ouverture" value={balance(preview.openingBalance)} loading={false} />
        <CounterTile label="Total des opérations" value={formatMoney(preview.total)} loading={false} />
        <CounterTile label="Solde de clôture" value={balance(preview.closingBalance)} loading={false} />
      </CounterRow>

      {warnings.length > 0 ? (
        <Alert severity="warning">
          <AlertTitle>{plural(warnings.length, 'avertissement', 'avertissements')}</AlertTitle>
          <Box component="ul" aria-label="Avertissements" sx={{ m: 0, pl: 2.5 }}>
            {warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </Box>
        </Alert>
      ) : null}

      {errorCount > 0 ? (
        <Box component="section" aria-label="Erreurs du relevé">
          <Typography variant="subtitle1" component="h3" color="error" sx={{ fontWeight: 600 }}>
            {plural(errorCount, 'erreur dans le fichier', 'erreurs dans le fichier')}
          </Typography>
          <TableContainer label="Erreurs par ligne" sx={{ maxHeight: 240 }}>
            <Table size="small" stickyHeader aria-label="Erreurs par ligne">
              <TableHeadRow labels={['Ligne', 'Message']} />
              <TableBody>
                {errors.map((error, i) => (
                  <TableRow key={`${error.line}-${i}`}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{error.line}</TableCell>
                    <TableCell>{error.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {errorCount > errors.length ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {`… et ${plural(errorCount - errors.length, 'autre erreur', 'autres erreurs')}`}
            </Typography>
          ) : null}
        </Box>
      ) : null}

      {preview.preview.length > 0 ? (
        <Box component="section" aria-label="Aperçu des opérations">
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {preview.lineCount > preview.preview.length
              ? `Aperçu : les ${formatNumber(preview.preview.length)} premières opérations sur ${formatNumber(preview.lineCount)}`
              : 'Aperçu des opérations'}
          </Typography>
          <TableContainer label="Opérations du relevé" sx={{ maxHeight: 320 }}>
            <Table size="small" stickyHeader aria-label="Opérations du relevé">
              <TableHeadRow labels={['Ligne', 'Date', 'Libellé', 'Référence', 'Montant']} right={1} />
              <TableBody>
                {preview.preview.map((line) => (
                  <TableRow key={line.line}>
                    <TableCell sx={{ color: 'text.secondary' }}>{line.line}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(line.date)}</TableCell>
                    <TableCell>{line.label}</TableCell>
                    <TableCell>{line.reference ?? '-'}</TableCell>
                    <AmountCell>{formatMoney(line.amount)}</AmountCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Box>
      ) : null}
    </Box>
  );
}
