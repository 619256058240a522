import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { MESSAGES_VAT, VAT_RETURN_STATUS_LABELS, type VatReturnLine, type VatReturnPreview } from '@xaalis/contracts';
import { AmountCell, formatDate, formatMoney, TableHeadRow, TableContainer } from '@xaalis/web-kit';
import { Fragment } from 'react';
import { downloadLabel, downloadVatReturn, versionLabel } from './downloads';

export const VAT_PREVIEW_MESSAGES = {
  concordance: 'Concordance avec la comptabilité (comptes 4431, 4452, 4451)',
  notOver: MESSAGES_VAT.periodNotOver,
  reopenedHint: 'Déclaration rouverte : corrigez les écritures de la période, puis déposez la déclaration rectificative.',
} as const;

/** The checks of the preview: agreement with the ledger, and the period's invoices still in draft. */
function Checks({ preview }: { preview: VatReturnPreview }) {
  const { checks, ledger, draftInvoices } = preview;
  const agrees = checks.collectedMatchesLedger && checks.deductibleMatchesLedger;
  return (
    <Box sx={{ display: 'grid', gap: 1.5, mb: 2 }}>
      {agrees ? (
        <Alert severity="success">{VAT_PREVIEW_MESSAGES.concordance}</Alert>
      ) : (
        <Alert severity="warning">
          <AlertTitle>{MESSAGES_VAT.mismatch}</AlertTitle>
          {checks.collectedMatchesLedger ? null : (
            <Typography variant="body2">
              {`TVA collectée : comptabilité ${formatMoney(ledger.collected)}, déclaration ${formatMoney(preview.collected)}`}
            </Typography>
          )}
          {checks.deductibleMatchesLedger ? null : (
            <Typography variant="body2">
              {`TVA déductible : comptabilité ${formatMoney(ledger.deductible)}, déclaration ${formatMoney(preview.deductible)}`}
            </Typography>
          )}
        </Alert>
      )}
      {draftInvoices.length > 0 ? (
        <Alert severity="warning">
          <AlertTitle>{MESSAGES_VAT.draftInvoices}</AlertTitle>
          <Box component="ul" aria-label="Factures en brouillon" sx={{ m: 0, pl: 2.5 }}>
            {draftInvoices.map((i) => (
              <li key={i.id}>
                <Typography variant="body2">{`${i.number} — ${formatDate(i.date)} — ${formatMoney(i.total)}`}</Typography>
              </li>
            ))}
          </Box>
        </Alert>
      ) : null}
    </Box>
  );
}

/** The return in force for the period: when and under which reference it was filed, its files, 'Rouvrir pour rectification'. */
function Declared({
  companyId,
  declared,
  canReopen,
  onReopen,
}: {
  companyId: string;
  declared: NonNullable<VatReturnPreview['declared']>;
  canReopen: boolean;
  onReopen: () => void;
}) {
  const reopened = declared.status === 'reopened';
  return (
    <Alert
      severity={reopened ? 'warning' : 'info'}
      sx={{ mb: 2, '& .MuiAlert-message': { width: '100%' } }}
      role="status"
      aria-label="Déclaration déposée"
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {`Déclarée le ${formatDate(declared.filedOn)}${declared.reference ? ` (réf. ${declared.reference})` : ''}`}
          </Typography>
          {declared.version > 1 ? <Chip size="small" label={versionLabel(declared.version)} /> : null}
          {reopened ? <Chip size="small" color="warning" label={VAT_RETURN_STATUS_LABELS.reopened} /> : null}
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {(['pdf', 'xlsx'] as const).map((format) => (
            <Button
              key={format}
              size="small"
              variant="outlined"
              aria-label={downloadLabel(declared, format)}
              onClick={() => void downloadVatReturn(companyId, declared, format)}
            >
              {format.toUpperCase()}
            </Button>
          ))}
          {canReopen && !reopened ? (
            <Button size="small" color="warning" variant="outlined" onClick={onReopen}>
              Rouvrir pour rectification
            </Button>
          ) : null}
        </Box>
      </Box>
      {reopened ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {VAT_PREVIEW_MESSAGES.reopenedHint}
        </Typography>
      ) : null}
    </Alert>
  );
}

/** The return's lines: each opens the entries behind it. */
function Lines({ lines, onLine }: { lines: readonly VatReturnLine[]; onLine: (line: VatReturnLine) => void }) {
  return (
    <TableContainer label="Lignes de la déclaration">
      <Table size="small" aria-label="Lignes de la déclaration">
        <TableHeadRow labels={['Libellé', 'Base imposable', 'TVA']} right={2} />
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.code} hover onClick={() => onLine(line)} sx={{ cursor: 'pointer' }}>
              <TableCell component="th" scope="row">
                <Link
                  component="button"
                  type="button"
                  variant="body2"
                  underline="hover"
                  title="Voir les écritures"
                  onClick={(event) => {
                    event.stopPropagation();
                    onLine(line);
                  }}
                  sx={{ textAlign: 'left' }}
                >
                  {line.label}
                </Link>
              </TableCell>
              <AmountCell>{formatMoney(line.base)}</AmountCell>
              <AmountCell>{formatMoney(line.vat)}</AmountCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The figures that make the balance: collected, deductible, withheld, credit brought forward, then VAT due or credit carried forward. */
function Summary({ preview }: { preview: VatReturnPreview }) {
  const credit = Number(preview.creditCarriedForward) > 0;
  const rows: [string, string][] = [
    ['TVA collectée', preview.collected],
    ['TVA déductible', preview.deductible],
    ['TVA retenue à la source', preview.withheld],
    ['Crédit reporté de la période précédente', preview.creditBroughtForward],
  ];
  return (
    <Box
      role="group"
      aria-label="Synthèse de la déclaration"
      sx={{ mt: 2, display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 4, rowGap: 0.5, justifyContent: 'end' }}
    >
      {rows.map(([label, amount]) => (
        <Fragment key={label}>
          <Typography variant="body2">{label}</Typography>
          <Typography variant="body2" align="right" sx={{ whiteSpace: 'nowrap' }}>
            {formatMoney(amount)}
          </Typography>
        </Fragment>
      ))}
      <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
        {credit ? 'Crédit de TVA à reporter' : 'TVA due'}
      </Typography>
      <Typography
        variant="subtitle1"
        align="right"
        data-testid="vat-balance"
        color={credit ? 'success.main' : undefined}
        sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}
      >
        {formatMoney(credit ? preview.creditCarriedForward : preview.due)}
      </Typography>
    </Box>
  );
}

export interface VatPreviewViewProps {
  companyId: string;
  preview: VatReturnPreview;
  /** The role may declare and reopen. */
  canDeclare: boolean;
  onLine: (line: VatReturnLine) => void;
  onDeclare: () => void;
  onReopen: () => void;
}

/** The preview of a period's return: checks, the return on file, lines, balance and 'Déclarer'. */
export function VatPreviewView({ companyId, preview, canDeclare, onLine, onDeclare, onReopen }: VatPreviewViewProps) {
  const { declared } = preview;
  const hint = preview.declarable ? null : declared ? null : VAT_PREVIEW_MESSAGES.notOver;
  return (
    <Box>
      <Checks preview={preview} />
      {declared ? <Declared companyId={companyId} declared={declared} canReopen={canDeclare} onReopen={onReopen} /> : null}
      <Lines lines={preview.lines} onLine={onLine} />
      <Summary preview={preview} />
      {canDeclare ? (
        <Box sx={{ mt: 2, display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5 }}>
          <Button variant="contained" onClick={onDeclare} disabled={!preview.declarable}>
            Déclarer
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
