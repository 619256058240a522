#!/usr/bin/env node
// Journal import ('Importer des écritures') end to end: a generated CSV of N
// entry lines (default 100 000: 3-line sales and 2-line bank entries over a
// year, French amounts "1 234,50") uploaded to the accounting service (read,
// parsed, checked, stored: the preview), then run as its BullMQ job (worker in
// this process) until 'imported'. Reports the upload time, the job time, and
// lines per second end to end; checks afterwards that the entries exist,
// numbered without gaps, and that the ledger balances.
// Needs the built services (`npx tsc -b services/accounting`), Postgres (a
// throw-away database, as ledger-posting.js) and Redis (REDIS_URL, default
// redis://127.0.0.1:6379; REDIS_URL= runs the job inline).
// Usage: node infra/bench/import.js [lines=100000] [validate=true] [csv|xlsx]
// Issue 26 (XLSX ≥ 10 000 lines/s end to end, like CSV): node infra/bench/import.js 100000 true xlsx — the
// same lines as an .xlsx (shared strings for the texts, dates as serial numbers with a date format,
// amounts as numbers), built by service-kit's zip-builder (deflated, as a spreadsheet saves it).
// On a shared machine, compare CPU time rather than wall time: node -r ./infra/bench/lib/import-cpu.js infra/bench/import.js …
const path = require('node:path');
const { randomBytes } = require('node:crypto');
const { accountingDist, withBenchDatabase, tenantHeaders, createCompany, generateChart } = require('./lib/ledger');
const { now } = require('./lib/timing');

const target = Number(process.argv[2] ?? 100_000);
const validate = (process.argv[3] ?? 'true') !== 'false';
const format = process.argv[4] === 'xlsx' ? 'xlsx' : 'csv';

/** The CSV's lines as an XLSX workbook: texts in shared strings, dates as serials (style 1), amounts as numbers. */
function xlsxOf(csv) {
  const { buildXlsx } = require(path.join(__dirname, '../../packages/service-kit/dist/uploads/zip-builder'));
  const strings = new Map();
  const shared = (text) => {
    let i = strings.get(text);
    if (i === undefined) strings.set(text, (i = strings.size));
    return i;
  };
  const col = (i) => String.fromCharCode(65 + i);
  const rows = csv
    .trimEnd()
    .split('\r\n')
    .map((line, r) => {
      const cells = line.split(';').map((v, c) => {
        const ref = `${col(c)}${r + 1}`;
        if (v === '') return '';
        if (r > 0 && c === 0) {
          const [d, m, y] = v.split('/').map(Number);
          return `<c r="${ref}" s="1"><v>${Date.UTC(y, m - 1, d) / 86_400_000 + 25_569}</v></c>`;
        }
        if (r > 0 && (c === 5 || c === 6)) return `<c r="${ref}"><v>${v.replace(/\u00a0/g, '').replace(',', '.')}</v></c>`;
        return `<c r="${ref}" t="s"><v>${shared(v)}</v></c>`;
      });
      return `<row r="${r + 1}">${cells.join('')}</row>`;
    });
  return buildXlsx(rows.join(''), [...strings.keys()]);
}

