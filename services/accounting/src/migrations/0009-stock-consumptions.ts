import { sqlStep } from '@xaalis/service-kit';

/**
 * Stock consumptions asked by another service (the restaurant's "Servir"):
 * one row per (company, source id), claimed in the same transaction as the
 * 'out' movements it writes, so a replay of the same source id (a retry after
 * a timeout) answers the stored result and never moves the stock twice.
 */
export const up = sqlStep(
  (s) => `
    CREATE TABLE ${s}.stock_consumptions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES ${s}.companies (id) ON DELETE CASCADE,
      source_id text NOT NULL CHECK (source_id <> '' AND length(source_id) <= 100),
      reason text NOT NULL CHECK (reason <> '' AND length(reason) <= 255),
      -- The movements written ({itemId, movementId, quantity, stockAfter}[]), answered again on a replay.
      movements jsonb NOT NULL DEFAULT '[]'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT stock_consumptions_source_key UNIQUE (company_id, source_id)
    );
  `,
);

export const down = sqlStep((s) => `DROP TABLE ${s}.stock_consumptions;`);
