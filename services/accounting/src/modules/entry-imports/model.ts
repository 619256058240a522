import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type {
  EntryImportError,
  EntryImportKind,
  EntryImportPreview,
  EntryImportPreviewEntry,
  EntryImportListQuery,
  EntryImportListResponse,
  EntryImportStatus,
  EntryImportSummary,
} from '@xaalis/contracts';
import { CompanyWhere, pageWindow, pagedOf, foldedPattern, foldedSql } from '@xaalis/service-kit';

/** Row access to accounting.entry_imports (migration 0011); every query is company-scoped. */

interface ImportRow {
  id: string;
  company_id: string;
  kind: EntryImportKind;
  file_name: string;
  status: EntryImportStatus;
  validate: boolean | null;
  entry_count: number;
  line_count: number;
  total_debit: string;
  total_credit: string;
  error_count: number;
  progress_done: number;
  progress_total: number;
  first_number: string | null;
  last_number: string | null;
  message: string | null;
  created_by: string | null;
  created_at: Date;
  finished_at: Date | null;
}

const SUMMARY_COLUMNS = `id, company_id, kind, file_name, status, validate, entry_count, line_count, total_debit, total_credit, error_count,
  progress_done, progress_total, first_number, last_number, message, created_by, created_at, finished_at`;

function toSummary(row: ImportRow): EntryImportSummary {
  return {
    id: row.id,
    kind: row.kind,
    fileName: row.file_name,
    status: row.status,
    entryCount: row.entry_count,
    lineCount: row.line_count,
    totalDebit: row.total_debit,
    totalCredit: row.total_credit,
    errorCount: row.error_count,
    validate: row.validate,
    progress: { done: row.progress_done, total: row.progress_total },
    firstNumber: row.first_number,
    lastNumber: row.last_number,
    message: row.message,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at ? row.finished_at.toISOString() : null,
  };
}

export interface NewImport {
  companyId: string;
  kind: EntryImportKind;
  fileName: string;
  sha256: string;
  status: 'ready' | 'invalid';
  entryCount: number;
  lineCount: number;
  totalDebit: string;
  totalCredit: string;
  errors: EntryImportError[];
  errorCount: number;
  preview: EntryImportPreviewEntry[];
  /** JSON text of the ImportPayload (null when invalid). */
  payload: string | null;
  createdBy: string | null;
}

export async function insertImport(sequelize: Sequelize, i: NewImport): Promise<EntryImportPreview> {
  const [row] = await sequelize.query<ImportRow>(
    `INSERT INTO accounting.entry_imports
       (company_id, kind, file_name, file_sha256, status, entry_count, line_count, total_debit, total_credit,
        errors, error_count, preview, payload, progress_total, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12::jsonb, $13::json, $7, $14)
     RETURNING ${SUMMARY_COLUMNS}`,
    {
      bind: [
        i.companyId,
        i.kind,
        i.fileName,
        i.sha256,
        i.status,
        i.entryCount,
        i.lineCount,
        i.totalDebit,
        i.totalCredit,
        JSON.stringify(i.errors),
        i.errorCount,
        JSON.stringify(i.preview),
        i.payload,
        i.createdBy,
      ],
      type: QueryTypes.SELECT,
    },
  );
  return { ...toSummary(row), entries: i.preview, errors: i.errors };
}

/** Whether the company already imported this file (or is importing it). */
export async function alreadyImported(sequelize: Sequelize, companyId: string, sha256: string): Promise<boolean> {
  const rows = await sequelize.query(
    `SELECT 1 FROM accounting.entry_imports WHERE company_id = $1 AND file_sha256 = $2 AND status IN ('queued', 'running', 'imported') LIMIT 1`,
    { bind: [companyId, sha256], type: QueryTypes.SELECT },
  );
  return rows.length > 0;
}

export async function findSummary(sequelize: Sequelize, companyId: string, id: string): Promise<EntryImportSummary | null> {
  const rows = await sequelize.query<ImportRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM accounting.entry_imports WHERE company_id = $1 AND id = $2`,
    {
      bind: [companyId, id],
      type: QueryTypes.SELECT,
    },
  );
  return rows[0] ? toSummary(rows[0]) : null;
}

export async function findPreview(sequelize: Sequelize, companyId: string, id: string): Promise<EntryImportPreview | null> {
  const rows = await sequelize.query<ImportRow & { preview: EntryImportPreviewEntry[]; errors: EntryImportError[] }>(
    `SELECT ${SUMMARY_COLUMNS}, preview, errors FROM accounting.entry_imports WHERE company_id = $1 AND id = $2`,
    { bind: [companyId, id], type: QueryTypes.SELECT },
  );
  const row = rows[0];
  return row ? { ...toSummary(row), entries: row.preview, errors: row.errors } : null;
}

/** The company's latest imports, newest first. */
/** One page of the company's imports, latest first (`search`: in the file name). */
export async function listImports(sequelize: Sequelize, companyId: string, q: EntryImportListQuery): Promise<EntryImportListResponse> {
  const where = new CompanyWhere(companyId);
  if (q.search) where.and(`${foldedSql('file_name')} LIKE ?`, foldedPattern(q.search));
  const { limit, offset } = pageWindow(q);
  const [rows, [count]] = await Promise.all([
    sequelize.query<ImportRow>(
      `SELECT ${SUMMARY_COLUMNS} FROM accounting.entry_imports WHERE ${where.sql}
        ORDER BY created_at DESC, id LIMIT ${limit} OFFSET ${offset}`,
      { bind: where.bind, type: QueryTypes.SELECT },
    ),
    sequelize.query<{ n: string }>(`SELECT count(*) AS n FROM accounting.entry_imports WHERE ${where.sql}`, {
      bind: where.bind,
      type: QueryTypes.SELECT,
    }),
  ]);
  return pagedOf(rows.map(toSummary), q, Number(count.n));
}

/**
 * Moves an import from one of `from` to `to` (with extra column values);
 * answers the new summary, or null when it was not in one of `from`.
 */
export async function transition(
  sequelize: Sequelize,
  companyId: string,
  id: string,
  from: readonly EntryImportStatus[],
  to: EntryImportStatus,
  set: { validate?: boolean; message?: string | null; /** true: now, false: cleared. */ finished?: boolean; progressDone?: number } = {},
  transaction?: Transaction,
): Promise<EntryImportSummary | null> {
  const rows = await sequelize.query<ImportRow>(
    `UPDATE accounting.entry_imports
        SET status = $4,
            validate = COALESCE($5, validate),
            message = CASE WHEN $6::boolean THEN $7 ELSE message END,
            finished_at = CASE $8::text WHEN 'set' THEN now() WHEN 'clear' THEN NULL ELSE finished_at END,
            progress_done = COALESCE($9, progress_done),
            updated_at = now()
      WHERE company_id = $1 AND id = $2 AND status = ANY($3::text[])
      RETURNING ${SUMMARY_COLUMNS}`,
    {
      bind: [
        companyId,
        id,
        [...from],
        to,
        set.validate ?? null,
        set.message !== undefined,
        set.message ?? null,
        set.finished === undefined ? 'keep' : set.finished ? 'set' : 'clear',
        set.progressDone ?? null,
      ],
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  return rows[0] ? toSummary(rows[0]) : null;
}

/** Lines written so far (outside the run's transaction: the page polls it). */
export async function setProgress(sequelize: Sequelize, companyId: string, id: string, done: number): Promise<void> {
  await sequelize.query(`UPDATE accounting.entry_imports SET progress_done = $3, updated_at = now() WHERE company_id = $1 AND id = $2`, {
    bind: [companyId, id, done],
  });
}
