import type { Content, TDocumentDefinitions, TableCell } from 'pdfmake/interfaces';
import {
  MARITAL_STATUS_LABELS,
  PAYSLIP_STATUS_LABELS,
  PAYROLL_SET_LABELS,
  employeeName,
  type Employee,
  type Payslip,
  type PayslipLine,
  type PayslipLineSection,
} from '@xaalis/contracts';
import { add, formatXofExact, isZero, lastDayOfMonth } from '@xaalis/domain';
import { amountInFrenchWords, frDate, partyBlock, pdfDocument, winAnsi, type PdfCompany } from '@xaalis/service-kit/pdf';

/** The employee's cumulative figures of the calendar year up to the slip's period (see yearToDate in model.ts). */
export interface PayslipYearToDate {
  gross: string;
  incomeTax: string;
  trimf: string;
}

export interface PayslipPdfData {
  /** The employer as the accounting service knows it; null when it could not be read (printed as '—'). */
  company: PdfCompany | null;
  payslip: Payslip;
  employee: Employee;
  ytd: PayslipYearToDate;
  /** Paid leave earned, taken and left (working days); null when it could not be read. */
  leave?: { accrued: string; taken: string; balance: string } | null;
}

const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];
/** "2024-03" → "Mars 2024". */
export function periodLabel(period: string): string {
  const month = MONTHS[Number(period.slice(5, 7)) - 1] ?? period.slice(5, 7);
  return `${month.charAt(0).toUpperCase()}${month.slice(1)} ${period.slice(0, 4)}`;
}

/** '24.00' → '24', '1.50' → '1,5'. */
const days = (v: string) => v.replace(/\.?0+$/, '').replace('.', ',');

const SECTION_TITLES: Record<PayslipLineSection, string> = {
  earning: 'Éléments de salaire',
  contribution: 'Cotisations sociales',
  tax: 'Impôts et taxes',
};

const right = { alignment: 'right' as const };
/** '1 234 567' (whole francs, no-break spaces); blank for none. */
const amount = (value: string | null) => (value === null ? '' : formatXofExact(value, { suffix: false }));
/** A line's amount: blank when zero, as payslips print them. */
const lineAmount = (value: string) => (isZero(value) ? '' : amount(value));
/** "5.60" → "5,60 %"; blank for none (earnings, scales). */
const rate = (value: string | null) => (value === null || isZero(value) ? '' : `${value.replace('.', ',')} %`);

/** The employer's block, or dashes when the accounting service did not answer. */
function employerBlock(company: PdfCompany | null): Content[] {
  const title = { text: 'Employeur', style: 'label', margin: [0, 0, 0, 4] } as Content;
  if (!company) return [title, { text: '—', bold: true, fontSize: 11 }, { text: 'NINEA : —' }];
  return [title, ...partyBlock('', company, true).map((c, i) => (i === 0 ? { ...(c as object), fontSize: 11 } : c) as Content)];
}

function employeeBlock(e: Employee): Content[] {
  const lines: Content[] = [
    { text: 'Salarié', style: 'label', margin: [0, 0, 0, 4] },
    { text: winAnsi(employeeName(e)), bold: true, fontSize: 11, margin: [0, 0, 0, 2] },
    { text: `Matricule : ${winAnsi(e.employeeNumber)}` },
    { text: `Emploi : ${winAnsi(e.position)}${e.department ? ` (${winAnsi(e.department)})` : ''}` },
    { text: `Date d'embauche : ${frDate(e.hireDate)}` },
    { text: `Catégorie : ${e.isCadre ? 'Cadre' : 'Non cadre'}` },
  ];
  const family = [e.maritalStatus ? MARITAL_STATUS_LABELS[e.maritalStatus] : null, `${e.children} enfant${e.children > 1 ? 's' : ''}`];
  lines.push({ text: `Situation : ${family.filter(Boolean).join(', ')}` });
  if (e.address) lines.push({ text: winAnsi(e.address) });
  return lines;
}

function lineRow(l: PayslipLine): TableCell[] {
  // Earnings are paid to the employee; contributions and taxes are withheld (employee) or owed (employer).
  return [
    { text: winAnsi(l.label) },
    { text: amount(l.base), ...right },
    { text: rate(l.employeeRate), ...right },
    { text: lineAmount(l.employee), ...right },
    { text: rate(l.employerRate), ...right },
    { text: lineAmount(l.employer), ...right },
  ];
}

