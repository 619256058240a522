// The generated tests' knowledge of path parameters: which seeded object each one names.
// A route whose parameter is not known here fails the tests (add its kind to the seed and here).
import type { DiscoveredRoute } from '@xaalis/service-kit';
import type { Seeded } from './seed';

/** `<segment before it>/:<param>` → kind of the seeded object it names. */
export const ID_PARAMS: Record<string, string> = {
  'accounting-entries/:id': 'entry',
  'entry-imports/:id': 'entryImport',
  'exports/:id': 'ledgerExport',
  'invoices/:id': 'invoice',
  'invoices/:invoiceId': 'validatedInvoice',
  'credit-notes/:creditNoteId': 'creditNote',
  'letterings/:code': 'lettering',
  'quotes/:quoteId': 'quote',
  'accounts/:accountId': 'account',
  'recurring-invoices/:recurringId': 'recurringInvoice',
  'reminders/:reminderId': 'reminder',
  'vat-returns/:returnId': 'vatReturn',
  'withholding-statements/:statementId': 'withholdingStatement',
  'aged-balance/:thirdPartyId': 'thirdParty',
  'third-parties/:thirdPartyId': 'thirdParty',
  'payments/:id': 'payment',
  'inventory/:id': 'inventory',
  'inventory/:itemId': 'inventory',
  'loans/:id': 'loan',
  'investments/:id': 'investment',
  'depreciations/:rowId': 'depreciationRow',
  'employees/:id': 'employee',
  'payrolls/:id': 'payslip',
  'social-declarations/:declarationId': 'socialDeclaration',
  'salary-tax-statements/:declarationId': 'salaryTaxStatement',
  'leaves/:leaveId': 'leave',
  'generate/:jobId': 'payrollJob',
  'raw-materials/:id': 'rawMaterial',
  'finished-products/:id': 'finishedProduct',
  'production-orders/:id': 'productionOrder',
  'recipes/:id': 'recipe',
  'menus/:id': 'menu',
  'projects/:id': 'project',
  'timesheets/:id': 'timesheet',
  'rooms/:id': 'room',
  'reservations/:id': 'reservation',
  'treasury-accounts/:accountId': 'treasuryAccount',
  'statements/:statementId': 'statement',
  'statement-lines/:lineId': 'statementLine',
  'reconciliations/:reconciliationId': 'reconciliation',
  'statement-rules/:ruleId': 'statementRule',
  'auto-match/:jobId': 'autoMatchJob',
};

/** Parameters that name no object: a fixed valid value. */
export const VALUE_PARAMS: Record<string, string> = {
  'cash-flow/:period': '3months',
  'annual-salary-declarations/:year': '2025',
  // A fiscal year is addressed by its start date: a value of the caller's own company, no object id.
  'fiscal-years/:start': '2026-01-01',
  // Closing jobs cannot be seeded (closing would freeze the seeded year): an id of the right shape.
  'jobs/:jobId': 'fiscal-year-00000000-0000-4000-8000-000000000000-2026-01-01',
};

/**
 * Routes with no parameter whose body names another object (the id of the first
 * company's object goes there): `METHOD path` → body.
 */
export const BODY_IDS: Record<string, (seeded: Seeded, companyId: string) => unknown> = {
  'POST /api/credit-notes/:creditNoteId/apply': ({ ids }) => ({ invoiceId: ids.validatedInvoice, amount: '1.00' }),
  'POST /api/payments': ({ ids }, companyId) => ({
    type: 'invoice_payment',
    invoiceId: ids.validatedInvoice,
    amount: '10.00',
    date: '2026-03-10',
    method: 'cash',
    companyId,
  }),
  'POST /api/companies/:companyId/reconciliations': ({ ids }) => ({
    statementLineIds: [ids.statementLine],
    entryLineIds: [ids.ledgerLine],
  }),
};

export interface Resolved {
  /** The path with every parameter replaced. */
  url: string;
  /** Whether a parameter other than :companyId names an object. */
  namesObject: boolean;
}

/**
 * Fills a route's path: :companyId with `companyId`, object ids with `seeded`'s.
 * Returns the unknown parameters instead when there are any.
 */
export function resolvePath(route: DiscoveredRoute, companyId: string, seeded: Seeded): Resolved | { unknown: string[] } {
  const segments = route.path.split('/');
  const unknown: string[] = [];
  let namesObject = false;
  const url = segments
    .map((segment, i) => {
      if (!segment.startsWith(':')) return segment;
      if (segment === ':companyId') return companyId;
      const key = `${segments[i - 1]}/${segment}`;
      if (key in VALUE_PARAMS) return VALUE_PARAMS[key];
      const kind = ID_PARAMS[key];
      const id = kind === undefined ? undefined : seeded.ids[kind];
      if (id === undefined) {
        unknown.push(kind === undefined ? key : `${key} (kind ${kind} not seeded)`);
        return segment;
      }
      namesObject = true;
      return id;
    })
    .join('/');
  return unknown.length > 0 ? { unknown } : { url, namesObject };
}

/** Runs `fn` over `items`, `width` at a time. */
export async function pool<T>(items: T[], width: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}
