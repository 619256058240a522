import type { TableCell } from 'pdfmake/interfaces';
import {
  MARITAL_STATUS_LABELS,
  PAYROLL_DECLARATION_KIND_LABELS,
  payrollPeriodLabel,
  type AnnualSalaryDeclaration,
  type MaritalStatus,
  type PayrollDeclaration,
  type PayrollJournal,
  type SalaryTaxFigures,
  type SocialDeclarationFigures,
} from '@xaalis/contracts';
import { formatXofExact } from '@xaalis/domain';
import { frDate, pdfDocument, reportPage, winAnsi } from '@xaalis/service-kit/pdf';
import { XOF_FORMAT, rowWriter, workbookTask, type WorkbookWriter } from '@xaalis/service-kit/spreadsheet';

/**
 * The payroll declarations, journal and annual statement as files: one table each (employees
 * as rows, totals last), laid out for filing. PDF and XLSX are written in the worker pool from
 * the same table model.
 */
export interface TableReport {
  companyName: string;
  title: string;
  /** Lines under the title: NINEA, period, filing date. */
  heading: string[];
  columns: { header: string; amount?: boolean; width?: number }[];
  rows: string[][];
  totals: string[];
  /** Extra lines after the table (totals per fund, the difference of a corrective declaration). */
  footer: [string, string][];
}

const amountText = (v: string) => formatXofExact(v, { suffix: false });

const pdfTask = pdfDocument(__filename, 'hr.payroll-table', (t: TableReport) => {
  const cell = (v: string, i: number, bold = false): TableCell => ({
    text: t.columns[i]?.amount ? amountText(v) : winAnsi(v),
    bold,
    ...(t.columns[i]?.amount ? { alignment: 'right' as const } : {}),
  });
  const body: TableCell[][] = [
    t.columns.map((c) => ({ text: winAnsi(c.header), bold: true, ...(c.amount ? { alignment: 'right' as const } : {}) })),
    ...t.rows.map((r) => r.map((v, i) => cell(v, i))),
    t.totals.map((v, i) => cell(v, i, true)),
  ];
  return reportPage(
    t.companyName,
    t.title,
    [
      { text: winAnsi(t.heading.join('\n')), margin: [0, 0, 0, 10] },
      {
        table: { headerRows: 1, widths: t.columns.map((c) => (c.amount ? 'auto' : '*')), body },
        layout: 'lightHorizontalLines',
        fontSize: t.columns.length > 10 ? 6 : 7,
      },
      ...(t.footer.length
        ? [
            {
              table: {
                widths: ['*', 120],
                body: t.footer.map(([l, v]): TableCell[] => [winAnsi(l), { text: amountText(v), alignment: 'right' as const }]),
              },
              layout: 'lightHorizontalLines',
              margin: [0, 12, 0, 0] as [number, number, number, number],
            },
          ]
        : []),
    ],
    t.columns.length > 7,
  );
});
export const tableReportPdf = (t: TableReport): Promise<Buffer> => pdfTask(t);

export const tableReportWorkbook = workbookTask<TableReport>(__filename, 'hr.payroll-table-xlsx', (workbook: WorkbookWriter, t) => {
  const sheet = workbook.addWorksheet(t.title.slice(0, 31).replace(/[\\/?*[\]:]/g, '-'));
  sheet.columns = t.columns.map((c) => ({ width: c.width ?? (c.amount ? 16 : 22), style: c.amount ? { numFmt: XOF_FORMAT } : {} }));
  const add = rowWriter(sheet);
  const typed = (r: string[]) => r.map((v, i) => (t.columns[i]?.amount && v !== '' ? Number(v) : v));
  add([t.companyName], true);
  add([t.title], true);
  for (const line of t.heading) add([line]);
  add([]);
  add(
    t.columns.map((c) => c.header),
    true,
  );
  for (const r of t.rows) add(typed(r));
  add(typed(t.totals), true);
  if (t.footer.length) add([]);
  for (const [label, value] of t.footer) add([label, Number(value)]);
  sheet.commit();
});