/** The payslip's document definition (exported for tests). */
export function payslipDocument(data: PayslipPdfData, opts: { compress?: boolean } = {}): TDocumentDefinitions {
  const { company, payslip, employee, ytd, leave } = data;
  const b = payslip.breakdown;
  const t = b.totals;
  const period = periodLabel(payslip.period);
  const withheld = add(t.employeeContributions, t.incomeTax, t.trimf);
  const employerShare = add(t.employerContributions, t.employerTaxes);

  const body: TableCell[][] = [
    [
      { text: 'Rubrique', style: 'th' },
      { text: 'Base', style: 'th', ...right },
      { text: 'Taux salarial', style: 'th', ...right },
      { text: 'Part salariale', style: 'th', ...right },
      { text: 'Taux patronal', style: 'th', ...right },
      { text: 'Part patronale', style: 'th', ...right },
    ],
  ];
  for (const section of ['earning', 'contribution', 'tax'] as const) {
    const lines = b.lines.filter((l) => l.section === section);
    if (lines.length === 0) continue;
    body.push([{ text: SECTION_TITLES[section], style: 'section', colSpan: 6 }, '', '', '', '', '']);
    body.push(...lines.map(lineRow));
    if (section === 'earning') {
      body.push([{ text: 'Salaire brut', bold: true }, '', '', { text: amount(t.gross), bold: true, ...right }, '', '']);
    }
  }
  body.push([
    { text: 'Total des retenues', bold: true },
    '',
    '',
    { text: amount(withheld), bold: true, ...right },
    '',
    { text: amount(employerShare), bold: true, ...right },
  ]);

  const status = payslip.status === 'validated' || payslip.status === 'paid' ? [] : [PAYSLIP_STATUS_LABELS[payslip.status].toUpperCase()];
  const content: Content[] = [
    {
      columns: [
        { width: '*', text: 'Bulletin de paie', style: 'title' },
        {
          width: 'auto',
          stack: [
            { text: `Période : ${period}`, bold: true, ...right },
            {
              text: `Du 01/${payslip.period.slice(5, 7)}/${payslip.period.slice(0, 4)} au ${frDate(lastDayOfMonth(payslip.period))}`,
              ...right,
            },
            ...(payslip.paymentDate ? [{ text: `Payé le ${frDate(payslip.paymentDate)}`, ...right }] : []),
            ...status.map((s): Content => ({ text: s, bold: true, color: '#b00020', ...right, margin: [0, 4, 0, 0] })),
          ],
        },
      ],
      margin: [0, 0, 0, 14],
    },
    {
      columns: [
        { width: '*', stack: employerBlock(company) },
        { width: 16, text: '' },
        {
          width: '*',
          table: { widths: ['*'], body: [[{ stack: employeeBlock(employee), margin: [6, 6, 6, 6] }]] },
          layout: 'noBorders',
          fillColor: '#f3f5f7',
        },
      ],
      margin: [0, 0, 0, 16],
    },
    {
      table: { headerRows: 1, widths: ['*', 62, 48, 72, 48, 72], body },
      layout: 'lightHorizontalLines',
      fontSize: 9,
    },
    {
      margin: [0, 14, 0, 0],
      columns: [
        {
          width: '*',
          stack: [
            {
              text: `Cumuls ${payslip.period.slice(0, 4)} (janvier à ${MONTHS[Number(payslip.period.slice(5, 7)) - 1]})`,
              style: 'label',
              margin: [0, 0, 0, 4],
            },
            {
              table: {
                widths: ['*', 90],
                body: [
                  ['Brut cumulé', { text: amount(ytd.gross), ...right }],
                  ['Impôt sur le revenu cumulé', { text: amount(ytd.incomeTax), ...right }],
                  ['TRIMF cumulée', { text: amount(ytd.trimf), ...right }],
                  ...(leave
                    ? [
                        [
                          'Congés payés (jours ouvrables)',
                          {
                            text: `acquis ${days(leave.accrued)}, pris ${days(leave.taken)}, solde ${days(leave.balance)}`,
                            ...right,
                          },
                        ],
                      ]
                    : []),
                ],
              },
              layout: 'lightHorizontalLines',
            },
          ],
        },
        { width: 20, text: '' },
        {
          width: 230,
          table: {
            widths: ['*', 100],
            body: [
              ['Salaire brut', { text: amount(t.gross), ...right }],
              ['Retenues salariales', { text: amount(withheld), ...right }],
              [
                { text: 'Net à payer', bold: true, fontSize: 12 },
                { text: formatXofExact(t.net), bold: true, fontSize: 12, ...right },
              ],
              ['Coût employeur', { text: amount(t.employerCost), ...right }],
            ],
          },
          layout: 'lightHorizontalLines',
        },
      ],
    },
    {
      margin: [0, 16, 0, 0],
      text: ['Net à payer : ', { text: amountInFrenchWords(t.net), bold: true }, ` (${formatXofExact(t.net)}).`],
    },
    {
      margin: [0, 10, 0, 0],
      fontSize: 8,
      color: '#555555',
      text: `Barème : ${winAnsi(PAYROLL_SET_LABELS[payslip.parameterSetId] ?? b.setLabel)} (en vigueur depuis le ${frDate(b.effectiveFrom)}).`,
    },
  ];

  const employer = company ? winAnsi(company.name) : '—';
  return {
    compress: opts.compress ?? true,
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    info: { title: `Bulletin de paie ${winAnsi(employee.employeeNumber)} ${payslip.period}`, author: employer, creator: 'Xaalis' },
    defaultStyle: { font: 'Helvetica', fontSize: 10, lineHeight: 1.15 },
    styles: {
      title: { fontSize: 20, bold: true, color: '#0b5394' },
      label: { fontSize: 9, bold: true, color: '#555555' },
      th: { bold: true, fontSize: 8, color: '#333333' },
      section: { bold: true, fontSize: 9, color: '#0b5394', fillColor: '#e8eef5' },
    },
    content,
    footer: (page: number, pages: number) => ({
      columns: [
        { text: `${employer} — ${winAnsi(employeeName(employee))} — ${period}`, fontSize: 8, color: '#777777' },
        { text: `Page ${page} / ${pages}`, fontSize: 8, color: '#777777', alignment: 'right' },
      ],
      margin: [40, 16, 40, 0],
    }),
  };
}

const payslipPdf = pdfDocument(__filename, 'hr.payslip', ({ data, opts }: { data: PayslipPdfData; opts: { compress?: boolean } }) =>
  payslipDocument(data, opts),
);

/** The payslip as a PDF file, built and rendered in the worker pool. */
export function renderPayslipPdf(data: PayslipPdfData, opts: { compress?: boolean } = {}): Promise<Buffer> {
  return payslipPdf({ data, opts });
}
