import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { z } from 'zod';
import { HEADERS, MESSAGES_AUTH, roleCan, roleForbiddenMessage, writeCapability, type Role, type ServiceName } from '@xaalis/contracts';
import { caseInsensitiveRouters, HttpError, parseOr400 } from '@xaalis/service-kit';
import { badBodies } from '../test-support/bad-bodies';
import { BODY_IDS, pool, resolvePath } from '../test-support/routes-coverage';
import { call, seedCompany, seedOtherCompany, type Seeded } from '../test-support/seed';
import { signUp, startStack, type SignedIn, type Stack } from '../test-support/stack';

// Tests that grow with the routes. The routes are those the services' Express apps declare
// (walked by listRoutes, not listed by hand), through an in-process gateway:
// - the tenant matrix: every route, called by a second company with the first company's ids,
//   answers 404, and 401 signed out; a route the walk finds but cannot fill fails the test;
// - the role matrix (last: its allowed calls really write): every write route, called by an
//   accountant, a collaborator and a reader of the first company, answers as the table of roles
//   says (contracts' writeCapability): a French 403 and nothing written when the role lacks it;
// - the bad-input test: every write route with a body schema gets bodies derived from that
//   schema (wrong types, missing and unknown fields, overflowing numbers, long texts, malformed
//   dates, ids of another company), sent by the owner of the resources: each answer is a 4xx
//   with a French message, never a 5xx, and a refused body writes nothing (the company's rows
//   in the service's schema, counted before and after each route).
jest.setTimeout(180_000);

/** Known failures of the bad-input test, `METHOD path` → reason. Keep it short: each entry is a bug to fix. */
const KNOWN_FAILURES: Record<string, string> = {};

/** zod's English defaults: a schema that forgot its French message (service-kit sets zod's French locale). */
const ENGLISH = /^(Invalid|Too (big|small)|Unrecognized|Expected|Required|Number must|String must|Array must)/;

let stack: Stack;
let owner: SignedIn;
let other: SignedIn;
let seeded: Seeded;
let otherIds: Record<string, string>;

beforeAll(async () => {
  stack = await startStack();
  [owner, other] = await Promise.all([signUp(stack.gw, '10.98.0.1'), signUp(stack.gw, '10.98.0.2')]);
  // The other company has every module too: its calls reach the services' own checks.
  await call(other.agent, 'PUT', `/api/companies/${other.companyId}/modules`, {
    modules: ['restaurant', 'transformation', 'hotel', 'services'],
  });
  [seeded, otherIds] = await Promise.all([seedCompany(owner), seedOtherCompany(other)]);
}, 180_000);

afterAll(async () => {
  await stack?.close();
});

const api = () => stack.routes.filter((r) => r.path.startsWith('/api/'));
const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD';

