#!/usr/bin/env node
// The Grand livre PDF of the export job at its limit: LINES synthetic lines (ACCOUNTS accounts)
// rendered in a pool thread with the accounting worker process's settings (worker.ts:
// EXPORT_TASK_TIMEOUT_MS 15 min, EXPORT_WORKER_HEAP_MB 3072). Prints the time to the file, the
// peak resident memory of the process (its pool thread included: getrusage maxRSS), the size and
// page count of the PDF.
//
// Needs the built server code (`npx tsc -b tsconfig.json`); no database.
// Usage: node infra/bench/ledger-export-size.js [lines=100000] [accounts=40]
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
const kit = require(path.join(root, 'packages/service-kit/dist'));
const pdf = require(path.join(root, 'services/accounting/dist/modules/reports/exports/pdf.js'));

const LINES = Number(process.argv[2] ?? 100_000);
const ACCOUNTS = Number(process.argv[3] ?? 40);

const header = {
  company: { name: 'Bench SARL', address: 'Dakar', phone: null, email: null, registrationNumber: null, taxNumber: null },
  title: 'Grand livre des comptes',
  period: 'Du 01/01/2026 au 31/12/2026',
  generatedAt: new Date(),
};
const codes = Array.from({ length: ACCOUNTS }, (_, i) => String(401000 + i * 10));
const perAccount = Math.ceil(LINES / ACCOUNTS);
const accounts = codes.map((code) => ({
  accountCode: code,
  accountName: `Compte ${code}`,
  openingBalance: '0.00',
  periodDebit: '0.00',
  periodCredit: '0.00',
  closingBalance: '0.00',
}));

/** The lines, generated as the thread asks for them (like the job's database batches). */
function* rows() {
  let n = 0;
  for (const code of codes) {
    let balance = 0;
    for (let i = 0; i < perAccount && n < LINES; i++, n++) {
      const debit = i % 2 === 0 ? 1250 + i : 0;
      const credit = i % 2 === 0 ? 0 : 830 + i;
      balance += debit - credit;
      const day = String((i % 28) + 1).padStart(2, '0');
      const month = String((Math.floor(i / 28) % 12) + 1).padStart(2, '0');
      yield {
        accountCode: code,
        entryId: String(n),
        date: `2026-${month}-${day}`,
        entryNumber: `OD-2026-${String(n + 1).padStart(6, '0')}`,
        journal: 'OD',
        description: `Écriture de test numéro ${i} du compte ${code}`,
        reference: i % 5 === 0 ? `REF-${i}` : null,
        debit: debit.toFixed(2),
        credit: credit.toFixed(2),
        balance: balance.toFixed(2),
      };
    }
  }
}

(async () => {
  const timeoutMs = Number(process.env.EXPORT_TASK_TIMEOUT_MS) || 15 * 60_000;
  const heapMb = Number(process.env.EXPORT_WORKER_HEAP_MB) || 3072;
  await kit.configureWorkerPool({ timeoutMs, maxOldGenerationSizeMb: heapMb, threads: 1 });
  const rssBefore = process.resourceUsage().maxRSS;
  const started = performance.now();
  const file = await pdf.generalLedgerPdf(header, accounts, rows());
  const ms = performance.now() - started;
  console.log(
    JSON.stringify({
      lines: LINES,
      accounts: ACCOUNTS,
      seconds: Number((ms / 1000).toFixed(1)),
      msPerLine: Number((ms / LINES).toFixed(2)),
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      rssBeforeMb: Math.round(rssBefore / 1024),
      bytes: file.length,
      pages: kit.pdfPageCount(file),
      heapLimitMb: heapMb,
    }),
  );
  await kit.closeWorkerPool();
})().catch((err) => {
  console.error(err);
  process.exit(1);
});