/** The CSV: `;`-separated, French dates and amounts, as a French spreadsheet saves it. */
function generateCsv(lines) {
  const out = ['Date;Journal;N° pièce;Compte;Libellé;Débit;Crédit;Tiers;Référence'];
  const amount = (cents) => {
    const s = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
    return `${s},${String(cents % 100).padStart(2, '0')}`;
  };
  let n = 0;
  let written = 0;
  while (written < lines) {
    n++;
    const day = 1 + (n % 365);
    const d = new Date(Date.UTC(2025, 0, day));
    const date = `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
    const ht = 10_000 + ((n * 7919) % 990_000) * 100;
    if (n % 2 === 0 && lines - written >= 3) {
      const vat = Math.round(ht * 0.18);
      out.push(`${date};VT;F${n};4111;Facture ${n};${amount(ht + vat)};;;FA-${n}`);
      out.push(`${date};VT;F${n};706;Prestations facture ${n};;${amount(ht)};;FA-${n}`);
      out.push(`${date};VT;F${n};4431;TVA facture ${n};;${amount(vat)};;FA-${n}`);
      written += 3;
    } else {
      out.push(`${date};BQ;B${n};6222;Loyer ${n};${amount(ht)};;;`);
      out.push(`${date};BQ;B${n};521;Virement ${n};;${amount(ht)};;`);
      written += 2;
    }
  }
  return { csv: `${out.join('\r\n')}\r\n`, lines: written, entries: n };
}

(async () => {
  await withBenchDatabase(async (databaseUrl) => {
    const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    Object.assign(process.env, {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `xaalis_bench_${randomBytes(4).toString('hex')}`,
      INTERNAL_TOKEN: 'bench-internal-token',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    });
    const { start } = require(path.join(accountingDist, 'server'));
    const { startWorker } = require(path.join(accountingDist, 'worker'));
    const service = await start({ port: 0 });
    const worker = redisUrl ? await startWorker() : null;
    const base = `http://127.0.0.1:${service.port}`;
    try {
      const company = await createCompany(base, { name: 'Bench import', sector: 'service' });
      await generateChart(base, company.id);
      const headers = tenantHeaders(company.id);

      const t0 = now();
      const { csv, lines, entries } = generateCsv(target);
      const body = format === 'xlsx' ? xlsxOf(csv) : Buffer.from(csv, 'utf8');
      console.log(
        `generated ${lines} lines as ${format.toUpperCase()} (${entries} entries), ${(body.length / 1024 / 1024).toFixed(1)} MB in ${(now() - t0).toFixed(0)} ms`,
      );

      const t1 = now();
      const up = await fetch(`${base}/api/companies/${company.id}/entry-imports?kind=entries&fileName=bench.${format}`, {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': format === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv',
        },
        body,
      });
      const preview = await up.json();
      const uploadMs = now() - t1;
      if (up.status !== 201 || preview.status !== 'ready') throw new Error(`upload: ${up.status} ${JSON.stringify(preview).slice(0, 500)}`);

      const t2 = now();
      const run = await fetch(`${base}/api/companies/${company.id}/entry-imports/${preview.id}/run`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ validate }),
      });
      if (run.status !== 202) throw new Error(`run: ${run.status} ${await run.text()}`);
      let state;
      let polls = 0;
      for (;;) {
        // The job-status shape ({ state, done, total, result: the import }).
        const answer = await (await fetch(`${base}/api/companies/${company.id}/entry-imports/${preview.id}`, { headers })).json();
        state = answer.result ?? answer;
        if (state.status !== 'queued' && state.status !== 'running') break;
        polls++;
        await new Promise((r) => setTimeout(r, 100));
      }
      const jobMs = now() - t2;
      if (state.status !== 'imported') throw new Error(`job: ${JSON.stringify(state).slice(0, 500)}`);

      const total = uploadMs + jobMs;
      console.log(
        `upload (read + parse + check + store)  ${uploadMs.toFixed(0).padStart(6)} ms  ${((lines / uploadMs) * 1000).toFixed(0)} lines/s`,
      );
      console.log(
        `job (${validate ? 'validated' : 'drafts'}, one transaction)${' '.repeat(validate ? 6 : 9)}${jobMs.toFixed(0).padStart(6)} ms  ${((lines / jobMs) * 1000).toFixed(0)} lines/s  (${polls} progress polls)`,
      );
      console.log(
        `end to end                              ${total.toFixed(0).padStart(6)} ms  ${((lines / total) * 1000).toFixed(0)} lines/s  (target ≥ 10000)`,
      );
      console.log(`numbers ${state.firstNumber} … ${state.lastNumber}`);

      // The ledger as written.
      const sequelize = service.ctx.sequelize;
      const [[check]] = await sequelize.query(
        `SELECT count(*)::int AS entries,
                (SELECT count(*)::int FROM accounting.accounting_entry_lines WHERE company_id = $1) AS lines,
                (SELECT sum(debit) = sum(credit) FROM accounting.accounting_entry_lines WHERE company_id = $1) AS balanced,
                count(*) FILTER (WHERE source_type = 'import')::int AS imported
           FROM accounting.accounting_entries WHERE company_id = $1`,
        { bind: [company.id] },
      );
      const [gaps] = await sequelize.query(
        `SELECT journal, extract(year FROM date)::int AS year, count(*)::int AS n,
                max(substring(number FROM '(\\d+)$')::int) AS last
           FROM accounting.accounting_entries WHERE company_id = $1 GROUP BY 1, 2 ORDER BY 1, 2`,
        { bind: [company.id] },
      );
      const gapFree = gaps.every((g) => g.n === g.last);
      if (check.entries !== entries || check.lines !== lines || !check.balanced || !gapFree)
        throw new Error(`ledger check failed: ${JSON.stringify({ check, gaps })}`);
      if (validate) {
        const [[bal]] = await sequelize.query(
          `SELECT sum(line_count)::int AS lines, sum(debit) = sum(credit) AS balanced FROM accounting.account_balances WHERE company_id = $1`,
          { bind: [company.id] },
        );
        if (bal.lines !== lines || !bal.balanced) throw new Error(`account_balances check failed: ${JSON.stringify(bal)}`);
      }
      console.log(`check: ${check.entries} entries, ${check.lines} lines, balanced, numbers gap-free per journal and year`);
    } finally {
      if (worker) await worker.close();
      await service.close();
    }
  });
})().catch((err) => {
  console.error(err);
  process.exit(1);
});
