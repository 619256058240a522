// A stand-in for the accounting service's internal routes the HR service reads over HTTP (the
// employer's identity, the PA balances of the declarations' check), for the HR integration tests.
// The real routes are tested in the accounting service.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { HEADERS } from '@xaalis/contracts';
import { TOKEN } from './index';

export interface AccountingStandIn {
  /** The companies it knows (id → identity). */
  companies: Record<string, { name: string; taxNumber: string | null }>;
  /** What payroll-balances answers; 'down': a 503. */
  ledger: Record<string, string> | 'down';
  close(): Promise<void>;
}

/** Starts the stand-in and points ACCOUNTING_URL at it until `close()`. */
export async function startAccountingStandIn(): Promise<AccountingStandIn> {
  const previousUrl = process.env.ACCOUNTING_URL;
  const app = express();
  const state: AccountingStandIn = {
    companies: {},
    ledger: 'down',
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      if (previousUrl === undefined) delete process.env.ACCOUNTING_URL;
      else process.env.ACCOUNTING_URL = previousUrl;
    },
  };
  app.get('/internal/companies/:id', (req, res) => {
    const company = state.companies[req.params.id];
    if (req.get(HEADERS.internalToken) !== TOKEN || !company) res.status(404).json({ message: 'Entreprise introuvable' });
    else res.json({ id: req.params.id, ...company });
  });
  app.get('/internal/companies/:id/payroll-balances', (_req, res) => {
    if (state.ledger === 'down') res.status(503).json({ message: 'down' });
    else res.json(state.ledger);
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  process.env.ACCOUNTING_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

/** supertest's parser keeping a download as one Buffer: `.buffer(true).parse(binary)`. */
export function binary(res: unknown, cb: (err: Error | null, body: Buffer) => void): void {
  const stream = res as http.IncomingMessage;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => cb(null, Buffer.concat(chunks)));
}
