import { sqlStep } from '@xaalis/service-kit';

/**
 * Report exports prepared in the background (the Grand livre export job): the parameters, the
 * state and progress the screen polls, then the file itself, stored here so every replica of
 * the service serves the download. Rows past expires_at are deleted by the jobs.
 */
export const up = sqlStep(
  (s) => `
    CREATE TABLE ${s}.report_exports (
      company_id uuid NOT NULL,
      id uuid NOT NULL,
      kind text NOT NULL DEFAULT 'general-ledger',
      format text NOT NULL CHECK (format IN ('pdf', 'xlsx')),
      params jsonb NOT NULL,
      state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'completed', 'failed')),
      done integer NOT NULL DEFAULT 0,
      total integer NOT NULL DEFAULT 0,
      error text,
      file_name text,
      file bytea,
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      PRIMARY KEY (company_id, id)
    );
    CREATE INDEX report_exports_expires_at ON ${s}.report_exports (expires_at);
  `,
);

export const down = sqlStep((s) => `DROP TABLE ${s}.report_exports;`);
