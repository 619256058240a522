import { sqlStep } from '@xaalis/service-kit';

/**
 * Invoices asked by another service (a hotel reservation, a project's hours):
 * one row per (company, source id), claimed first in the transaction that
 * creates (and validates) the invoice, so a replay of the same source id (a
 * retry after a timeout, or a concurrent double click) answers the first
 * invoice and never creates a second one. The invoice id is filled in the same
 * transaction, right after the claim: a committed row always has it.
 */
export const up = sqlStep(
  (s) => `
    CREATE TABLE ${s}.invoice_sources (
      company_id uuid NOT NULL REFERENCES ${s}.companies (id) ON DELETE CASCADE,
      source_id text NOT NULL CHECK (source_id <> '' AND length(source_id) <= 100),
      invoice_id uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT invoice_sources_pkey PRIMARY KEY (company_id, source_id),
      CONSTRAINT invoice_sources_invoice_key UNIQUE (company_id, invoice_id),
      CONSTRAINT invoice_sources_invoice_fkey FOREIGN KEY (invoice_id, company_id) REFERENCES ${s}.invoices (id, company_id)
        DEFERRABLE INITIALLY DEFERRED
    );
    -- The internal route finds a client by name, trimmed and case-insensitive.
    CREATE INDEX third_parties_company_lower_name_idx ON ${s}.third_parties (company_id, lower(btrim(name)));
  `,
);

export const down = sqlStep((s) => `DROP INDEX ${s}.third_parties_company_lower_name_idx; DROP TABLE ${s}.invoice_sources;`);
