import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { MOBILE_MONEY_PROVIDER_LABELS, TREASURY_ACCOUNT_KIND_LABELS, type TreasuryAccount } from '@xaalis/contracts';
import { isNegative } from '@xaalis/domain';
import { EmptyState, ErrorState, formatDate, formatMoney, formatNumber, LoadingState } from '@xaalis/web-kit';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useListTreasuryAccountsQuery } from './api';

export const NO_STATEMENT = 'Aucun relevé';

/** What a card offers to do with its account (the page opens the dialogs). */
export interface TreasuryAccountActions {
  onImport: (account: TreasuryAccount) => void;
  onManualLine: (account: TreasuryAccount) => void;
  onReport: (account: TreasuryAccount) => void;
}

/** The address of an account's matching screen, on the treasury page: `?rapprochement=<id>`. */
export const reconciliationSearch = (accountId: string) => `?${new URLSearchParams({ rapprochement: accountId }).toString()}`;

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n > 1 ? many : one}`;

/** The bank and IBAN, or the operator and wallet number, when known. */
function accountDetails(account: TreasuryAccount): string | null {
  if (account.kind === 'bank') return [account.bankName, account.iban].filter(Boolean).join(' · ') || null;
  if (account.kind === 'mobile_money')
    return (
      [account.provider ? MOBILE_MONEY_PROVIDER_LABELS[account.provider] : null, account.walletNumber].filter(Boolean).join(' · ') || null
    );
  return null;
}

function Figure({ label, value, caption, negative }: { label: string; value: string; caption?: string; negative?: boolean }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body1" sx={{ fontWeight: 700, whiteSpace: 'nowrap', color: negative ? 'error.main' : 'text.primary' }}>
        {value}
      </Typography>
      {caption ? (
        <Typography variant="caption" color="text.secondary">
          {caption}
        </Typography>
      ) : null}
    </Box>
  );
}

/** One treasury account: what it is, its ledger and statement balances, what is left to reconcile, and its actions. */
export function TreasuryAccountCard({
  account,
  actions,
  canManage,
}: {
  account: TreasuryAccount;
  actions: TreasuryAccountActions;
  canManage: boolean;
}) {
  const headingId = useId();
  const details = accountDetails(account);
  const left = account.unmatchedStatementLines + account.unmatchedLedgerLines;
  return (
    <Paper component="li" variant="outlined" aria-labelledby={headingId} sx={{ p: 2, display: 'grid', gap: 1.5, alignContent: 'start' }}>
      <Box>
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {account.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {TREASURY_ACCOUNT_KIND_LABELS[account.kind]}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {account.accountCode}
          </Box>
          {` · Journal ${account.journal}`}
          {details ? ` · ${details}` : ''}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
        <Figure label="Solde comptable" value={formatMoney(account.balance)} negative={isNegative(account.balance)} />
        {account.lastStatementDate && account.lastStatementBalance !== null ? (
          <Figure
            label="Dernier relevé"
            value={formatMoney(account.lastStatementBalance)}
            caption={`au ${formatDate(account.lastStatementDate)}`}
            negative={isNegative(account.lastStatementBalance)}
          />
        ) : (
          <Figure label="Dernier relevé" value={NO_STATEMENT} />
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Chip
          size="small"
          color={account.unmatchedStatementLines > 0 ? 'warning' : 'default'}
          label={`Relevé : ${plural(account.unmatchedStatementLines, 'opération à rapprocher', 'opérations à rapprocher')}`}
        />
        <Chip
          size="small"
          color={account.unmatchedLedgerLines > 0 ? 'warning' : 'default'}
          label={`Grand livre : ${plural(account.unmatchedLedgerLines, 'ligne à rapprocher', 'lignes à rapprocher')}`}
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {canManage ? (
          <>
            <Button
              size="small"
              variant="outlined"
              onClick={() => actions.onImport(account)}
              aria-label={`Importer un relevé — ${account.name}`}
            >
              Importer un relevé
            </Button>
            <Button size="small" onClick={() => actions.onManualLine(account)} aria-label={`Saisir une opération — ${account.name}`}>
              Saisir une opération
            </Button>
            <Button
              size="small"
              variant={left > 0 ? 'contained' : 'text'}
              component={RouterLink}
              to={{ search: reconciliationSearch(account.id) }}
              aria-label={`Rapprocher — ${account.name}`}
            >
              Rapprocher
            </Button>
          </>
        ) : null}
        <Button size="small" onClick={() => actions.onReport(account)} aria-label={`État de rapprochement — ${account.name}`}>
          État de rapprochement
        </Button>
      </Box>
    </Paper>
  );
}

/** 'Comptes de trésorerie': one card per bank account, wallet, cash box and the cheques account. */
export function TreasuryAccountCards({
  companyId,
  actions,
  canManage,
}: {
  companyId: string;
  actions: TreasuryAccountActions;
  canManage: boolean;
}) {
  const list = useListTreasuryAccountsQuery(companyId);
  const accounts = list.data?.items;
  if (list.isError && !accounts)
    return <ErrorState error={list.error} onRetry={() => void list.refetch()} title="Impossible de charger les comptes de trésorerie" />;
  if (!accounts) return <LoadingState rows={2} height={120} />;
  if (accounts.length === 0)
    return (
      <EmptyState title="Aucun compte de trésorerie" description="Créez un compte bancaire, un portefeuille mobile money ou une caisse." />
    );
  return (
    <Box
      component="ul"
      aria-label="Comptes de trésorerie"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {accounts.map((account) => (
        <TreasuryAccountCard key={account.id} account={account} actions={actions} canManage={canManage} />
      ))}
    </Box>
  );
}
