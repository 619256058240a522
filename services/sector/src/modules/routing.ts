import type { Request, Response } from 'express';
import { internalClient, tenantOf, type InternalClient, type ServiceContext } from '@xaalis/service-kit';

/** The internal client of another service a module calls (its URL from the environment: a stand-in's in the tests). */
export const clientOf = (ctx: ServiceContext, service: 'accounting' | 'hr'): InternalClient =>
  internalClient(service, ctx.config.internalToken);

/** The caller's company, as the gateway signed it: every module query is scoped to it. */
export const companyOf = (req: Request): string => tenantOf(req).companyId;

/**
 * Answers a list read with `read`, the count of internal calls it made in the
 * `header` (the tests check that a list page batches its calls).
 */
export async function sendCounted(res: Response, header: string, read: (calls: { n: number }) => Promise<unknown>): Promise<void> {
  const calls = { n: 0 };
  const list = await read(calls);
  res.set(header, String(calls.n)).json(list);
}
