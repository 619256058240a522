#!/usr/bin/env node
// The request loop while a large document is produced: a Grand livre of LINES
// lines (synthetic, two lines per entry over ACCOUNTS accounts) rendered as a
// PDF on the calling thread as services did before issue 26 (pdfmake's
// layout is synchronous), then in the worker pool (cold: the thread starts
// and loads its modules; warm), then written as a streamed XLSX workbook in
// the pool. For each: the time to the document and the event loop's largest
// delay meanwhile (perf_hooks.monitorEventLoopDelay, 10 ms resolution) — the
// longest a request arriving then would have waited before being read.
//
// Needs the built server code (`npx tsc -b tsconfig.json`); no database.
// Usage: node infra/bench/pdf-offload.js [lines=3000] [accounts=20]
const path = require('node:path');
const { monitorEventLoopDelay } = require('node:perf_hooks');
const { Writable } = require('node:stream');
const { pipeline } = require('node:stream/promises');

const root = path.resolve(__dirname, '../..');
const kit = require(path.join(root, 'packages/service-kit/dist'));
const pdf = require(path.join(root, 'services/accounting/dist/modules/reports/exports/pdf.js'));
const xlsx = require(path.join(root, 'services/accounting/dist/modules/reports/exports/xlsx.js'));

const LINES = Number(process.argv[2] ?? 3000);
const ACCOUNTS = Number(process.argv[3] ?? 20);

const header = {
  company: { name: 'Bench SARL', address: 'Dakar', phone: null, email: null, registrationNumber: null, taxNumber: null },
  title: 'Grand livre',
  period: 'Du 01/01/2026 au 31/12/2026',
  generatedAt: new Date(),
};
const codes = Array.from({ length: ACCOUNTS }, (_, i) => String(401000 + i * 10));
const perAccount = Math.ceil(LINES / ACCOUNTS);
const rows = [];
for (const code of codes) {
  let balance = 0;
  for (let i = 0; i < perAccount && rows.length < LINES; i++) {
    const debit = i % 2 === 0 ? 1250 + i : 0;
    const credit = i % 2 === 0 ? 0 : 830 + i;
    balance += debit - credit;
    const day = String((i % 28) + 1).padStart(2, '0');
    const month = String((Math.floor(i / 28) % 12) + 1).padStart(2, '0');
    rows.push({
      accountCode: code,
      date: `2026-${month}-${day}`,
      entryNumber: `OD-2026-${String(rows.length + 1).padStart(6, '0')}`,
      journal: 'OD',
      description: `Écriture de test numéro ${i} du compte ${code}`,
      reference: i % 5 === 0 ? `REF-${i}` : null,
      debit: debit.toFixed(2),
      credit: credit.toFixed(2),
      balance: balance.toFixed(2),
    });
  }
}
const accounts = codes.map((code) => {
  const own = rows.filter((r) => r.accountCode === code);
  const sum = (k) => own.reduce((s, r) => s + Number(r[k]), 0).toFixed(2);
  return {
    accountCode: code,
    accountName: `Compte ${code}`,
    openingBalance: '0.00',
    periodDebit: sum('debit'),
    periodCredit: sum('credit'),
    closingBalance: own.length ? own[own.length - 1].balance : '0.00',
  };
});

async function measure(label, produce) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  // Let the monitor take a first sample before the work starts.
  await new Promise((resolve) => setTimeout(resolve, 30));
  const started = performance.now();
  const size = await produce();
  const ms = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 30));
  delay.disable();
  const result = { document: label, ms: Math.round(ms), loopDelayMaxMs: Math.round(delay.max / 1e6), bytes: size };
  console.log(JSON.stringify(result));
  return result;
}

(async () => {
  console.log(`Grand livre: ${rows.length} lines, ${ACCOUNTS} accounts; pool ${JSON.stringify(kit.workerPoolOptions())}`);
  await measure(
    'pdf, on the calling thread (before)',
    async () => (await kit.renderPdf(pdf.generalLedgerDocument(header, accounts, rows))).length,
  );
  await measure('pdf, worker pool, cold thread (after)', async () => (await pdf.generalLedgerPdf(header, accounts, rows)).length);
  await measure('pdf, worker pool, warm thread (after)', async () => (await pdf.generalLedgerPdf(header, accounts, rows)).length);
  await measure('xlsx, worker pool, streamed (after)', async () => {
    let bytes = 0;
    await pipeline(
      xlsx.generalLedgerXlsx(header, accounts, rows),
      new Writable({
        write(chunk, _encoding, done) {
          bytes += chunk.length;
          done();
        },
      }),
    );
    return bytes;
  });
  await kit.closeWorkerPool();
})().catch((err) => {
  console.error(err);
  process.exit(1);
});
