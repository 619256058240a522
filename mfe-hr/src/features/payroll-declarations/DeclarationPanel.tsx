import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import {
  MESSAGES_PAYROLL_DECLARATION,
  PAYROLL_DECLARATION_STATUS_LABELS,
  payrollPeriodLabel,
  type DeclarationChecks,
  type PayrollDeclarationKind,
  type PayrollDeclarationPreview,
  type PayrollDeclarationSummary,
} from '@xaalis/contracts';
import { compare } from '@xaalis/domain';
import {
  ConfirmDialog,
  EmptyState,
  ErrorState,
  formatDate,
  formatMoney,
  LoadingState,
  ReadOnlyNotice,
  toastSuccess,
  useCan,
} from '@xaalis/web-kit';
import { Fragment, useState, type ReactNode } from 'react';
import { useReopenPayrollDeclarationMutation } from './api';
import { declarationRefusal, DeclareDialog } from './DeclareDialog';
import { DeclarationPayments } from './DeclarationPayments';
import { declarationFileLabel, downloadDeclaration, downloadDeclarationPreview, FileButtons } from './downloads';
import { FiledDeclarationsTable } from './FiledDeclarationsTable';
import { PeriodPicker } from './PeriodPicker';
import type { PeriodUnit } from './period';
import { DECLARATION_MESSAGES, KIND_TEXTS } from './texts';

/** What every preview holds, whatever its kind. */
type AnyPreview = PayrollDeclarationPreview<{ period: string; start: string; end: string; employees: readonly unknown[] }>;

