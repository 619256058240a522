import { createHash } from 'node:crypto';
import { QueryTypes, type Sequelize } from 'sequelize';
import {
  ENTRY_IMPORT_PREVIEW_ENTRIES,
  ENTRY_IMPORT_PREVIEW_LINES,
  ENTRY_IMPORT_MAX_ERRORS,
  JOBS,
  MESSAGES_ENTRY_IMPORT,
  isJobEnded,
  type EntryImportJobStatus,
  type EntryImportListQuery,
  type EntryImportListResponse,
  type EntryImportPreview,
  type EntryImportPreviewEntry,
  type EntryImportRunResponse,
  type EntryImportUploadQuery,
  type EntryImportStatus,
  type ImportEntriesJob,
  type JobState,
} from '@xaalis/contracts';
import { fromCents } from '@xaalis/domain';
import { HttpError, isUniqueViolation, isUuid, notFound, readJobStatus, type ServiceContext } from '@xaalis/service-kit';
import { referenceAccount } from '../chart';
import { todayInDakar } from '../posting';
import { readSheet } from './file';
import { alreadyImported, findPreview, findSummary, insertImport, listImports, transition } from './model';
import { openPeriod } from './open-period';
import { encodePayload } from './payload';
import { validateSheet, type ParsedEntry } from './validate';

/** `entry-import-<id>`: one job per import (BullMQ refuses ':' in custom ids). */
export const importJobId = (importId: string) => `entry-import-${importId}`;

const notFoundImport = () => notFound(MESSAGES_ENTRY_IMPORT.notFound);

/** An import's status as a job state: 'ready' is not run yet, 'invalid' can never run. */
const JOB_STATE: Record<EntryImportStatus, JobState> = {
  ready: 'queued',
  queued: 'queued',
  running: 'running',
  imported: 'completed',
  failed: 'failed',
  invalid: 'failed',
};

/** The import in the one job-status shape (the import itself as `result`). */
function importJobStatus(found: EntryImportPreview): EntryImportJobStatus {
  const status: EntryImportJobStatus = { state: JOB_STATE[found.status], ...found.progress, result: found };
  if (found.status === 'failed') status.error = found.message ?? MESSAGES_ENTRY_IMPORT.jobFailed;
  if (found.status === 'invalid') status.error = MESSAGES_ENTRY_IMPORT.hasErrors;
  return status;
}

function previewOf(entries: readonly ParsedEntry[], accounts: ReadonlyMap<string, string>): EntryImportPreviewEntry[] {
  return entries.slice(0, ENTRY_IMPORT_PREVIEW_ENTRIES).map((e) => {
    let d = 0n;
    let c = 0n;
    for (const l of e.lines) {
      d += BigInt(l.debit);
      c += BigInt(l.credit);
    }
    return {
      journal: e.journal,
      date: e.date,
      key: e.key,
      description: e.description,
      reference: e.reference,
      totalDebit: fromCents(d),
      totalCredit: fromCents(c),
      balanced: d === c,
      lineCount: e.lines.length,
      lines: e.lines.slice(0, ENTRY_IMPORT_PREVIEW_LINES).map((l) => ({
        line: l.line,
        accountCode: l.account,
        accountName: accounts.get(l.account) ?? null,
        label: l.label,
        debit: fromCents(BigInt(l.debit)),
        credit: fromCents(BigInt(l.credit)),
        thirdPartyCode: l.thirdParty,
      })),
    };
  });
}

