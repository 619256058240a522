import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { MESSAGES_RECONCILIATION, MESSAGES_STATEMENT, type LedgerLine, type StatementLine } from '@xaalis/contracts';
import { DeleteIcon, ErrorState, formatDate, formatMoney, RowAction, toastSaveError, toastSuccess, useDialog } from '@xaalis/web-kit';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  useCreateReconciliationMutation,
  useDeleteReconciliationMutation,
  useDeleteStatementLineMutation,
  useGetTreasuryAccountQuery,
  useListLedgerLinesQuery,
  useListStatementLinesQuery,
  useStartAutoMatchMutation,
  type MatchLinesFilter,
} from './api';
import { AutoMatchProgress } from './AutoMatchProgress';
import { CreateFromLineDialog } from './CreateFromLineDialog';
import { MatchPane, usePaneQuery } from './MatchPane';
import { MatchSummary } from './MatchSummary';
import { EMPTY_SELECTION, toggleLine, type Selection } from './matching';
import { Propositions } from './Propositions';
import { ReconciliationReportDialog } from './ReconciliationReportDialog';
import { StatementRulesDialog } from './StatementRulesDialog';

type Status = MatchLinesFilter['status'];
const STATUS_TABS: { value: Status; label: string }[] = [
  { value: 'unmatched', label: 'À rapprocher' },
  { value: 'matched', label: 'Rapprochées' },
];

function statementDetail(line: StatementLine) {
  if (line.manual) return 'Saisie manuelle';
  return line.suggestedAccountCode ? `Compte proposé : ${line.suggestedAccountCode}` : null;
}
const ledgerDetail = (line: LedgerLine) => `${line.entryNumber} (${line.journal})`;

export interface ReconciliationPageProps {
  companyId: string;
  accountId: string;
  /** Whether the role may reconcile (else the screen only shows). */
  canManage: boolean;
}

/**
 * The matching screen of one treasury account (`/tresorerie?rapprochement=<id>`): its statement lines
 * on the left, its ledger lines on the right, each filtered and paged by the server. Lines ticked on
 * both sides whose sums are equal are reconciled together; the automatic matching, the entries
 * created from a statement line, the labelling rules and the état de rapprochement are one click away.
 */