/** The preview's read (an RTK Query result). */
export interface PreviewRead<P> {
  currentData?: P;
  isFetching: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/** The accounts where the declaration and the PA entries disagree, with both figures. */
function mismatches(checks: DeclarationChecks): { account: string; ledger: string; declaration: string }[] {
  const ledger = checks.ledger ?? {};
  const accounts = [...new Set([...Object.keys(checks.declaration), ...Object.keys(ledger)])].sort();
  return accounts
    .map((account) => ({ account, ledger: ledger[account] ?? '0.00', declaration: checks.declaration[account] ?? '0.00' }))
    .filter((a) => compare(a.ledger, a.declaration) !== 0);
}

/** The check against the ledger: agreement, the accounts that differ, or the accounting service down. */
export function LedgerCheck({ checks }: { checks: DeclarationChecks }) {
  if (checks.matchesLedger === null) return <Alert severity="info">{MESSAGES_PAYROLL_DECLARATION.ledgerUnavailable}</Alert>;
  if (checks.matchesLedger) return <Alert severity="success">{MESSAGES_PAYROLL_DECLARATION.matchesLedger}</Alert>;
  return (
    <Alert severity="warning">
      <AlertTitle>{MESSAGES_PAYROLL_DECLARATION.mismatchLedger}</AlertTitle>
      <Box component="ul" aria-label="Écarts par compte" sx={{ m: 0, pl: 2.5 }}>
        {mismatches(checks).map((m) => (
          <li key={m.account}>
            <Typography variant="body2">
              {`Compte ${m.account} : comptabilité ${formatMoney(m.ledger)}, déclaration ${formatMoney(m.declaration)}`}
            </Typography>
          </li>
        ))}
      </Box>
    </Alert>
  );
}

/** The declaration in force for the period (or covering part of it): when, which version, its files, 'Rouvrir'. */
function Declared({
  companyId,
  period,
  declared,
  canReopen,
  onReopen,
}: {
  companyId: string;
  period: string;
  declared: PayrollDeclarationSummary;
  canReopen: boolean;
  onReopen: () => void;
}) {
  const reopened = declared.status !== 'declared';
  // A quarter's preview may meet a month's declaration (or the reverse): it says which period it covers.
  const other = declared.period !== period ? ` pour ${payrollPeriodLabel(declared.period)}` : '';
  return (
    <Alert
      severity={reopened ? 'warning' : 'info'}
      role="status"
      aria-label="Déclaration déposée"
      sx={{ mb: 2, '& .MuiAlert-message': { width: '100%' } }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {`Déclarée le ${formatDate(declared.filedOn)} (version ${declared.version})${declared.reference ? `, réf. ${declared.reference}` : ''}${other}`}
          </Typography>
          {reopened ? <Chip size="small" color="warning" label={PAYROLL_DECLARATION_STATUS_LABELS[declared.status]} /> : null}
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <FileButtons
            variant="outlined"
            label={(format) => declarationFileLabel(declared, format)}
            download={(format) => downloadDeclaration(companyId, declared, format)}
          />
          {canReopen && !reopened ? (
            <Button size="small" color="warning" variant="outlined" onClick={onReopen}>
              Rouvrir
            </Button>
          ) : null}
        </Box>
      </Box>
      {reopened ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {MESSAGES_PAYROLL_DECLARATION.reopened}
        </Typography>
      ) : null}
    </Alert>
  );
}

/** The amounts to pay, right-aligned under the table. */
function Amounts({ amounts }: { amounts: readonly [string, string][] }) {
  return (
    <Box
      role="group"
      aria-label="Montants à payer"
      sx={{ mt: 2, display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 4, rowGap: 0.5, justifyContent: 'end' }}
    >
      {amounts.map(([label, amount]) => (
        <Fragment key={label}>
          <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
            {label}
          </Typography>
          <Typography variant="subtitle1" align="right" data-testid={`amount-${label}`} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
            {formatMoney(amount)}
          </Typography>
        </Fragment>
      ))}
    </Box>
  );
}

export interface DeclarationPanelProps<P extends AnyPreview> {
  companyId: string;
  kind: PayrollDeclarationKind;
  /** The units the period picker offers (a month, or a quarter too for the social declaration). */
  units: readonly PeriodUnit[];
  period: string;
  onPeriod: (period: string) => void;
  query: PreviewRead<P>;
  /** The employees' table, with its totals row. */
  table: (preview: P) => ReactNode;
  /** What is paid for it ('À payer à l'IPRES'…). */
  amounts: (preview: P) => readonly [string, string][];
  /** Notices of the kind above the table (the quarterly filing hint). */
  notices?: (preview: P) => ReactNode;
}

/**
 * One declaration of a period: the picker, the preview (checks, drafts left out, the declaration
 * in force with 'Rouvrir', its payments and 'Payer', the employees, the amounts to pay, PDF/XLSX,
 * 'Déclarer'), then the declarations filed. 'Déclarer', 'Rouvrir' and 'Payer' need the right to file (payroll).
 */
export function DeclarationPanel<P extends AnyPreview>({
  companyId,
  kind,
  units,
  period,
  onPeriod,
  query,
  table,
  amounts,
  notices,
}: DeclarationPanelProps<P>) {
  const texts = KIND_TEXTS[kind];
  const canDeclare = useCan(kind === 'social' ? '/api/companies/:id/social-declarations' : '/api/companies/:id/salary-tax-statements');
  const [declaring, setDeclaring] = useState(false);
  const [reopening, setReopening] = useState(false);
  const [reopenError, setReopenError] = useState<string | null>(null);
  const [reopen, reopenState] = useReopenPayrollDeclarationMutation();
  const preview = query.currentData;
  const label = payrollPeriodLabel(period);

  const onReopen = async () => {
    if (!preview?.declared) return;
    setReopenError(null);
    try {
      await reopen({ companyId, kind, id: preview.declared.id }).unwrap();
      toastSuccess(MESSAGES_PAYROLL_DECLARATION.reopened);
      setReopening(false);
    } catch (error) {
      setReopenError(declarationRefusal(error, 'Erreur lors de la réouverture de la déclaration'));
    }
  };

  let body: ReactNode = null;
  if (!preview && query.isFetching) body = <LoadingState rows={4} />;
  else if (!preview && query.error)
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} title={texts.previewError} />;
  else if (preview) {
    const { declared } = preview;
    const empty = preview.employees.length === 0;
    const hint =
      preview.declarable || declared?.status === 'declared' || empty ? null : DECLARATION_MESSAGES.notOver(formatDate(preview.end));
    body = (
      <Box>
        <Box sx={{ display: 'grid', gap: 1.5, mb: 2 }}>
          <LedgerCheck checks={preview.checks} />
          {preview.draftPayslips > 0 ? <Alert severity="warning">{DECLARATION_MESSAGES.drafts(preview.draftPayslips)}</Alert> : null}
          {empty ? null : notices?.(preview)}
        </Box>
        {declared ? (
          <Declared
            companyId={companyId}
            period={preview.period}
            declared={declared}
            canReopen={canDeclare}
            onReopen={() => {
              setReopenError(null);
              setReopening(true);
            }}
          />
        ) : null}
        {declared?.status === 'declared' ? <DeclarationPayments companyId={companyId} declared={declared} canPay={canDeclare} /> : null}
        {empty ? <EmptyState title={MESSAGES_PAYROLL_DECLARATION.nothingToDeclare} /> : table(preview)}
        {empty ? null : <Amounts amounts={amounts(preview)} />}
        <Box sx={{ mt: 2, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', justifyContent: 'flex-end' }}>
          <FileButtons
            variant="outlined"
            label={(format) => `${format.toUpperCase()} de l’aperçu ${label}`}
            download={(format) => downloadDeclarationPreview(companyId, kind, preview.period, format)}
          />
          {canDeclare ? (
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5 }}>
              <Button variant="contained" onClick={() => setDeclaring(true)} disabled={!preview.declarable}>
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
      </Box>
    );
  }

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="h2" component="h2">{`${texts.title} — ${label}`}</Typography>
        <PeriodPicker units={units} period={period} onChange={onPeriod} />
      </Box>
      {canDeclare ? null : <ReadOnlyNotice />}
      {body}
      <FiledDeclarationsTable companyId={companyId} kind={kind} />
      {declaring && canDeclare ? (
        <DeclareDialog
          companyId={companyId}
          kind={kind}
          period={period}
          corrective={Boolean(preview?.declared)}
          onClose={() => setDeclaring(false)}
        />
      ) : null}
      {canDeclare ? (
        <ConfirmDialog
          open={reopening}
          title={`Rouvrir la déclaration de ${preview?.declared ? payrollPeriodLabel(preview.declared.period) : label} ?`}
          text={DECLARATION_MESSAGES.reopenText}
          confirmLabel="Rouvrir"
          danger={false}
          busy={reopenState.isLoading}
          error={reopenError}
          onConfirm={() => void onReopen()}
          onClose={() => setReopening(false)}
        />
      ) : null}
    </Box>
  );
}
