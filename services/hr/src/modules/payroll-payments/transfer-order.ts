import { payrollPeriodLabel, type TransferOrder } from '@xaalis/contracts';
import type { TableReport } from '../payroll-declarations';

/*
 * The transfer order of a month's salaries for the bank: a PDF to sign (one line per employee:
 * name, bank, account, net) and a CSV a bank's upload accepts: UTF-8, ';' separated, CRLF,
 * a header line, amounts in francs with a '.' before cents only when there are any.
 */

const CSV_HEADER = ['Matricule', 'Nom', 'Prénom', 'Banque', 'Compte', 'Montant', 'Libellé'];

/** A CSV field: quoted when it holds the separator, a quote or a line break (quotes doubled). */
const field = (v: string) => (/[;"\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
/** '350000.00' → '350000'; '350000.50' → '350000.50'. */
const francs = (v: string) => v.replace(/\.00$/, '');

export function transferOrderCsv(order: TransferOrder): string {
  const label = `Salaire ${order.period}`;
  const rows = order.lines.map((l) => [l.employeeNumber, l.lastName, l.firstName, l.bank, l.account, francs(l.net), label]);
  return [CSV_HEADER, ...rows].map((r) => r.map(field).join(';')).join('\r\n') + '\r\n';
}

export function transferOrderTable(companyName: string, order: TransferOrder): TableReport {
  return {
    companyName,
    title: `Ordre de virement des salaires — ${payrollPeriodLabel(order.period)}`,
    heading: [
      `${order.lines.length} virement(s)`,
      ...(order.missing.length
        ? [`Sans compte bancaire (à payer autrement) : ${order.missing.map((m) => `${m.lastName} ${m.firstName}`).join(', ')}`]
        : []),
    ],
    columns: [
      { header: 'Matricule' },
      { header: 'Nom et prénom' },
      { header: 'Banque' },
      { header: 'Compte' },
      { header: 'Net à virer', amount: true },
    ],
    rows: order.lines.map((l) => [l.employeeNumber, `${l.lastName} ${l.firstName}`, l.bank, l.account, l.net]),
    totals: ['Total', '', '', '', order.total],
    footer: [],
  };
}
