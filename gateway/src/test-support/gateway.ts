import express from 'express';
import { MemoryStore } from 'express-session';
import request from 'supertest';
import type { Redis } from 'ioredis';
import { createGatewayApp, type Gateway } from '../app';
import { loadConfig, type GatewayConfig } from '../config';
import { migrateIdentity } from '../migrate';
import type { Sequelize } from 'sequelize';
import { errorHandler } from '@xaalis/service-kit';
import { authRoutes } from '../modules/auth/routes';
import { createAccountingClient, createWorkspace, type AccountingClient } from '../modules/companies';
import { createAccess, createMemberships } from '../modules/memberships';
import { createMemoryLoginLimiter, createMemoryRegistrationLimiter } from '../modules/rate-limit';
import { createUserSessions, sessionMiddleware } from '../modules/sessions';
import type { UsersRepository } from '../modules/users';
import { startService, type RunningChild } from './services';

/**
 * A gateway app on the test database and Redis prefix, migrated, trusting X-Forwarded-For (per-test
 * client addresses). Tests register many users from one address: the registration limit is raised
 * (a test of the limit passes its own).
 */
export async function testGateway(overrides: Partial<GatewayConfig> = {}): Promise<Gateway> {
  const gateway = await createGatewayApp(loadConfig({ trustProxy: true, registerMaxPerWindow: 100_000, ...overrides }));
  await migrateIdentity(gateway.sequelize);
  return gateway;
}

/** A test gateway whose services are the configured ones but for these URLs (child services, stand-ins). */
export const gatewayTo = (services: Partial<GatewayConfig['services']>, overrides: Partial<GatewayConfig> = {}) =>
  testGateway({ ...overrides, services: { ...loadConfig().services, ...services } });

export interface GatewayWithAccounting {
  accounting: RunningChild;
  gw: Gateway;
  /** Closes the gateway, then stops the accounting service. */
  close: () => Promise<void>;
}

/** The accounting service (a child process) and a test gateway in front of it. */
export async function startGatewayWithAccounting(): Promise<GatewayWithAccounting> {
  const accounting = await startService('accounting');
  try {
    const gw = await gatewayTo({ accounting: accounting.url });
    return {
      accounting,
      gw,
      close: async () => {
        await gw.close();
        await accounting.stop();
      },
    };
  } catch (err) {
    await accounting.stop();
    throw err;
  }
}

/**
 * For a test file: the accounting service and a gateway in front of it, started before its tests
 * (allowing a minute) and stopped after them. Filled in by then: read `stack.gw` inside tests.
 */
export function gatewayWithAccountingForFile(): GatewayWithAccounting {
  const stack = {} as GatewayWithAccounting;
  let started: GatewayWithAccounting | undefined;
  beforeAll(async () => {
    started = await startGatewayWithAccounting();
    Object.assign(stack, started);
  }, 60_000);
  afterAll(() => started?.close());
  return stack;
}

let counter = 0;
/** Registration fields with unique username and email. */
export function newRegistration(extra: Record<string, unknown> = {}) {
  const n = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    username: `user_${n}`,
    email: `user_${n}@exemple.sn`,
    password: 'secret123',
    firstName: 'Awa',
    lastName: 'Diop',
    companyName: `Entreprise ${n}`,
    phone: '+221 77 000 00 00',
    address: 'Dakar, Plateau',
    sector: 'restaurant',
    ...extra,
  };
}

/** Sends a JSON body as the web app does (Content-Type application/json, same origin). */
export const postJson = (agent: { post(url: string): request.Test }, url: string, body: unknown, ip = '10.0.0.1') =>
  agent.post(url).set('X-Forwarded-For', ip).set('Content-Type', 'application/json').send(JSON.stringify(body));

/** The session cookie among Set-Cookie headers: `xaalis.sid` on plain HTTP, `__Host-xaalis.sid` over HTTPS. */
export function sessionCookieFrom(setCookie: string[] | string | undefined): string | undefined {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return cookies.find((c) => c.startsWith('xaalis.sid=') || c.startsWith('__Host-xaalis.sid='));
}

/** The session id inside a session Set-Cookie (`s:<id>.<signature>`). */
export function sessionIdFrom(setCookie: string[] | string | undefined): string | null {
  const cookie = sessionCookieFrom(setCookie);
  if (!cookie) return null;
  const pair = cookie.split(';')[0];
  const value = decodeURIComponent(pair.slice(pair.indexOf('=') + 1));
  return value.startsWith('s:') ? value.slice(2, value.lastIndexOf('.')) : null;
}

export const sessionKey = (config: { redisPrefix: string }, sid: string) => `${config.redisPrefix}:sess:${sid}`;

export async function redisHas(redis: Redis, key: string): Promise<boolean> {
  return (await redis.exists(key)) === 1;
}

/** Memberships, access (in-process mirror) and workspace for tests that assemble routes by hand. */
export function workspaceDeps(sequelize: Sequelize, users: UsersRepository, accounting: AccountingClient) {
  const access = createAccess(sequelize, null, 'test');
  const memberships = createMemberships(sequelize, access);
  return { access, memberships, workspace: createWorkspace({ users, accounting, memberships, access }) };
}

/** The real accounting client, recording the id of each company it creates. */
export function recordingAccountingClient(accountingUrl: string): { client: AccountingClient; created: string[] } {
  const real = createAccountingClient(accountingUrl, loadConfig().internalToken);
  const created: string[] = [];
  const client: AccountingClient = {
    ...real,
    createCompany: (input) => {
      created.push(input.id!);
      return real.createCompany(input);
    },
  };
  return { client, created };
}

/** The auth routes alone, sessions and limiters in memory, on these users and accounting client (to inject failures). */
export function authApp(sequelize: Sequelize, users: UsersRepository, accounting: AccountingClient): express.Express {
  const store = new MemoryStore();
  return express()
    .use(sessionMiddleware(store, 'test'))
    .use(
      authRoutes({
        users,
        accounting,
        ...workspaceDeps(sequelize, users, accounting),
        limiter: createMemoryLoginLimiter({ max: 10, windowSeconds: 60 }),
        registrations: createMemoryRegistrationLimiter({ max: 10, windowSeconds: 60 }),
        userSessions: createUserSessions({ redis: null, redisPrefix: 'test', store }),
        checkSessionStore: async () => {},
      }),
    )
    .use(errorHandler);
}

/** The status the accounting service answers for company `id` on its internal route (404 once deleted). */
export async function companyStatus(accountingUrl: string, id: string): Promise<number> {
  return (await fetch(`${accountingUrl}/internal/companies/${id}`, { headers: { 'x-internal-token': loadConfig().internalToken } })).status;
}