// ---------------------------------------------------------------------------------------------
// The table model of each document

const name = (e: { lastName: string; firstName: string }) => `${e.lastName} ${e.firstName}`;

function filing(d: PayrollDeclaration | null): string[] {
  if (!d) return ['Projet : non déposé'];
  return [
    `Déposée le ${frDate(d.filedOn)}${d.reference ? ` — référence ${d.reference}` : ''}${d.version > 1 ? ` — rectificative n° ${d.version}` : ''}`,
  ];
}

function differenceFooter(d: PayrollDeclaration | null, keys: [string, string][]): [string, string][] {
  if (!d?.difference) return [];
  return keys.map(([k, label]) => [`Écart avec la déclaration précédente : ${label}`, d.difference?.[k] ?? '0.00']);
}

export function socialTable(
  companyName: string,
  ninea: string | null,
  f: SocialDeclarationFigures,
  declared: PayrollDeclaration | null,
): TableReport {
  return {
    companyName,
    title: `${PAYROLL_DECLARATION_KIND_LABELS.social} — ${payrollPeriodLabel(f.period)}`,
    heading: [`NINEA : ${ninea ?? 'non renseigné'}`, `Période : du ${frDate(f.start)} au ${frDate(f.end)}`, ...filing(declared)],
    columns: [
      { header: 'Matricule' },
      { header: 'Nom et prénom' },
      { header: 'N° IPRES' },
      { header: 'N° CSS' },
      { header: 'Jours', amount: false },
      { header: 'Brut', amount: true },
      { header: 'Base IPRES RG', amount: true },
      { header: 'Base IPRES cadre', amount: true },
      { header: 'IPRES salarié', amount: true },
      { header: 'IPRES employeur', amount: true },
      { header: 'Base CSS', amount: true },
      { header: 'CSS prest. fam.', amount: true },
      { header: 'CSS acc. travail', amount: true },
    ],
    rows: f.employees.map((e) => [
      e.employeeNumber,
      name(e),
      e.ipresNumber ?? '',
      e.cssNumber ?? '',
      String(e.daysWorked),
      e.gross,
      e.ipresBase,
      e.ipresCadreBase,
      e.ipresEmployee,
      e.ipresEmployer,
      e.cssBase,
      e.cssFamily,
      e.cssAccident,
    ]),
    totals: [
      'Total',
      `${f.totals.employees} salarié(s)`,
      '',
      '',
      '',
      f.totals.gross,
      f.totals.ipresBase,
      f.totals.ipresCadreBase,
      f.totals.ipresEmployee,
      f.totals.ipresEmployer,
      f.totals.cssBase,
      f.totals.cssFamily,
      f.totals.cssAccident,
    ],
    footer: [
      ['À payer à l’IPRES', f.totals.ipres],
      ['À payer à la CSS', f.totals.css],
      ...differenceFooter(declared, [
        ['ipres', 'IPRES'],
        ['css', 'CSS'],
      ]),
    ],
  };
}

export function salaryTaxTable(
  companyName: string,
  ninea: string | null,
  f: SalaryTaxFigures,
  declared: PayrollDeclaration | null,
): TableReport {
  return {
    companyName,
    title: `${PAYROLL_DECLARATION_KIND_LABELS['salary-tax']} — ${payrollPeriodLabel(f.period)}`,
    heading: [`NINEA : ${ninea ?? 'non renseigné'}`, `Période : du ${frDate(f.start)} au ${frDate(f.end)}`, ...filing(declared)],
    columns: [
      { header: 'Matricule' },
      { header: 'Nom et prénom' },
      { header: 'Brut', amount: true },
      { header: 'Imposable', amount: true },
      { header: 'IR', amount: true },
      { header: 'TRIMF', amount: true },
      { header: 'CFCE', amount: true },
      { header: 'Total', amount: true },
    ],
    rows: f.employees.map((e) => [e.employeeNumber, name(e), e.gross, e.taxable, e.incomeTax, e.trimf, e.cfce, e.total]),
    totals: [
      'Total',
      `${f.totals.employees} salarié(s)`,
      f.totals.gross,
      f.totals.taxable,
      f.totals.incomeTax,
      f.totals.trimf,
      f.totals.cfce,
      f.totals.total,
    ],
    footer: [['À payer à la DGID', f.totals.total], ...differenceFooter(declared, [['total', 'total']])],
  };
}

