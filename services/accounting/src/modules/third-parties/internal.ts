import type { Router } from 'express';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { MAX_INTERNAL_IDS, MESSAGES_INTERNAL_INVOICE, type InternalThirdParty, type InternalInvoiceValues } from '@xaalis/contracts';
import { caseSensitiveRouter, HttpError, isUuid, notFound, type ServiceContext } from '@xaalis/service-kit';

/**
 * `?ids=a,b` (or repeated `ids=`) → distinct lower-cased uuids: malformed ids
 * are dropped, more than MAX_INTERNAL_IDS is a 400.
 */
export function parseInternalIds(raw: unknown): string[] {
  const parts = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => (typeof v === 'string' ? v.split(',') : []));
  const ids = [...new Set(parts.map((p) => p.trim().toLowerCase()).filter(isUuid))];
  if (ids.length > MAX_INTERNAL_IDS) throw new HttpError(400, MESSAGES_INTERNAL_INVOICE.tooManyIds);
  return ids;
}

/** The path's company id, lower-cased; anything but a uuid is a 404. */
export function internalCompanyOf(raw: unknown): string {
  if (!isUuid(raw)) throw notFound();
  return raw.toLowerCase();
}

/** Those third parties of the company (any type), in one query; another company's ids are simply absent. */
export function thirdPartiesByIds(sequelize: Sequelize, companyId: string, ids: string[]): Promise<InternalThirdParty[]> {
  if (!ids.length) return Promise.resolve([]);
  return sequelize.query<InternalThirdParty>(
    `SELECT id, name, type FROM accounting.third_parties WHERE company_id = $1 AND id = ANY($2::uuid[]) ORDER BY name, id`,
    { bind: [companyId, ids], type: QueryTypes.SELECT },
  );
}

type InvoiceClient = InternalInvoiceValues['client'];

const orNull = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v.trim());

/**
 * The invoice's client, in the caller's transaction: `{thirdPartyId}` must be
 * one of the company's third parties (404 otherwise); `{name, …}` is the
 * company's client (type client or both) of that name — trimmed,
 * case-insensitive, the oldest if several — else a new client created here.
 * A transaction-scoped advisory lock on (company, name) serialises two
 * concurrent requests for the same new name: one client, not two.
 */
export async function resolveClient(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: string,
  client: InvoiceClient,
): Promise<string> {
  if ('thirdPartyId' in client) {
    const [row] = await sequelize.query<{ id: string }>('SELECT id FROM accounting.third_parties WHERE company_id = $1 AND id = $2', {
      bind: [companyId, client.thirdPartyId.toLowerCase()],
      type: QueryTypes.SELECT,
      transaction,
    });
    if (!row) throw notFound(MESSAGES_INTERNAL_INVOICE.clientNotFound);
    return row.id;
  }
  const name = client.name.trim();
  const find = async () =>
    (
      await sequelize.query<{ id: string }>(
        `SELECT id FROM accounting.third_parties
          WHERE company_id = $1 AND type IN ('client', 'both') AND lower(btrim(name)) = lower($2)
          ORDER BY created_at, id LIMIT 1`,
        { bind: [companyId, name], type: QueryTypes.SELECT, transaction },
      )
    )[0];
  const found = await find();
  if (found) return found.id;
  await sequelize.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', {
    bind: [`accounting.third_parties:${companyId}:${name.toLowerCase()}`],
    transaction,
  });
  // Read committed: this statement sees a client committed by whoever held the lock before us.
  const again = await find();
  if (again) return again.id;
  const [created] = await sequelize.query<{ id: string }>(
    `INSERT INTO accounting.third_parties (id, company_id, type, name, phone, email, payment_terms, created_at, updated_at)
     VALUES (gen_random_uuid(), $1, 'client', $2, $3, $4, 30, now(), now()) RETURNING id`,
    { bind: [companyId, name, orNull(client.phone), orNull(client.email)], type: QueryTypes.SELECT, transaction },
  );
  return created.id;
}

/**
 * `/internal/companies/:companyId/third-parties[?ids=a,b]` for the sector
 * service (the reservation's and project's client names). Behind the internal
 * token (the kit checks it). With `ids`: those third parties of the company,
 * in one query; without: the company's clients (type client or both).
 */
export function thirdPartiesInternal(ctx: ServiceContext): Router {
  const router = caseSensitiveRouter();

  router.get('/companies/:companyId/third-parties', async (req, res) => {
    const companyId = internalCompanyOf(req.params.companyId);
    if (req.query.ids !== undefined) {
      res.json(await thirdPartiesByIds(ctx.sequelize, companyId, parseInternalIds(req.query.ids)));
      return;
    }
    const clients = await ctx.sequelize.query<InternalThirdParty>(
      `SELECT id, name, type FROM accounting.third_parties WHERE company_id = $1 AND type IN ('client', 'both') ORDER BY name, id`,
      { bind: [companyId], type: QueryTypes.SELECT },
    );
    res.json(clients);
  });

  return router;
}
