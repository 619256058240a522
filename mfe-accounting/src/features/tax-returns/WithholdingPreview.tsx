import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { MESSAGES_WITHHOLDING, vatPeriodLabel, type WithholdingPreview, type WithholdingStatementSummary } from '@xaalis/contracts';
import { AmountCell, EmptyState, formatDate, formatMoney, TableHeadRow, TableContainer } from '@xaalis/web-kit';
import { downloadWithholdingStatement, withholdingDownloadLabel } from './downloads';

/** The PDF and XLSX buttons of a filed bordereau. */
export function WithholdingFileButtons({
  companyId,
  statement,
  variant,
}: {
  companyId: string;
  statement: WithholdingStatementSummary;
  variant?: 'outlined';
}) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, justifyContent: 'flex-end' }}>
      {(['pdf', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          size="small"
          variant={variant}
          aria-label={withholdingDownloadLabel(statement, format)}
          onClick={() => void downloadWithholdingStatement(companyId, statement, format)}
        >
          {format.toUpperCase()}
        </Button>
      ))}
    </Box>
  );
}

/** The bordereau on file for the period (or one covering part of it): when and under which reference it was filed, its files. */
function Declared({ companyId, period, declared }: { companyId: string; period: string; declared: WithholdingStatementSummary }) {
  // A quarter's preview may meet a month's bordereau (or the reverse): it says which period it covers.
  const other = declared.period !== period ? ` pour ${vatPeriodLabel(declared.period)}` : '';
  return (
    <Alert severity="info" sx={{ mb: 2, '& .MuiAlert-message': { width: '100%' } }} role="status" aria-label="Bordereau déposé">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {`Déposé le ${formatDate(declared.filedOn)}${declared.reference ? ` (réf. ${declared.reference})` : ''}${other}`}
        </Typography>
        <WithholdingFileButtons companyId={companyId} statement={declared} variant="outlined" />
      </Box>
    </Alert>
  );
}

/** The beneficiaries of the bordereau, and their total. */
function Beneficiaries({ preview }: { preview: WithholdingPreview }) {
  return (
    <TableContainer label="Bénéficiaires des retenues">
      <Table size="small" aria-label="Bénéficiaires des retenues">
        <TableHeadRow labels={['Bénéficiaire', 'NINEA', 'Paiements', 'Montant brut payé', 'Retenue']} right={3} />
        <TableBody>
          {preview.beneficiaries.map((b) => (
            <TableRow key={b.thirdPartyId} hover>
              <TableCell component="th" scope="row">
                {b.name}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{b.ninea || '-'}</TableCell>
              <TableCell align="right">{b.payments}</TableCell>
              <AmountCell>{formatMoney(b.gross)}</AmountCell>
              <AmountCell>{formatMoney(b.withheld)}</AmountCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell component="th" scope="row" colSpan={3} sx={{ fontWeight: 700 }}>
              Total
            </TableCell>
            <AmountCell fontWeight={700}>{formatMoney(preview.totalGross)}</AmountCell>
            <AmountCell fontWeight={700}>{formatMoney(preview.totalWithheld)}</AmountCell>
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export interface WithholdingPreviewViewProps {
  companyId: string;
  preview: WithholdingPreview;
  /** The role may file the bordereau. */
  canDeclare: boolean;
  onDeclare: () => void;
}

/** The bordereau of a period: the one on file, the beneficiaries with their total (or none), 'Déposer le bordereau'. */
export function WithholdingPreviewView({ companyId, preview, canDeclare, onDeclare }: WithholdingPreviewViewProps) {
  const { declared } = preview;
  const hint = preview.declarable || declared ? null : MESSAGES_WITHHOLDING.periodNotOver;
  return (
    <Box>
      {declared ? <Declared companyId={companyId} period={preview.period} declared={declared} /> : null}
      {preview.beneficiaries.length ? <Beneficiaries preview={preview} /> : <EmptyState title={MESSAGES_WITHHOLDING.nothing} />}
      {canDeclare ? (
        <Box sx={{ mt: 2, display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5 }}>
          <Button variant="contained" onClick={onDeclare} disabled={!preview.declarable}>
            Déposer le bordereau
          </Button>
          {hint ? (
            <Typography variant="caption" color="text.secondary">
              {hint}
            </Typography>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}