export function journalTable(companyName: string, j: PayrollJournal): TableReport {
  const yearly = /^\d{4}$/.test(j.period);
  return {
    companyName,
    title: `Livre de paie — ${yearly ? `année ${j.period} (cumul)` : payrollPeriodLabel(j.period)}`,
    heading: [`Du ${frDate(j.from)} au ${frDate(j.to)} — bulletins validés et payés`],
    columns: [
      { header: 'Matricule' },
      { header: 'Nom et prénom' },
      { header: 'Poste' },
      { header: 'Base', amount: true },
      { header: 'Indemnités', amount: true },
      { header: 'Heures sup.', amount: true },
      { header: 'Brut', amount: true },
      { header: 'Cotis. salarié', amount: true },
      { header: 'IR', amount: true },
      { header: 'TRIMF', amount: true },
      { header: 'Net', amount: true },
      { header: 'Charges patronales', amount: true },
      { header: 'Coût employeur', amount: true },
    ],
    rows: j.lines.map((l) => [
      l.employeeNumber,
      name(l),
      l.position,
      l.baseSalary,
      l.allowances,
      l.overtimePay,
      l.gross,
      l.employeeContributions,
      l.incomeTax,
      l.trimf,
      l.net,
      l.employerContributions,
      l.employerCost,
    ]),
    totals: [
      'Total',
      `${j.totals.employees} salarié(s)`,
      '',
      j.totals.baseSalary,
      j.totals.allowances,
      j.totals.overtimePay,
      j.totals.gross,
      j.totals.employeeContributions,
      j.totals.incomeTax,
      j.totals.trimf,
      j.totals.net,
      j.totals.employerContributions,
      j.totals.employerCost,
    ],
    footer: [],
  };
}

export function annualTable(companyName: string, ninea: string | null, a: AnnualSalaryDeclaration): TableReport {
  return {
    companyName,
    title: `Déclaration annuelle des salaires — ${a.year}`,
    heading: [`NINEA : ${ninea ?? 'non renseigné'}`, `À déposer au plus tard le ${frDate(a.dueOn)}`],
    columns: [
      { header: 'Matricule' },
      { header: 'Nom et prénom' },
      { header: 'Situation de famille' },
      { header: 'Parts' },
      { header: 'Mois' },
      { header: 'Brut annuel', amount: true },
      { header: 'Avantages en nature', amount: true },
      { header: 'Indemnités', amount: true },
      { header: 'Imposable', amount: true },
      { header: 'IR retenu', amount: true },
      { header: 'TRIMF retenue', amount: true },
      { header: 'Net payé', amount: true },
    ],
    rows: a.lines.map((l) => [
      l.employeeNumber,
      name(l),
      `${l.maritalStatus ? MARITAL_STATUS_LABELS[l.maritalStatus as MaritalStatus] : '—'}, ${l.children} enfant(s)`,
      String(l.parts).replace('.', ','),
      String(l.months),
      l.gross,
      l.benefitsInKind,
      l.allowances,
      l.taxable,
      l.incomeTax,
      l.trimf,
      l.net,
    ]),
    totals: [
      'Total',
      `${a.totals.employees} salarié(s)`,
      '',
      '',
      '',
      a.totals.gross,
      a.totals.benefitsInKind,
      a.totals.allowances,
      a.totals.taxable,
      a.totals.incomeTax,
      a.totals.trimf,
      a.totals.net,
    ],
    footer: [],
  };
}
