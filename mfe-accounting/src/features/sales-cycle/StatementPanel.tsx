import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Typography from '@mui/material/Typography';
import { MESSAGES_LETTERING, type AccountStatementLine } from '@xaalis/contracts';
import { isZero, sub, sum } from '@xaalis/domain';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  formatDate,
  formatMoney,
  moneyColumn,
  todayIso,
  DataTable,
  ListPage,
  toastFailure,
  toastSuccess,
  useCan,
  useSession,
  type Column,
  DateField,
} from '@xaalis/web-kit';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { downloadWithToast } from '../../ui/download';
import { ThirdPartySelect } from './ClientSelect';
import { statementPdfUrl, useAccountStatementQuery, useLetterLinesMutation, useUnletterMutation } from './api';

const ISO = /^\d{4}-\d{2}-\d{2}$/;

/** What the chosen lines add up to: lettered in full when debits equal credits, else partially. */
function selectionOf(lines: readonly AccountStatementLine[], ids: ReadonlySet<string>) {
  const chosen = lines.filter((l) => ids.has(l.lineId));
  const debit = sum(chosen.map((l) => l.debit));
  const credit = sum(chosen.map((l) => l.credit));
  return { chosen, debit, credit, gap: sub(debit, credit), oneAccount: new Set(chosen.map((l) => l.accountCode)).size <= 1 };
}

/**
 * The 'Relevé et lettrage' tab: a client's or supplier's statement of account
 * over a period (opening balance, lines with their running balance and
 * lettering code, closing balance, PDF), where the lines not yet lettered are
 * chosen and lettered by hand (partially when they do not balance) and a
 * lettering is undone. `?tiers=` names the third party (the aged balance links here).
 */