export function entryImportsService(ctx: Pick<ServiceContext, 'sequelize' | 'queue'>) {
  const sequelize: Sequelize = ctx.sequelize;

  return {
    /** Reads, checks and stores an uploaded file; answers its preview (file-level problems: 4xx, nothing stored). */
    async upload(companyId: string, userId: string | null, query: EntryImportUploadQuery & { kind: 'entries' | 'opening' }, bytes: Buffer) {
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      if (await alreadyImported(sequelize, companyId, sha256)) throw new HttpError(409, MESSAGES_ENTRY_IMPORT.alreadyImported);
      const sheet = await readSheet(bytes);
      const [company] = await sequelize.query<{ fiscal_year: string }>('SELECT fiscal_year FROM accounting.companies WHERE id = $1', {
        bind: [companyId],
        type: QueryTypes.SELECT,
      });
      if (!company) throw notFound();
      const [accountRows, thirdPartyRows, closedYears] = await Promise.all([
        sequelize.query<{ code: string; name: string }>('SELECT code, name FROM accounting.accounts WHERE company_id = $1', {
          bind: [companyId],
          type: QueryTypes.SELECT,
        }),
        sequelize.query<{ code: string }>('SELECT code FROM accounting.third_parties WHERE company_id = $1 AND code IS NOT NULL', {
          bind: [companyId],
          type: QueryTypes.SELECT,
        }),
        sequelize.query<{ start: string; end: string }>(
          `SELECT start_date::text AS start, end_date::text AS "end" FROM accounting.fiscal_years WHERE company_id = $1 AND status = 'closed'`,
          { bind: [companyId], type: QueryTypes.SELECT },
        ),
      ]);
      const accounts = new Map(accountRows.map((a) => [a.code, a.name]));
      const period = openPeriod(company.fiscal_year, todayInDakar(), closedYears);
      const parsed = validateSheet(sheet, {
        kind: query.kind,
        fileName: query.fileName,
        openingDate: query.date,
        isOpen: period.isOpen,
        currentStart: period.currentStart,
        accounts,
        referenceName: (code) => referenceAccount(code)?.name ?? null,
        thirdParties: new Set(thirdPartyRows.map((t) => t.code)),
      });
      const names = new Map(accounts);
      for (const e of parsed.entries.slice(0, ENTRY_IMPORT_PREVIEW_ENTRIES))
        for (const l of e.lines) if (!names.has(l.account)) names.set(l.account, referenceAccount(l.account)?.name ?? l.account);
      const ready = parsed.errors.length === 0;
      return insertImport(sequelize, {
        companyId,
        kind: query.kind,
        fileName: query.fileName,
        sha256,
        status: ready ? 'ready' : 'invalid',
        entryCount: parsed.entries.length,
        lineCount: parsed.lineCount,
        totalDebit: fromCents(parsed.totalDebit),
        totalCredit: fromCents(parsed.totalCredit),
        errors: parsed.errors.slice(0, ENTRY_IMPORT_MAX_ERRORS),
        errorCount: parsed.errors.length,
        preview: previewOf(parsed.entries, names),
        payload: ready ? JSON.stringify(encodePayload(parsed.entries)) : null,
        createdBy: userId,
      });
    },

    async list(companyId: string, query: EntryImportListQuery): Promise<EntryImportListResponse> {
      return listImports(sequelize, companyId, query);
    },

    /**
     * One import's run as a job status, the import with its preview as `result`; a run whose job
     * ended without recording its end is reported failed.
     */
    async get(companyId: string, id: string): Promise<EntryImportJobStatus> {
      if (!isUuid(id)) throw notFoundImport();
      const found = await findPreview(sequelize, companyId, id);
      if (!found) throw notFoundImport();
      if (found.status === 'queued' || found.status === 'running') {
        const job = await readJobStatus(ctx.queue.queue, importJobId(id), { failed: MESSAGES_ENTRY_IMPORT.interrupted });
        if (job && isJobEnded(job.state)) {
          await transition(sequelize, companyId, id, ['queued', 'running'], 'failed', {
            message: MESSAGES_ENTRY_IMPORT.interrupted,
            finished: true,
            progressDone: 0,
          });
          return importJobStatus((await findPreview(sequelize, companyId, id)) ?? found);
        }
      }
      return importJobStatus(found);
    },

    /**
     * Queues the run (the user chose validated entries or drafts). Idempotent:
     * while queued or running, asking again answers the same job.
     */
    async run(companyId: string, userId: string | null, id: string, validate: boolean): Promise<EntryImportRunResponse> {
      if (!isUuid(id)) throw notFoundImport();
      let moved;
      try {
        moved = await transition(sequelize, companyId, id, ['ready', 'failed'], 'queued', {
          validate,
          message: null,
          finished: false,
          progressDone: 0,
        });
      } catch (err) {
        // The same file was imported (or queued) meanwhile under another import.
        if (isUniqueViolation(err)) throw new HttpError(409, MESSAGES_ENTRY_IMPORT.alreadyImported);
        throw err;
      }
      if (!moved) {
        const current = await findSummary(sequelize, companyId, id);
        if (!current) throw notFoundImport();
        if (current.status === 'queued' || current.status === 'running') return { id, status: current.status };
        if (current.status === 'invalid') throw new HttpError(409, MESSAGES_ENTRY_IMPORT.hasErrors);
        throw new HttpError(409, MESSAGES_ENTRY_IMPORT.alreadyDone);
      }
      const jobId = importJobId(id);
      const data: ImportEntriesJob = { companyId, importId: id, validate, userId };
      try {
        const queue = ctx.queue.queue;
        const previous = queue ? await queue.getJob(jobId) : undefined;
        if (previous && ['completed', 'failed'].includes(await previous.getState())) await previous.remove();
        // One attempt: a failed run is recorded on the import, and the user runs it again.
        await ctx.queue.add(JOBS.importEntries, data, { jobId, attempts: 1 });
      } catch (err) {
        await transition(sequelize, companyId, id, ['queued'], 'ready');
        throw err;
      }
      const after = await findSummary(sequelize, companyId, id);
      return { id, status: after?.status ?? 'queued' };
    },
  };
}
