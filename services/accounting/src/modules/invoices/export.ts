import { INVOICE_STATUS_LABELS, INVOICE_TYPE_LABELS, type Invoice } from '@xaalis/contracts';
import { XOF_FORMAT, sheetExport, type SheetColumn } from '@xaalis/service-kit/spreadsheet';

// The invoices list as an .xlsx workbook: a worker-pool task (this module is imported by the pool thread too).

const date = (iso: string | null) => (iso ? new Date(`${iso}T00:00:00Z`) : null);

const COLUMNS: SheetColumn<Invoice>[] = [
  { header: 'Numéro', width: 16, value: (i) => i.number },
  { header: 'Type', width: 10, value: (i) => INVOICE_TYPE_LABELS[i.type] },
  { header: 'Tiers', width: 30, value: (i) => i.thirdParty?.name ?? 'N/A' },
  { header: 'Date', width: 12, value: (i) => date(i.date), numFmt: 'dd/mm/yyyy' },
  { header: 'Échéance', width: 12, value: (i) => date(i.dueDate), numFmt: 'dd/mm/yyyy' },
  { header: 'HT', width: 16, value: (i) => i.subtotal, numeric: true, numFmt: XOF_FORMAT },
  { header: 'TVA', width: 14, value: (i) => i.vatAmount, numeric: true, numFmt: XOF_FORMAT },
  { header: 'TTC', width: 16, value: (i) => i.total, numeric: true, numFmt: XOF_FORMAT },
  { header: 'Payé', width: 16, value: (i) => i.paidAmount, numeric: true, numFmt: XOF_FORMAT },
  { header: 'Reste dû', width: 16, value: (i) => i.balanceDue, numeric: true, numFmt: XOF_FORMAT },
  { header: 'Statut', width: 12, value: (i) => INVOICE_STATUS_LABELS[i.status] },
];

/** The invoices (every row the list's filters match), one per row. */
export const invoicesWorkbook = sheetExport(__filename, 'accounting.invoices-list', 'Factures', COLUMNS);