export default function ReconciliationPage({ companyId, accountId, canManage }: ReconciliationPageProps) {
  const args = { companyId, accountId };
  const account = useGetTreasuryAccountQuery(args);
  const [status, setStatus] = useState<Status>('unmatched');
  const statementPane = usePaneQuery(status);
  const ledgerPane = usePaneQuery(status);
  const statementLines = useListStatementLinesQuery({ ...args, ...statementPane.query });
  const ledgerLines = useListLedgerLinesQuery({ ...args, ...ledgerPane.query });
  const [statementSelection, setStatementSelection] = useState<Selection>(EMPTY_SELECTION);
  const [ledgerSelection, setLedgerSelection] = useState<Selection>(EMPTY_SELECTION);
  const [reconcile, reconcileState] = useCreateReconciliationMutation();
  const [unmatch, unmatchState] = useDeleteReconciliationMutation();
  const [deleteLine, deleteState] = useDeleteStatementLineMutation();
  const [startAutoMatch, autoState] = useStartAutoMatchMutation();
  const [jobId, setJobId] = useState<string | null>(null);
  const createEntry = useDialog<StatementLine | null>('create-entry', null);
  const rules = useDialog('rules');
  const report = useDialog('report');
  const busy = reconcileState.isLoading || unmatchState.isLoading || deleteState.isLoading;
  const selecting = canManage && status === 'unmatched';

  const clear = () => {
    setStatementSelection(EMPTY_SELECTION);
    setLedgerSelection(EMPTY_SELECTION);
  };
  const changeStatus = (next: Status) => {
    setStatus(next);
    clear();
  };

  const onReconcile = async () => {
    try {
      await reconcile({
        companyId,
        body: { statementLineIds: [...statementSelection.keys()], entryLineIds: [...ledgerSelection.keys()] },
      }).unwrap();
      toastSuccess(MESSAGES_RECONCILIATION.created);
      clear();
    } catch (error) {
      toastSaveError(error, 'Erreur lors du rapprochement');
    }
  };
  const onUnmatch = async (reconciliationId: string) => {
    try {
      await unmatch({ companyId, id: reconciliationId }).unwrap();
      toastSuccess(MESSAGES_RECONCILIATION.deleted);
    } catch (error) {
      toastSaveError(error, "Erreur lors de l'annulation du rapprochement");
    }
  };
  const onDeleteLine = async (line: StatementLine) => {
    try {
      await deleteLine({ ...args, lineId: line.id }).unwrap();
      setStatementSelection((s) => (s.has(line.id) ? toggleLine(s, line) : s));
      toastSuccess(MESSAGES_STATEMENT.lineDeleted);
    } catch (error) {
      toastSaveError(error, "Erreur lors de la suppression de l'opération");
    }
  };
  const onAutoMatch = async () => {
    try {
      const started = await startAutoMatch(args).unwrap();
      setJobId(started.jobId);
    } catch (error) {
      toastSaveError(error, 'Le rapprochement automatique n’a pas pu démarrer');
    }
  };

  const openCreateEntry = (line: StatementLine) => {
    // Once its entry is created the line is matched: it leaves the selection.
    setStatementSelection((s) => (s.has(line.id) ? toggleLine(s, line) : s));
    createEntry.show(line);
  };
  const unmatchButton = (line: { reconciliationId: string | null }) =>
    canManage && line.reconciliationId ? (
      <Button size="small" color="warning" disabled={busy} onClick={() => void onUnmatch(line.reconciliationId ?? '')}>
        Annuler le rapprochement
      </Button>
    ) : null;
  const statementActions = (line: StatementLine) =>
    status === 'matched' ? (
      unmatchButton(line)
    ) : canManage ? (
      <>
        <Button size="small" onClick={() => openCreateEntry(line)} disabled={busy}>
          Créer l'écriture
        </Button>
        {line.manual ? (
          <RowAction label={`Supprimer l'opération ${line.label}`} onClick={() => void onDeleteLine(line)} disabled={busy}>
            <DeleteIcon fontSize="small" />
          </RowAction>
        ) : null}
      </>
    ) : null;
  const onlyStatementLine = statementSelection.size === 1 ? [...statementSelection.keys()][0] : null;
  const info = account.data;

  return (
    <Box component="section" aria-label="Rapprochement bancaire" sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 240 }}>
          <Button component={RouterLink} to={{ search: '' }} size="small">
            ← Retour à la trésorerie
          </Button>
          <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
            {info ? `Rapprochement — ${info.name}` : 'Rapprochement'}
          </Typography>
          {info ? (
            <Typography variant="body2" color="text.secondary">
              {`${info.accountCode} · Journal ${info.journal} · Solde comptable ${formatMoney(info.balance)}`}
              {info.lastStatementDate && info.lastStatementBalance !== null
                ? ` · Dernier relevé ${formatMoney(info.lastStatementBalance)} au ${formatDate(info.lastStatementDate)}`
                : ' · Aucun relevé'}
            </Typography>
          ) : null}
        </Box>
        {canManage ? (
          <>
            <Button variant="outlined" onClick={() => void onAutoMatch()} disabled={autoState.isLoading}>
              Rapprochement automatique
            </Button>
            <Button onClick={() => rules.show()}>Règles</Button>
          </>
        ) : null}
        <Button onClick={() => report.show()}>État de rapprochement</Button>
      </Box>
      {account.isError && !info ? (
        <ErrorState error={account.error} onRetry={() => void account.refetch()} title="Impossible de charger le compte de trésorerie" />
      ) : null}
      {jobId ? <AutoMatchProgress key={jobId} account={args} jobId={jobId} /> : null}

      <Tabs value={status} onChange={(_e, next: Status) => changeStatus(next)} aria-label="Lignes à afficher">
        {STATUS_TABS.map((tab) => (
          <Tab key={tab.value} value={tab.value} label={tab.label} />
        ))}
      </Tabs>
      {selecting ? (
        <MatchSummary
          statement={statementSelection}
          ledger={ledgerSelection}
          busy={busy}
          onReconcile={() => void onReconcile()}
          onClear={clear}
        />
      ) : null}
      {selecting && onlyStatementLine ? (
        <Propositions
          companyId={companyId}
          lineId={onlyStatementLine}
          ledger={ledgerSelection}
          onToggle={(line) => setLedgerSelection((s) => toggleLine(s, line))}
        />
      ) : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', xl: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
        <MatchPane<StatementLine>
          title="Relevé"
          label="Lignes du relevé"
          pane={statementPane}
          list={statementLines}
          selection={selecting ? statementSelection : undefined}
          onToggle={(line) => setStatementSelection((s) => toggleLine(s, line))}
          detail={statementDetail}
          actions={canManage ? statementActions : undefined}
          empty={status === 'unmatched' ? 'Aucune opération du relevé à rapprocher' : 'Aucune opération rapprochée'}
        />
        <MatchPane<LedgerLine>
          title="Grand livre"
          label="Lignes du grand livre"
          pane={ledgerPane}
          list={ledgerLines}
          selection={selecting ? ledgerSelection : undefined}
          onToggle={(line) => setLedgerSelection((s) => toggleLine(s, line))}
          detail={ledgerDetail}
          actions={canManage && status === 'matched' ? unmatchButton : undefined}
          empty={status === 'unmatched' ? 'Aucune ligne du grand livre à rapprocher' : 'Aucune ligne rapprochée'}
        />
      </Box>

      <CreateFromLineDialog
        key={createEntry.key}
        {...createEntry.props}
        companyId={companyId}
        accountId={accountId}
        line={createEntry.value}
      />
      <StatementRulesDialog key={rules.key} {...rules.props} companyId={companyId} />
      <ReconciliationReportDialog key={report.key} {...report.props} companyId={companyId} account={info ?? null} />
    </Box>
  );
}
