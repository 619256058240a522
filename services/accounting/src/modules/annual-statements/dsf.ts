import type { Sequelize } from 'sequelize';
import { AGED_BUCKETS, type TrialBalanceRow } from '@xaalis/contracts';
import { add, sub } from '@xaalis/domain';
import { agedBalance } from '../letterings/aged-balance';
import { reportsService } from '../reports';
import { reportCompany, type DsfNote } from '../reports/exports';
import { reportHeader, yearPeriod } from '../reports/headers';
import type { DsfPackInput } from '../reports/exports/pdf';

/** A group of accounts of a note: its label and the account prefixes it sums. */
type Group = [label: string, prefixes: string[]];

const FIXED_ASSETS: Group[] = [
  ['Immobilisations incorporelles', ['21']],
  ['Terrains', ['22']],
  ['Bâtiments, installations et agencements', ['23']],
  ['Matériel, mobilier et actifs biologiques', ['24']],
  ['Avances et acomptes sur immobilisations', ['25']],
  ['Titres de participation', ['26']],
  ['Autres immobilisations financières', ['27']],
];
const DEPRECIATION: Group[] = [
  ['Amortissements des immobilisations incorporelles', ['281']],
  ['Amortissements des bâtiments et installations', ['282', '283']],
  ['Amortissements du matériel et mobilier', ['284']],
  ['Dépréciations des immobilisations', ['29']],
];
const PROVISIONS: Group[] = [
  ['Provisions pour risques et charges', ['19']],
  ['Dépréciations des stocks', ['39']],
  ['Dépréciations des créances', ['49']],
  ['Dépréciations des titres et de la trésorerie', ['59']],
];

/**
 * One note's rows from the year's trial balance: per group, the opening and
 * closing balances and the year's movements — on the debit side for assets
 * (increases = debits), on the credit side for depreciation and provisions
 * (increases = the year's charges, credits).
 */
function note(title: string, rows: TrialBalanceRow[], groups: Group[], side: 'debit' | 'credit', columns: DsfNote['columns']): DsfNote {
  return {
    title,
    columns,
    rows: groups.map(([label, prefixes]) => {
      const mine = rows.filter((r) => prefixes.some((p) => r.accountCode.startsWith(p)));
      const total = (pick: (r: TrialBalanceRow) => string) => mine.reduce((t, r) => add(t, pick(r)), '0.00');
      const opening =
        side === 'debit'
          ? sub(
              total((r) => r.openingDebit),
              total((r) => r.openingCredit),
            )
          : sub(
              total((r) => r.openingCredit),
              total((r) => r.openingDebit),
            );
      const increase = total((r) => (side === 'debit' ? r.periodDebit : r.periodCredit));
      const decrease = total((r) => (side === 'debit' ? r.periodCredit : r.periodDebit));
      return { label, opening, increase, decrease, closing: sub(add(opening, increase), decrease) };
    }),
  };
}

/** Everything the DSF pack of a fiscal year prints (the statements, the notes from the books). */
export async function dsfPack(sequelize: Sequelize, companyId: string, year: number, today: string): Promise<DsfPackInput> {
  const reports = reportsService(sequelize);
  const company = await reports.company(companyId);
  const balanceSheet = await reports.balanceSheet(companyId, year, today);
  const fy = balanceSheet.fiscalYear;
  const [incomeStatement, cashFlow, trial, receivables, payables] = await Promise.all([
    reports.incomeStatement(companyId, year, today),
    reports.cashFlowStatement(companyId, year, today),
    reports.trialBalance(companyId, fy.start, fy.end),
    agedBalance(sequelize, companyId, 'receivable', fy.end),
    agedBalance(sequelize, companyId, 'payable', fy.end),
  ]);
  const identity = reportCompany(company);
  const movements: DsfNote['columns'] = ['Début d’exercice', 'Augmentations', 'Diminutions', 'Fin d’exercice'];
  const allowances: DsfNote['columns'] = ['Début d’exercice', 'Dotations', 'Reprises', 'Fin d’exercice'];
  return {
    h: reportHeader(company, 'balance-sheet', yearPeriod(fy)),
    identity: [
      identity.name,
      `NINEA : ${company.taxNumber ?? 'non renseigné'}`,
      `RCCM : ${company.registrationNumber ?? 'non renseigné'}`,
      ...(company.address ? [company.address] : []),
      yearPeriod(fy),
    ],
    balanceSheet,
    incomeStatement,
    cashFlow,
    notes: [
      note('Immobilisations et leurs mouvements (valeurs brutes)', trial.rows, FIXED_ASSETS, 'debit', movements),
      note('Amortissements et dépréciations des immobilisations', trial.rows, DEPRECIATION, 'credit', allowances),
      note('Provisions et dépréciations', trial.rows, PROVISIONS, 'credit', allowances),
    ],
    dueDates: {
      head: ['', ...AGED_BUCKETS.map(([, label]) => label), 'Total'],
      rows: [
        ['Créances clients', ...AGED_BUCKETS.map(([k]) => receivables.totals[k]), receivables.totals.total],
        ['Dettes fournisseurs', ...AGED_BUCKETS.map(([k]) => payables.totals[k]), payables.totals.total],
      ],
    },
  };
}
