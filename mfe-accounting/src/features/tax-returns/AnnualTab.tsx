import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { MESSAGES_ANNUAL, SUMS_PAID_NATURES, type SumsPaidStatement } from '@xaalis/contracts';
import { AmountCell, EmptyState, ErrorState, FilterSelect, formatMoney, LoadingState, TableHeadRow, TableContainer } from '@xaalis/web-kit';
import { useId, useState, type ReactNode } from 'react';
import { useSumsPaidStatementQuery } from './api';
import { downloadDsf, downloadSumsPaid } from './downloads';
import { statementYears } from './period';

/** What the DSF pack holds (the statements the product computes and the notes that come from the books). */
export const DSF_DESCRIPTION =
  'Le PDF réunit les identifiants de l’entreprise, le bilan, le compte de résultat, le tableau des flux de trésorerie (TFT) et les notes tirées de la comptabilité : immobilisations, amortissements, provisions, créances et dettes par échéance. Il prépare la DSF sans remplacer le formulaire officiel de la DGID.';

const isZero = (amount: string) => Number(amount) === 0;

/** A titled card of the tab. */
function StatementCard({ title, actions, children }: { title: string; actions: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 2, md: 2.5 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
        <Typography id={titleId} variant="h3" component="h3">
          {title}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{actions}</Box>
      </Box>
      {children}
    </Paper>
  );
}

/** The statement's beneficiaries, by nature of charge, with the totals row. */
function SumsPaidTable({ statement }: { statement: SumsPaidStatement }) {
  const natures = SUMS_PAID_NATURES.map((n) => n.label);
  return (
    <TableContainer label="État des sommes versées à des tiers">
      <Table size="small" aria-label="État des sommes versées à des tiers">
        <TableHeadRow labels={['Bénéficiaire', 'NINEA', 'Adresse', ...natures, 'Total']} right={natures.length + 1} />
        <TableBody>
          {statement.beneficiaries.map((b) => (
            <TableRow key={b.thirdPartyId} hover>
              <TableCell component="th" scope="row">
                {b.name}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{b.ninea || '-'}</TableCell>
              <TableCell>{b.address || '-'}</TableCell>
              {SUMS_PAID_NATURES.map((n) => (
                <AmountCell key={n.key}>{formatMoney(b[n.key])}</AmountCell>
              ))}
              <AmountCell fontWeight={600}>{formatMoney(b.total)}</AmountCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell component="th" scope="row" colSpan={3} sx={{ fontWeight: 700 }}>
              Total
            </TableCell>
            {SUMS_PAID_NATURES.map((n) => (
              <AmountCell key={n.key} fontWeight={700}>
                {formatMoney(statement.totals[n.key])}
              </AmountCell>
            ))}
            <AmountCell fontWeight={700}>{formatMoney(statement.totals.total)}</AmountCell>
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** 'État des sommes versées à des tiers' of `year`: the beneficiaries above the threshold, the charges without a third party, PDF and XLSX. */
function SumsPaidCard({ companyId, year }: { companyId: string; year: number }) {
  const query = useSumsPaidStatementQuery({ companyId, year });
  const statement = query.currentData;
  let body: ReactNode;
  if (!statement && query.isFetching) body = <LoadingState rows={3} />;
  else if (!statement && query.error)
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} title="Impossible de calculer l’état des sommes versées" />;
  else if (statement)
    body = (
      <>
        {statement.beneficiaries.length ? <SumsPaidTable statement={statement} /> : <EmptyState title={MESSAGES_ANNUAL.none} />}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {`Loyers, commissions et honoraires versés à chaque tiers au-delà de ${formatMoney(statement.threshold)} sur l’année.`}
        </Typography>
        {isZero(statement.unassigned) ? null : (
          <Alert severity="info" sx={{ mt: 1.5 }}>
            {`Charges sans tiers identifié (non reprises) : ${formatMoney(statement.unassigned)}`}
          </Alert>
        )}
      </>
    );
  return (
    <StatementCard
      title="État des sommes versées à des tiers"
      actions={(['pdf', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          size="small"
          variant="outlined"
          aria-label={`${format.toUpperCase()} de l’état des sommes versées ${year}`}
          onClick={() => void downloadSumsPaid(companyId, year, format)}
        >
          {format.toUpperCase()}
        </Button>
      ))}
    >
      {body}
    </StatementCard>
  );
}

/** 'Liasse fiscale (DSF)' of `year`: what it holds and its PDF. */
function DsfCard({ companyId, year }: { companyId: string; year: number }) {
  return (
    <StatementCard
      title="Liasse fiscale (DSF)"
      actions={
        <Button size="small" variant="contained" onClick={() => void downloadDsf(companyId, year)}>
          Télécharger la liasse (PDF)
        </Button>
      }
    >
      <Typography variant="body2" color="text.secondary">
        {DSF_DESCRIPTION}
      </Typography>
    </StatementCard>
  );
}

/** The 'Annuel' tab: a year (last year by default), the état des sommes versées and the DSF pack. Every member may read them. */
export function AnnualTab({ companyId }: { companyId: string }) {
  const [years] = useState(() => statementYears());
  const [year, setYear] = useState(years[1]);
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="h2" component="h2">{`Déclarations annuelles — ${year}`}</Typography>
        <FilterSelect
          label="Année"
          value={String(year)}
          onChange={(value) => setYear(Number(value))}
          options={years.map((y) => ({ value: String(y), label: String(y) }))}
          minWidth={110}
        />
      </Box>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <SumsPaidCard companyId={companyId} year={year} />
        <DsfCard companyId={companyId} year={year} />
      </Box>
    </Box>
  );
}