export function StatementPanel({ tabs }: { tabs: ReactNode }) {
  const session = useSession();
  const { companyId } = session;
  const [params, setParams] = useSearchParams();
  const thirdPartyId = params.get('tiers') ?? '';
  const setThirdParty = (id: string) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (id) next.set('tiers', id);
      else next.delete('tiers');
      return next;
    });
  const [from, setFrom] = useState(`${todayIso().slice(0, 4)}-01-01`);
  const [to, setTo] = useState(todayIso());
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const valid = ISO.test(from) && ISO.test(to) && from <= to;
  const statement = useAccountStatementQuery(companyId && thirdPartyId && valid ? { companyId, thirdPartyId, from, to } : skipToken);
  const [letter, lettering] = useLetterLinesMutation();
  const [unletter, unlettering] = useUnletterMutation();
  const canLetter = useCan('/api/companies/:id/letterings');
  const lines = statement.data?.lines ?? [];
  const selection = selectionOf(lines, selected);
  const partial = !isZero(selection.gap);

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const letterSelection = async () => {
    if (!companyId) return;
    try {
      const r = await letter({ companyId, lineIds: [...selected], partial }).unwrap();
      toastSuccess('Succès', MESSAGES_LETTERING.lettered(r.code));
      setSelected(new Set());
    } catch (error) {
      toastFailure(error, 'Erreur lors du lettrage');
    }
  };
  const undo = async (code: string) => {
    if (!companyId) return;
    try {
      await unletter({ companyId, code }).unwrap();
      toastSuccess('Succès', MESSAGES_LETTERING.unlettered);
    } catch (error) {
      toastFailure(error, 'Erreur lors du délettrage');
    }
  };
  const pdf = () =>
    companyId && thirdPartyId
      ? void downloadWithToast(
          statementPdfUrl(companyId, thirdPartyId, from, to),
          `releve-${from}-${to}.pdf`,
          'Erreur lors du téléchargement',
          {
            preferServerName: true,
          },
        )
      : undefined;

  const manyAccounts = new Set(lines.map((l) => l.accountCode)).size > 1;
  const columns: Column<AccountStatementLine>[] = [
    ...(canLetter
      ? [
          {
            header: 'Choix',
            cell: (l: AccountStatementLine) =>
              l.letteringCode ? null : (
                <Checkbox
                  size="small"
                  checked={selected.has(l.lineId)}
                  onChange={() => toggle(l.lineId)}
                  slotProps={{ input: { 'aria-label': `Choisir la ligne ${l.number} du ${formatDate(l.date)}` } }}
                />
              ),
          },
        ]
      : []),
    { header: 'Date', cell: (l) => formatDate(l.date), nowrap: true },
    // No account column, so the table fits 1280 px: a third party's lines are on one account, and when they are on
    // two (a client that is also a supplier: 411 and 401) the account shows beside the piece.
    { header: 'Pièce', cell: (l) => (manyAccounts ? `${l.number} · ${l.accountCode}` : l.number), nowrap: true },
    { header: 'Libellé', cell: (l) => l.description, sx: { minWidth: 180 } },
    moneyColumn('Débit', (l) => l.debit),
    moneyColumn('Crédit', (l) => l.credit),
    moneyColumn('Solde', (l) => l.balance),
    { header: 'Lettrage', cell: (l) => l.letteringCode ?? '', nowrap: true },
  ];
  const data = statement.data;

  return (
    <ListPage
      path="/factures"
      title="Factures"
      session={session}
      list={statement}
      above={tabs}
      errorTitle="Impossible de charger le relevé de compte"
      count={data ? 1 : 0}
      filtered={Boolean(thirdPartyId)}
      empty={{
        title: 'Choisissez un client ou un fournisseur',
        description: 'Son relevé de compte s’affiche ici, ligne par ligne, avec le lettrage.',
      }}
      emptyFiltered="Choisissez une période valide"
      toolbar={
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', width: '100%' }}>
          <Box sx={{ minWidth: 280, flex: '1 1 280px', maxWidth: 420 }}>
            <ThirdPartySelect
              companyId={companyId}
              label="Tiers"
              size="small"
              value={thirdPartyId}
              onChange={(id) => {
                setSelected(new Set());
                setThirdParty(id);
              }}
            />
          </Box>
          <DateField size="small" label="Du" value={from} onChange={setFrom} />
          <DateField size="small" label="Au" value={to} onChange={setTo} />
          <Box sx={{ flex: 1 }} />
          <Button variant="outlined" onClick={pdf} disabled={!thirdPartyId || !valid}>
            PDF
          </Button>
        </Box>
      }
    >
      {data ? (
        <>
          <Typography variant="body2" sx={{ mb: 1 }}>{`Solde au ${formatDate(data.from)} : ${formatMoney(data.opening)}`}</Typography>
          {lines.length ? (
            <DataTable
              label="Relevé de compte"
              columns={columns}
              rows={lines}
              rowKey={(l) => l.lineId}
              fetching={statement.isFetching}
              actions={({ letteringCode: code }) =>
                code && canLetter ? (
                  <Button size="small" disabled={unlettering.isLoading} onClick={() => void undo(code)} aria-label={`Délettrer ${code}`}>
                    Délettrer
                  </Button>
                ) : null
              }
            />
          ) : (
            <Typography variant="body2" color="text.secondary">
              Aucun mouvement sur la période
            </Typography>
          )}
          <Box
            role="group"
            aria-label="Totaux du relevé"
            sx={{ mt: 2, display: 'flex', gap: 3, flexWrap: 'wrap', justifyContent: 'flex-end' }}
          >
            <Typography variant="body2">{`Total débit : ${formatMoney(data.totalDebit)}`}</Typography>
            <Typography variant="body2">{`Total crédit : ${formatMoney(data.totalCredit)}`}</Typography>
            <Typography
              variant="body2"
              sx={{ fontWeight: 700 }}
            >{`Solde au ${formatDate(data.to)} : ${formatMoney(data.closing)}`}</Typography>
          </Box>
          {canLetter && selected.size ? (
            <Box
              role="group"
              aria-label="Lignes choisies"
              sx={{
                mt: 2,
                p: 1.5,
                display: 'flex',
                gap: 2,
                flexWrap: 'wrap',
                alignItems: 'center',
                bgcolor: 'action.hover',
                borderRadius: 1,
              }}
            >
              <Typography variant="body2">
                {`${selected.size} ligne(s) : débit ${formatMoney(selection.debit)}, crédit ${formatMoney(selection.credit)}, écart ${formatMoney(selection.gap)}`}
              </Typography>
              {!selection.oneAccount ? (
                <Typography variant="body2" color="error">
                  {MESSAGES_LETTERING.oneAccount}
                </Typography>
              ) : null}
              <Box sx={{ flex: 1 }} />
              <Button onClick={() => setSelected(new Set())}>Annuler</Button>
              <Button
                variant="contained"
                disabled={selected.size < 2 || !selection.oneAccount || lettering.isLoading}
                onClick={() => void letterSelection()}
              >
                {partial ? 'Lettrer partiellement' : 'Lettrer'}
              </Button>
            </Box>
          ) : null}
        </>
      ) : null}
    </ListPage>
  );
}