describe('the generated tenant matrix', () => {
  it('finds the routes of every service', () => {
    const counts = Object.fromEntries(['accounting', 'hr', 'sector'].map((s) => [s, api().filter((r) => r.service === s).length]));
    // Guards the walk itself: a change of Express's internals would find nothing and prove nothing.
    expect(counts.accounting).toBeGreaterThan(40);
    expect(counts.hr).toBeGreaterThan(10);
    expect(counts.sector).toBeGreaterThan(30);
  });

  it('covers every route: each path parameter names a seeded object (add new kinds to the seed)', () => {
    const uncovered: string[] = [];
    for (const route of api()) {
      const resolved = resolvePath(route, owner.companyId, seeded);
      if ('unknown' in resolved) uncovered.push(`${key(route)}: ${resolved.unknown.join(', ')}`);
      else if (!route.path.includes(':') && !(key(route) in BODY_IDS)) uncovered.push(`${key(route)}: no id in its path nor in BODY_IDS`);
    }
    expect(uncovered).toEqual([]);
  });

  it("answers 404 to another company's user with the first company's ids, 401 signed out", async () => {
    const failures: string[] = [];
    let cases = 0;
    await pool(api(), 6, async (route) => {
      const k = key(route);
      const ownUrl = resolvePath(route, owner.companyId, seeded);
      if ('unknown' in ownUrl) return; // reported by the coverage test
      const bodyOf = () => BODY_IDS[k]?.(seeded, owner.companyId) ?? (isWrite(route.method) ? (seeded.bodies[k] ?? {}) : undefined);
      const attempts: { who: string; url: string; expected: number; signedIn: boolean }[] = [
        { who: 'signed out', url: ownUrl.url, expected: 401, signedIn: false },
        { who: 'other company', url: ownUrl.url, expected: 404, signedIn: true },
      ];
      // The first company's objects under the caller's own company: the services' own checks.
      if (route.path.includes(':companyId') && ownUrl.namesObject) {
        const inOwnCompany = resolvePath(route, other.companyId, seeded);
        if (!('unknown' in inOwnCompany))
          attempts.push({ who: 'other company, own path', url: inOwnCompany.url, expected: 404, signedIn: true });
      }
      for (const attempt of attempts) {
        cases++;
        const res = attempt.signedIn
          ? await call(other.agent, route.method, attempt.url, bodyOf(), '10.98.0.2')
          : await call(request.agent(stack.gw.app), route.method, attempt.url, bodyOf(), '10.98.0.3');
        const message = (res.body as { message?: unknown } | null)?.message;
        if (res.status !== attempt.expected || typeof message !== 'string')
          failures.push(`${k} (${attempt.who}) ${attempt.url} → ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
        else if (attempt.expected === 401 && message !== MESSAGES_AUTH.notAuthenticated) failures.push(`${k} (signed out) → ${message}`);
      }
    });
    process.stdout.write(`tenant matrix: ${api().length} routes, ${cases} calls\n`);
    expect(failures).toEqual([]);
    expect(cases).toBeGreaterThan(api().length * 2 - 1);
  });

  it('never proxies the internal routes: the gateway answers 404', async () => {
    const internal = stack.routes.filter((r) => r.path.startsWith('/internal/'));
    expect(internal.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const route of internal) {
      const path = route.path.replace(/:companyId/g, owner.companyId).replace(/:\w+/g, randomUUID());
      for (const url of [path, `/api${path}`]) {
        const res = await owner.agent[route.method.toLowerCase() as 'get'](url)
          .set('Accept', 'application/json')
          .set('X-Requested-With', 'XMLHttpRequest')
          .set('X-Forwarded-For', '10.98.0.1')
          .set('X-Internal-Token', process.env.INTERNAL_TOKEN ?? '');
        if (res.status !== 404) failures.push(`${route.method} ${url} → ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

/** One query: the company's rows and last update in every table of the schema that has a company_id. */
async function snapshotQuery(service: ServiceName): Promise<string> {
  const { sequelize, schema } = stack.services[service].ctx;
  const [columns] = (await sequelize.query(
    `SELECT table_name, bool_or(column_name = 'updated_at') AS updated
       FROM information_schema.columns
      WHERE table_schema = :schema AND column_name IN ('company_id', 'updated_at')
      GROUP BY table_name HAVING bool_or(column_name = 'company_id') ORDER BY table_name`,
    { replacements: { schema } },
  )) as [{ table_name: string; updated: boolean }[], unknown];
  const parts = columns.map(
    (t) =>
      `'${t.table_name}', (SELECT json_build_array(count(*)${t.updated ? ', max(updated_at)' : ''}) FROM "${schema}"."${t.table_name}" WHERE company_id = :companyId)`,
  );
  // A function takes at most 100 arguments: objects of 40 tables, merged.
  const chunks: string[] = [];
  for (let i = 0; i < parts.length; i += 40) chunks.push(`jsonb_build_object(${parts.slice(i, i + 40).join(', ')})`);
  return `SELECT (${chunks.join(' || ')}) AS rows`;
}

async function snapshot(service: ServiceName, sql: string): Promise<string> {
  const [rows] = (await stack.services[service].ctx.sequelize.query(sql, { replacements: { companyId: owner.companyId } })) as [
    { rows: unknown }[],
    unknown,
  ];
  return JSON.stringify(rows[0].rows);
}

/** Waits until the company's rows stop changing (jobs started by an accepted body). */
async function settled(service: ServiceName, sql: string): Promise<string> {
  let last = await snapshot(service, sql);
  for (let i = 0; i < 20; i++) {
    await new Promise((r) => setTimeout(r, 150));
    const now = await snapshot(service, sql);
    if (now === last) return now;
    last = now;
  }
  return last;
}

/** null when `schema` refuses `body` with a French 400, else what is wrong. */
function frenchRefusal(schema: z.ZodType, body: unknown): string | null {
  try {
    parseOr400(schema, body);
    return 'accepted';
  } catch (err) {
    if (!(err instanceof HttpError)) return `throws ${(err as Error).message.slice(0, 80)} (a 500)`;
    if (err.status !== 400 || ENGLISH.test(err.message)) return `${err.status} without a French message: ${JSON.stringify(err.message)}`;
    return null;
  }
}

describe('the generated bad-input test', () => {
  it('answers every bad body of every write route with a French 4xx, and writes nothing', async () => {
    const writes = stack.routes.filter(
      (r): r is typeof r & { schemas: { body: z.ZodType } } =>
        r.path.startsWith('/api/') && r.method !== 'GET' && r.schemas.body !== undefined,
    );
    // The module choice last: switching modules off would hide the sector routes behind the module gate.
    writes.sort((a, b) => Number(a.path.endsWith('/modules')) - Number(b.path.endsWith('/modules')));
    expect(writes.length).toBeGreaterThan(40);
    const failures: string[] = [];
    const seen = new Set<string>();
    const counts: Record<string, { routes: number; cases: number; shared: number; local: number }> = {};
    const ranSchemas = new Set<z.ZodType>();
    let accepted = 0;
    for (const service of ['accounting', 'hr', 'sector'] as const) {
      const sql = await snapshotQuery(service);
      let previousWrote = true;
      counts[service] = { routes: 0, cases: 0, shared: 0, local: 0 };
      for (const route of writes.filter((r) => r.service === service)) {
        const key = `${route.method} ${route.path}`;
        const resolved = resolvePath(route, owner.companyId, seeded);
        if ('unknown' in resolved) continue; // reported by the tenant matrix
        const cases = badBodies(route.schemas.body, seeded.bodies[key] ?? {}, otherIds);
        counts[service].routes++;
        counts[service].cases += cases.length;
        // Jobs started by the previous route's accepted bodies may still be writing: wait for them.
        const before = previousWrote ? await settled(service, sql) : await snapshot(service, sql);
        let wrote = false;
        const check = async ({ label, body }: (typeof cases)[number]) => {
          const res = await call(owner.agent, route.method, resolved.url, body, '10.98.0.1');
          const message = (res.body as { message?: unknown } | null)?.message;
          let refusedBySchema: boolean;
          try {
            refusedBySchema = !route.schemas.body.safeParse(body).success;
          } catch (err) {
            // A schema that throws is a 500 in the service: reported by the answer's status below.
            refusedBySchema = true;
            failures.push(`${key} [${label}] → the schema throws: ${(err as Error).message.slice(0, 80)}`);
          }
          let problem: string | null = null;
          if (res.status >= 500) problem = `${res.status}`;
          else if (res.status < 400) {
            if (refusedBySchema) problem = `${res.status} although the schema refuses it`;
            else wrote = true;
          } else if (typeof message !== 'string' || message === '' || ENGLISH.test(message))
            problem = `${res.status} without a French message: ${JSON.stringify(message)}`;
          if (res.status < 400) accepted++;
          if (problem && !(key in KNOWN_FAILURES)) {
            const text = `${key} [${label}] → ${problem}`;
            // One line per route and problem kind is enough to read.
            const short = `${key} → ${problem.slice(0, 60)}`;
            if (!seen.has(short)) failures.push(text);
            seen.add(short);
          }
        };
        // Bodies the schema refuses in parallel; the ones it accepts (edge values the service
        // itself must refuse or store) one after the other, as one user would send them.
        const accepts = (body: unknown) => {
          try {
            return route.schemas.body.safeParse(body).success;
          } catch {
            return false;
          }
        };
        // A body the schema refuses is answered by validate() alone: once per schema is enough
        // (create and update routes often share theirs).
        const refused = cases.filter((c) => !accepts(c.body));
        if (ranSchemas.has(route.schemas.body)) counts[service].shared += refused.length;
        else {
          // Every refused body through parseOr400, the function validate() answers with…
          for (const { label, body } of refused) {
            const message = frenchRefusal(route.schemas.body, body);
            if (message !== null) failures.push(`${key} [${label}] → ${message}`);
          }
          // …and through the gateway and the service, one per field (and the whole-body ones).
          const perField = new Map<string, (typeof cases)[number]>();
          for (const c of refused) if (!perField.has(c.label.split(':')[0])) perField.set(c.label.split(':')[0], c);
          counts[service].local += refused.length - perField.size;
          await pool([...perField.values()], 8, check);
        }
        ranSchemas.add(route.schemas.body);
        // Creations side by side; changes of one existing object one at a time.
        await pool(
          cases.filter((c) => accepts(c.body)),
          resolved.namesObject ? 1 : 3,
          check,
        );
        previousWrote = wrote;
        if (!wrote && (await snapshot(service, sql)) !== before && !(key in KNOWN_FAILURES))
          failures.push(`${key}: refused bodies changed the company's rows`);
      }
    }
    // Figures for the record (route and case counts per service).
    process.stdout.write(`bad-input: ${JSON.stringify(counts)}, accepted edge values ${accepted}\n`);
    expect(failures).toEqual([]);
  });
});

/**
 * Case and encoding variants of each fixed (non-parameter) segment of a route's concrete `url`:
 * upper case, a capital first letter, the first letter percent-encoded, a trailing dot, a doubled
 * slash before it, and the slash before it percent-encoded. Express would match the first ones to
 * the plain route if a router were case-insensitive; none is in canonical form.
 */
function segmentVariants(routePath: string, url: string): string[] {
  const fixed = routePath.split('/');
  const parts = url.split('/');
  const out: string[] = [];
  parts.forEach((segment, i) => {
    if (i === 0 || fixed[i].startsWith(':')) return;
    const at = (value: string, from = i) => [...parts.slice(0, from), value, ...parts.slice(i + 1)].join('/');
    const hex = segment.charCodeAt(0).toString(16).toUpperCase();
    out.push(
      at(segment.toUpperCase()),
      at(segment[0].toUpperCase() + segment.slice(1)),
      at(`%${hex}${segment.slice(1)}`),
      at(`${segment}.`),
      at(`/${segment}`),
    );
    if (i > 1) out.push(at(`${parts[i - 1]}%2F${segment}`, i - 1));
  });
  return out;
}

describe('the generated role matrix', () => {
  const ROLES_UNDER_TEST = ['accountant', 'collaborator', 'reader'] as const;

  /** A new user invited into the first company with `role`, accepted, working in it. */
  async function memberWith(role: Role, ip: string): Promise<SignedIn> {
    const user = await signUp(stack.gw, ip);
    const { username } = (await call(user.agent, 'GET', '/api/user', undefined, ip)).body as { username: string };
    const invited = await call(
      owner.agent,
      'POST',
      `/api/companies/${owner.companyId}/invitations`,
      { login: username, role },
      '10.98.0.1',
    );
    expect(invited.status).toBe(201);
    expect((await call(user.agent, 'POST', `/api/invitations/${(invited.body as { id: string }).id}/accept`, undefined, ip)).status).toBe(
      200,
    );
    expect((await call(user.agent, 'POST', '/api/session/company', { companyId: owner.companyId }, ip)).status).toBe(200);
    return { agent: user.agent, companyId: owner.companyId };
  }

  const members = {} as Record<(typeof ROLES_UNDER_TEST)[number], SignedIn>;
  const ipOf = (role: Role) => `10.98.1.${ROLES_UNDER_TEST.indexOf(role as (typeof ROLES_UNDER_TEST)[number]) + 1}`;

  beforeAll(async () => {
    for (const [i, role] of ROLES_UNDER_TEST.entries()) members[role] = await memberWith(role, `10.98.1.${i + 1}`);
  });

  it('routes case-sensitively in every router of every service and of the gateway', () => {
    const loose = Object.entries({ ...stack.services, gateway: { app: stack.gw.express } }).flatMap(([name, { app }]) =>
      caseInsensitiveRouters(app).map((path) => `${name} ${path}`),
    );
    expect(loose).toEqual([]);
  });

  it('refuses (404) every case and encoding variant of every write route, for every role, through the gateway and at the service, writing nothing', async () => {
    const writes = api().filter((r) => isWrite(r.method));
    const callers = [['owner', owner, '10.98.0.1'] as const, ...ROLES_UNDER_TEST.map((role) => [role, members[role], ipOf(role)] as const)];
    const failures: string[] = [];
    let calls = 0;
    for (const service of ['accounting', 'hr', 'sector'] as const) {
      const sql = await snapshotQuery(service);
      const before = await settled(service, sql);
      const direct = `http://127.0.0.1:${stack.services[service].port}`;
      for (const route of writes.filter((r) => r.service === service)) {
        const resolved = resolvePath(route, owner.companyId, seeded);
        if ('unknown' in resolved) continue; // reported by the tenant matrix
        const body = BODY_IDS[key(route)]?.(seeded, owner.companyId) ?? seeded.bodies[key(route)] ?? {};
        for (const url of segmentVariants(route.path, resolved.url)) {
          for (const [role, member, ip] of callers) {
            calls += 2;
            const res = await call(member.agent, route.method, url, body, ip);
            if (res.status !== 404) failures.push(`${role} ${route.method} ${url} (gateway) → ${res.status}`);
            // The service alone, as if the gateway let it through: its routers and its role rule.
            const at = await fetch(direct + url, {
              method: route.method,
              headers: {
                'content-type': 'application/json',
                [HEADERS.internalToken]: process.env.INTERNAL_TOKEN ?? '',
                [HEADERS.companyId]: owner.companyId,
                [HEADERS.userId]: randomUUID(),
                [HEADERS.role]: role,
              },
              body: JSON.stringify(body),
            });
            await at.arrayBuffer();
            if (at.status !== 404) failures.push(`${role} ${route.method} ${url} (service) → ${at.status}`);
          }
        }
      }
      if ((await settled(service, sql)) !== before) failures.push(`${service}: a variant path changed the company's rows`);
    }
    process.stdout.write(`path variants: ${calls} calls\n`);
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(writes.length * 8 * 5);
  });

  it('answers every write route as the table of roles says, for every role: a French 403 and nothing written when refused', async () => {
    const writes = api().filter((r) => isWrite(r.method));
    expect(writes.length).toBeGreaterThan(40);
    const failures: string[] = [];
    const table: Record<string, { refused: number; allowed: number }> = {};
    const allowedCalls: (() => Promise<void>)[] = [];

    // The refusals first, per service, with the company's rows compared before and after.
    for (const service of ['accounting', 'hr', 'sector'] as const) {
      const sql = await snapshotQuery(service);
      const before = await settled(service, sql);
      for (const route of writes.filter((r) => r.service === service)) {
        const resolved = resolvePath(route, owner.companyId, seeded);
        if ('unknown' in resolved) continue; // reported by the tenant matrix
        const capability = writeCapability(resolved.url);
        for (const role of ROLES_UNDER_TEST) {
          const t = (table[role] ??= { refused: 0, allowed: 0 });
          const k = `${role} ${key(route)} (${capability})`;
          if (roleCan(role, capability)) {
            t.allowed++;
            // A body no schema accepts (an array): past the role check, the route answers 400, so
            // nothing is written; routes without a body act for real, after every refusal.
            allowedCalls.push(async () => {
              const res = await call(members[role].agent, route.method, resolved.url, route.schemas.body ? [] : undefined, ipOf(role));
              if (res.status === 403 || res.status >= 500) failures.push(`${k} → ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
            });
            continue;
          }
          t.refused++;
          const body = BODY_IDS[key(route)]?.(seeded, owner.companyId) ?? seeded.bodies[key(route)] ?? {};
          const res = await call(members[role].agent, route.method, resolved.url, body, ipOf(role));
          const message = (res.body as { message?: unknown } | null)?.message;
          if (res.status !== 403 || message !== roleForbiddenMessage(role))
            failures.push(`${k} → ${res.status} ${JSON.stringify(res.body).slice(0, 120)} (expected 403)`);
        }
      }
      if ((await settled(service, sql)) !== before) failures.push(`${service}: refused writes changed the company's rows`);
    }
    for (const run of allowedCalls) await run();
    process.stdout.write(`role matrix: ${writes.length} write routes, ${JSON.stringify(table)}\n`);
    expect(failures).toEqual([]);
    // The table itself: a reader writes nothing (but the writes that only read: starting an
    // export), a collaborator only documents, an accountant everything.
    const readingWrites = writes.filter((r) => {
      const resolved = resolvePath(r, owner.companyId, seeded);
      return !('unknown' in resolved) && writeCapability(resolved.url) === null;
    }).length;
    expect(table.reader.allowed).toBe(readingWrites);
    expect(table.collaborator.allowed).toBeGreaterThan(10);
    expect(table.collaborator.refused).toBeGreaterThan(10);
    expect(table.accountant.refused).toBe(0);
  });

  it("refuses the members and invitations of the company to every role but the owner's", async () => {
    const failures: string[] = [];
    for (const [i, role] of ROLES_UNDER_TEST.entries()) {
      const ip = `10.98.2.${i + 1}`;
      const m = await memberWith(role, ip);
      const base = `/api/companies/${owner.companyId}`;
      for (const [method, url, body] of [
        ['GET', `${base}/members`, undefined],
        ['GET', `${base}/invitations`, undefined],
        ['POST', `${base}/invitations`, { login: 'personne', role: 'reader' }],
        ['PATCH', `${base}/members/${randomUUID()}`, { role: 'owner' }],
        ['DELETE', `${base}/members/${randomUUID()}`, undefined],
        ['DELETE', `${base}/invitations/${randomUUID()}`, undefined],
      ] as const) {
        const res = await call(m.agent, method, url, body, ip);
        if (res.status !== 403 || (res.body as { message?: string }).message !== roleForbiddenMessage(role))
          failures.push(`${role} ${method} ${url} → ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
