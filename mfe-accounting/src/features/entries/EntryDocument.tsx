import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { journalLabel, type AccountingEntry } from '@xaalis/contracts';
import { isZero } from '@xaalis/domain';
import { AmountCell, formatDate, formatMoney, TableHeadRow } from '@xaalis/web-kit';
import { AuditTrail } from '../audit';
import { STATUS_COLORS, statusLabel } from './status';

/** An amount, or '-' when it is zero (the detail panel of the specification). */
export function amountOrDash(value: string | null | undefined): string {
  try {
    return value && !isZero(value) ? formatMoney(value) : '-';
  } catch {
    return '-';
  }
}

/** One entry as a document: header facts, its lines and the total (the detail panel and the printed page). */
export function EntryDocument({ entry, companyName }: { entry: AccountingEntry; companyName?: string }) {
  const lines = entry.lines ?? [];
  const facts: { label: string; value: string }[] = [
    { label: 'Date', value: formatDate(entry.date) },
    { label: 'Journal', value: entry.journal ? `${entry.journal} — ${journalLabel(entry.journal)}` : '-' },
    { label: 'Description', value: entry.description },
    { label: 'Référence', value: entry.reference || '-' },
    { label: 'Total', value: formatMoney(entry.total) },
  ];
  return (
    <Box>
      {companyName ? (
        <Typography variant="overline" component="p" color="text.secondary">
          {companyName}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
        <Typography variant="h3" component="p" sx={{ fontFamily: 'monospace' }}>
          {entry.number}
        </Typography>
        <Chip size="small" label={statusLabel(entry.status)} color={STATUS_COLORS[entry.status] ?? 'default'} />
        {entry.reversalOfId ? <Chip size="small" variant="outlined" label="Contre-passation" /> : null}
      </Box>
      <Box
        component="dl"
        sx={{ m: 0, mb: 2, display: 'grid', gridTemplateColumns: { xs: 'auto 1fr', sm: 'auto 1fr auto 1fr' }, columnGap: 2, rowGap: 1 }}
      >
        {facts.map((f) => (
          <Box key={f.label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {f.label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
              {f.value}
            </Typography>
          </Box>
        ))}
      </Box>
      {entry.status === 'cancelled' ? (
        <Typography variant="body2" color="error" sx={{ mb: 2 }}>
          Écriture annulée : une écriture de contre-passation a été passée.
        </Typography>
      ) : null}
      <Table size="small" aria-label={`Lignes de l'écriture ${entry.number}`}>
        <TableHeadRow labels={['Compte', 'Intitulé du compte', 'Libellé', 'Débit', 'Crédit']} right={2} />
        <TableBody>
          {lines.map((line, i) => (
            <TableRow key={line.id ?? i}>
              <TableCell sx={{ fontFamily: 'monospace' }}>{line.account?.code ?? '-'}</TableCell>
              <TableCell>{line.account?.name ?? '-'}</TableCell>
              <TableCell>{line.description}</TableCell>
              <AmountCell>{amountOrDash(line.debit)}</AmountCell>
              <AmountCell>{amountOrDash(line.credit)}</AmountCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell colSpan={3} sx={{ fontWeight: 700 }}>
              Total
            </TableCell>
            <AmountCell fontWeight={700}>{formatMoney(entry.total)}</AmountCell>
            <AmountCell fontWeight={700}>{formatMoney(entry.total)}</AmountCell>
          </TableRow>
        </TableBody>
      </Table>
      <AuditTrail
        steps={[
          { label: 'Créée par', userId: entry.createdBy, at: entry.createdAt },
          { label: 'Validée par', userId: entry.validatedBy, at: entry.validatedAt },
          { label: 'Annulée par', userId: entry.cancelledBy, at: entry.cancelledAt },
        ]}
      />
    </Box>
  );
}
