import { randomUUID } from 'node:crypto';
import express from 'express';
import request from 'supertest';
import type { CompanyUser } from '@xaalis/contracts';
import { errorHandler } from '@xaalis/service-kit';
import type { Gateway } from '../../app';
import { loadConfig } from '../../config';
import { postJson, testGateway } from '../../test-support/gateway';
import { hashPassword } from '../auth/passwords';
import { createUsersRepository } from './service';
import { usersRoutes } from './routes';
import { createAccess, createMemberships } from '../memberships';

// GET /api/users against the real Postgres and Redis. Sign-in needs no accounting service
// (the company name is read later), so none runs: its address refuses connections.
let gw: Gateway;
const config = loadConfig();

beforeAll(async () => {
  gw = await testGateway({ services: { ...config.services, accounting: 'http://127.0.0.1:9' } });
});

afterAll(async () => {
  await gw?.close();
});

const PASSWORD = 'Teranga!2026-ndox';

async function newUser(companyId: string | null, names: { firstName?: string | null; lastName?: string | null } = {}) {
  const username = `u_${randomUUID().slice(0, 12)}`;
  const row = await createUsersRepository(gw.sequelize).create({
    username,
    email: `${username}@exemple.sn`,
    passwordHash: await hashPassword(PASSWORD),
    firstName: (names.firstName ?? null) as string,
    lastName: (names.lastName ?? null) as string,
    phone: '+221 77 000 00 00',
    address: 'Dakar',
    companyId,
  });
  // Owners of their company, as registration makes them.
  if (companyId)
    await gw.sequelize.transaction((t) =>
      createMemberships(gw.sequelize, createAccess(gw.sequelize, null, 'test')).addOwner(row.id, companyId, t),
    );
  return { id: row.id, username };
}

async function signedIn(username: string) {
  const agent = request.agent(gw.app);
  const res = await postJson(agent, '/api/login', { username, password: PASSWORD }, `10.9.${Math.floor(Math.random() * 250)}.1`);
  expect(res.status).toBe(200);
  return agent;
}

describe('GET /api/users', () => {
  it("lists the session company's users as {id, name}, and never another company's", async () => {
    const company = randomUUID();
    const awa = await newUser(company, { firstName: 'Awa', lastName: 'Diop' });
    const noName = await newUser(company);
    const onlyFirst = await newUser(company, { firstName: 'Moussa', lastName: '' });
    const foreign = await newUser(randomUUID(), { firstName: 'Fatou', lastName: 'Sow' });

    const res = await (await signedIn(awa.username)).get('/api/users').expect(200);
    const users = res.body as CompanyUser[];
    expect(users).toHaveLength(3);
    expect(users).toEqual(
      expect.arrayContaining([
        { id: awa.id, name: 'Awa Diop' },
        { id: noName.id, name: noName.username },
        { id: onlyFirst.id, name: 'Moussa' },
      ]),
    );
    expect(users.map((u) => u.id)).not.toContain(foreign.id);
    expect(JSON.stringify(users)).not.toMatch(/email|password|Fatou/);

    // The other company's user sees only themself.
    const theirs = (await (await signedIn(foreign.username)).get('/api/users').expect(200)).body as CompanyUser[];
    expect(theirs).toEqual([{ id: foreign.id, name: 'Fatou Sow' }]);
  });

  it('answers 401 when signed out, and an empty list to a user without a company', async () => {
    expect((await request(gw.app).get('/api/users').expect(401)).body).toEqual({ message: expect.any(String) });
    const alone = await newUser(null, { firstName: 'Ibou', lastName: 'Ndiaye' });
    expect((await (await signedIn(alone.username)).get('/api/users').expect(200)).body).toEqual([]);
  });
});

describe('GET /api/users names members only (issue 24)', () => {
  it('never names someone who was only invited, known login or not; a former member stays named', async () => {
    const company = randomUUID();
    const owner = await newUser(company, { firstName: 'Awa', lastName: 'Diop' });
    const invited = await newUser(randomUUID(), { firstName: 'Fatou', lastName: 'Sow' });
    const declined = await newUser(randomUUID(), { firstName: 'Ibou', lastName: 'Ndiaye' });
    const former = await newUser(randomUUID(), { firstName: 'Moussa', lastName: 'Fall' });
    const memberships = createMemberships(gw.sequelize, createAccess(gw.sequelize, null, 'test'));
    const actor = { id: owner.id, role: 'owner' as const };
    await memberships.invite(company, invited.username, 'reader', actor);
    await memberships.invite(company, `${declined.username}@exemple.sn`, 'reader', actor);
    const [mine] = await memberships.invitationsOf(declined.id);
    await memberships.decline(mine.id, declined.id);
    await memberships.invite(company, former.username, 'accountant', actor);
    const [formerInvitation] = await memberships.invitationsOf(former.id);
    await memberships.accept(formerInvitation.id, former.id);
    await memberships.remove(company, former.id, actor);

    const users = (await (await signedIn(owner.username)).get('/api/users').expect(200)).body as CompanyUser[];
    expect(users).toEqual([
      { id: owner.id, name: 'Awa Diop' },
      { id: former.id, name: 'Moussa Fall' },
    ]);
    expect(JSON.stringify(users)).not.toMatch(/Fatou|Ibou/);
  });
});

describe('GET /api/users without a database read on every request', () => {
  it('reads a company’s list once for many requests (the same answer), and again after a failure', async () => {
    const company = randomUUID();
    const awa = await newUser(company, { firstName: 'Awa', lastName: 'Diop' });
    const memberships = createMemberships(gw.sequelize, createAccess(gw.sequelize, null, 'test'));
    let reads = 0;
    let fail = false;
    const counting = {
      companyUsers: (id: string) => {
        reads++;
        return fail ? Promise.reject(new Error('database down')) : memberships.companyUsers(id);
      },
      isMember: () => Promise.resolve(true),
    };
    const app = express();
    // The signed-in session as the session middleware leaves it.
    app.use((req, _res, next) => {
      req.session = { userId: awa.id, user: { id: awa.id, companyId: company } } as unknown as typeof req.session;
      next();
    });
    app.use('/api', usersRoutes(counting).router);
    app.use(errorHandler);

    const answers = await Promise.all([1, 2, 3].map(() => request(app).get('/api/users')));
    answers.push(await request(app).get('/api/users'));
    for (const res of answers) expect(res.body).toEqual([{ id: awa.id, name: 'Awa Diop' }]);
    expect(reads).toBe(1);

    // Another company whose first read fails: the failure is not kept.
    fail = true;
    const app2 = express();
    app2.use((req, _res, next) => {
      req.session = { userId: awa.id, user: { id: awa.id, companyId: randomUUID() } } as unknown as typeof req.session;
      next();
    });
    app2.use('/api', usersRoutes(counting).router);
    app2.use(errorHandler);
    expect((await request(app2).get('/api/users')).status).toBe(500);
    fail = false;
    expect((await request(app2).get('/api/users')).status).toBe(200);
    expect(reads).toBe(3);
  });
});
