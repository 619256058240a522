import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createRedis } from '@xaalis/service-kit';
import { MESSAGES_HTTP, MESSAGES_MEMBERS, roleForbiddenMessage, type Invitation, type Member, type Membership } from '@xaalis/contracts';
import type { Gateway } from '../../app';
import { loadConfig } from '../../config';
import { gatewayTo, newRegistration, postJson, gatewayWithAccountingForFile } from '../../test-support/gateway';
import { ACCESS_TTL_S, memberKey } from './access';

// Memberships, invitations, the company switch and removals through the real gateway, Postgres,
// Redis and accounting service (a child process): nothing mocked.
jest.setTimeout(60_000);

const stack = gatewayWithAccountingForFile();
const config = loadConfig();

let ipCounter = 0;
interface Account {
  agent: ReturnType<typeof request.agent>;
  id: string;
  username: string;
  email: string;
  companyId: string;
  ip: string;
}

/** A new user signed in on `on` (the main gateway unless said), from an address of its own. */
async function register(on: Gateway = stack.gw): Promise<Account> {
  const agent = request.agent(on.app);
  const form = newRegistration();
  const ip = `10.16.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
  const res = await postJson(agent, '/api/register', form, ip);
  expect(res.status).toBe(201);
  expect(res.body.role).toBe('owner');
  return { agent, id: res.body.id, username: form.username, email: form.email, companyId: res.body.companyId, ip };
}

const post = (a: Account, url: string, body: unknown = {}) => postJson(a.agent, url, body, a.ip);
const patch = (a: Account, url: string, body: unknown) =>
  a.agent.patch(url).set('X-Forwarded-For', a.ip).set('Content-Type', 'application/json').send(JSON.stringify(body));
const del = (a: Account, url: string) => a.agent.delete(url).set('X-Forwarded-For', a.ip).set('X-Requested-With', 'XMLHttpRequest');

/** `owner` invites `who` with `role`; `who` accepts. */
async function join(owner: Account, who: Account, role: string): Promise<void> {
  const invited = await post(owner, `/api/companies/${owner.companyId}/invitations`, { login: who.username, role });
  expect(invited.status).toBe(201);
  const accepted = await post(who, `/api/invitations/${(invited.body as Invitation).id}/accept`);
  expect(accepted.status).toBe(200);
}

describe('invitations', () => {
  it('invites by username or email, shows the pending invitation to the invitee, accepted once', async () => {
    const owner = await register();
    const guest = await register();
    const invited = await post(owner, `/api/companies/${owner.companyId}/invitations`, {
      login: guest.email.toUpperCase(),
      role: 'accountant',
    });
    expect(invited.status).toBe(201);
    const invitation = invited.body as Invitation;
    // The owner sees the login typed, never the account behind it.
    expect(invitation).toMatchObject({ companyId: owner.companyId, role: 'accountant', username: guest.email.toUpperCase() });
    expect(invitation).not.toHaveProperty('userId');
    expect(invitation.invitedBy).toBe('Awa Diop');

    // The same login twice (in any case): 409 while pending.
    const twice = await post(owner, `/api/companies/${owner.companyId}/invitations`, { login: guest.email, role: 'reader' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(MESSAGES_MEMBERS.alreadyInvited);
    // The same account under its other login: kept like any login (201), but the invitee has one invitation.
    const other = await post(owner, `/api/companies/${owner.companyId}/invitations`, { login: guest.username, role: 'reader' });
    expect(other.status).toBe(201);

    const pending = (await guest.agent.get('/api/invitations').expect(200)).body as Invitation[];
    expect(pending.map((i) => i.id)).toEqual([invitation.id]);
    expect(pending[0]).toMatchObject({ userId: guest.id, username: guest.username });
    expect(pending[0].companyName).toMatch(/^Entreprise /);
    // Nobody else can answer it.
    expect((await post(owner, `/api/invitations/${invitation.id}/accept`)).status).toBe(404);

    const first = await post(guest, `/api/invitations/${invitation.id}/accept`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ companyId: owner.companyId, role: 'accountant', current: false });
    const second = await post(guest, `/api/invitations/${invitation.id}/accept`);
    expect(second.status).toBe(404);
    expect(second.body.message).toBe(MESSAGES_MEMBERS.invitationNotFound);
    expect((await guest.agent.get('/api/invitations').expect(200)).body).toEqual([]);

    const mine = (await guest.agent.get('/api/memberships').expect(200)).body as Membership[];
    expect(mine.map((m) => m.role).sort()).toEqual(['accountant', 'owner']);

    // Already a member now.
    const again = await post(owner, `/api/companies/${owner.companyId}/invitations`, { login: guest.username, role: 'reader' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MESSAGES_MEMBERS.alreadyMember);
  });

  it('refuses a bad role, and a declined or cancelled invitation cannot be accepted', async () => {
    const owner = await register();
    const guest = await register();
    const badRole = await post(owner, `/api/companies/${owner.companyId}/invitations`, { login: guest.username, role: 'admin' });
    expect(badRole.status).toBe(400);
    expect(badRole.body.issues[0].message).toBe(MESSAGES_MEMBERS.roleRequired);

    const a = (await post(owner, `/api/companies/${owner.companyId}/invitations`, { login: guest.username, role: 'reader' }))
      .body as Invitation;
    expect((await post(guest, `/api/invitations/${a.id}/decline`)).status).toBe(204);
    expect((await post(guest, `/api/invitations/${a.id}/accept`)).status).toBe(404);

    const b = (await post(owner, `/api/companies/${owner.companyId}/invitations`, { login: guest.username, role: 'reader' }))
      .body as Invitation;
    expect(
      ((await owner.agent.get(`/api/companies/${owner.companyId}/invitations`).expect(200)).body as Invitation[]).map((i) => i.id),
    ).toEqual([b.id]);
    expect((await del(owner, `/api/companies/${owner.companyId}/invitations/${b.id}`)).status).toBe(204);
    expect((await post(guest, `/api/invitations/${b.id}/accept`)).status).toBe(404);
    expect((await guest.agent.get('/api/memberships').expect(200)).body).toHaveLength(1);

    // Every step is in the append-only history, which the database refuses to change.
    const [events] = await stack.gw.sequelize.query(
      `SELECT action FROM identity.membership_events WHERE company_id = $1 AND user_id = $2 ORDER BY id`,
      { bind: [owner.companyId, guest.id] },
    );
    expect((events as { action: string }[]).map((e) => e.action)).toEqual(['invited', 'declined', 'invited', 'invitation_cancelled']);
    await expect(
      stack.gw.sequelize.query(`DELETE FROM identity.membership_events WHERE company_id = $1`, { bind: [owner.companyId] }),
    ).rejects.toThrow(/historique des membres/);
  });
});

describe('issue 24: invitations reveal nothing about accounts', () => {
  it('answers the same for a known and an unknown login, and lists only the login typed', async () => {
    const owner = await register();
    const known = await register();
    const knownByEmail = await register();
    const unknownLogin = `personne_${randomUUID().slice(0, 8)}`;
    const unknownEmail = `${unknownLogin}@nulle-part.sn`;
    const logins = [known.username, knownByEmail.email.toUpperCase(), unknownLogin, unknownEmail];
    const answers = [];
    for (const login of logins) answers.push(await post(owner, `/api/companies/${owner.companyId}/invitations`, { login, role: 'reader' }));
    const shape = (body: Record<string, unknown>) => Object.keys(body).sort();
    for (const [i, res] of answers.entries()) {
      expect(res.status).toBe(201);
      expect(shape(res.body as Record<string, unknown>)).toEqual(shape(answers[0].body as Record<string, unknown>));
      expect(res.body).toMatchObject({ username: logins[i], role: 'reader', companyId: owner.companyId, invitedBy: 'Awa Diop' });
      expect(res.body).not.toHaveProperty('userId');
    }
    // The owners' list: the logins typed, nothing that tells accounts from nobody.
    const listed = (await owner.agent.get(`/api/companies/${owner.companyId}/invitations`).expect(200)).body as Invitation[];
    expect(listed.map((i) => i.username)).toEqual(logins);
    expect(JSON.stringify(listed)).not.toMatch(new RegExp(`${known.id}|${knownByEmail.id}|${knownByEmail.username}`));
    // Typing a login again is the same 409 for both.
    for (const login of [known.username.toUpperCase(), unknownEmail.toUpperCase()]) {
      const again = await post(owner, `/api/companies/${owner.companyId}/invitations`, { login, role: 'reader' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(MESSAGES_MEMBERS.alreadyInvited);
    }
    // The known accounts see and may accept theirs; the unknown logins' invitations bind nobody (cancellable).
    expect(((await known.agent.get('/api/invitations').expect(200)).body as Invitation[]).map((i) => i.id)).toEqual([answers[0].body.id]);
    expect(((await knownByEmail.agent.get('/api/invitations').expect(200)).body as Invitation[]).map((i) => i.id)).toEqual([
      answers[1].body.id,
    ]);
    expect((await del(owner, `/api/companies/${owner.companyId}/invitations/${answers[2].body.id}`)).status).toBe(204);
  });
});

describe('switching company', () => {
  it('moves the session to a company the user is a member of; another company is 404', async () => {
    const owner = await register();
    const accountant = await register();
    const stranger = await register();
    await join(owner, accountant, 'accountant');

    const switched = await post(accountant, '/api/session/company', { companyId: owner.companyId });
    expect(switched.status).toBe(200);
    expect(switched.body).toMatchObject({ companyId: owner.companyId, role: 'accountant' });
    expect((await accountant.agent.get('/api/user')).body).toMatchObject({ companyId: owner.companyId, role: 'accountant' });
    // The proxied calls now reach the owner's company, with the role.
    expect((await accountant.agent.get(`/api/companies/${owner.companyId}/third-parties`)).status).toBe(200);
    expect((await accountant.agent.get(`/api/companies/${accountant.companyId}/third-parties`)).status).toBe(404);

    const foreign = await post(accountant, '/api/session/company', { companyId: stranger.companyId });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(MESSAGES_HTTP.notFound);
    expect((await post(accountant, '/api/session/company', { companyId: 'pas-un-id' })).status).toBe(400);

    // The next sign-in lands in the company last worked in.
    const again = request.agent(stack.gw.app);
    const login = await postJson(again, '/api/login', { username: accountant.username, password: 'secret123' }, accountant.ip);
    expect(login.body).toMatchObject({ companyId: owner.companyId, role: 'accountant' });
  });
});

describe('members', () => {
  it('lists, changes roles and removes; only owners; the last owner stays', async () => {
    const owner = await register();
    const other = await register();
    await join(owner, other, 'collaborator');
    await post(other, '/api/session/company', { companyId: owner.companyId });

    const members = (await owner.agent.get(`/api/companies/${owner.companyId}/members`).expect(200)).body as Member[];
    expect(members.map((m) => [m.userId, m.role]).sort()).toEqual(
      [
        [owner.id, 'owner'],
        [other.id, 'collaborator'],
      ].sort(),
    );

    // A collaborator cannot manage members (the interface hides it; the gateway refuses it).
    const refused = await other.agent.get(`/api/companies/${owner.companyId}/members`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(roleForbiddenMessage('collaborator'));

    const promoted = await patch(owner, `/api/companies/${owner.companyId}/members/${other.id}`, { role: 'owner' });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ userId: other.id, role: 'owner' });
    // The role takes effect at the next request, without signing in again.
    expect((await other.agent.get('/api/user')).body.role).toBe('owner');
    expect((await other.agent.get(`/api/companies/${owner.companyId}/members`)).status).toBe(200);

    // Two owners: one may step down, not the last one.
    expect((await patch(other, `/api/companies/${owner.companyId}/members/${owner.id}`, { role: 'reader' })).status).toBe(200);
    const lastOwner = await patch(other, `/api/companies/${owner.companyId}/members/${other.id}`, { role: 'accountant' });
    expect(lastOwner.status).toBe(409);
    expect(lastOwner.body.message).toBe(MESSAGES_MEMBERS.lastOwner);
    const removeLast = await del(other, `/api/companies/${owner.companyId}/members/${other.id}`);
    expect(removeLast.status).toBe(409);
    expect(removeLast.body.message).toBe(MESSAGES_MEMBERS.lastOwner);
    // Enforced by the database itself, not only the API.
    await expect(
      stack.gw.sequelize.query(`DELETE FROM identity.memberships WHERE company_id = $1 AND role = 'owner'`, { bind: [owner.companyId] }),
    ).rejects.toThrow(/au moins un propriétaire/);
  });

  it('two owners removing each other at once: one removal wins, an owner remains', async () => {
    const a = await register();
    const b = await register();
    await join(a, b, 'owner');
    await post(b, '/api/session/company', { companyId: a.companyId });
    const [x, y] = await Promise.all([
      del(a, `/api/companies/${a.companyId}/members/${b.id}`),
      del(b, `/api/companies/${a.companyId}/members/${a.id}`),
    ]);
    expect([x.status, y.status].sort()).toEqual([204, 409]);
    const [owners] = await stack.gw.sequelize.query(
      `SELECT count(*)::int AS n FROM identity.memberships WHERE company_id = $1 AND role = 'owner'`,
      {
        bind: [a.companyId],
      },
    );
    expect((owners as { n: number }[])[0].n).toBe(1);
  });

  it('a removed member loses access at their next request, and the session moves to their own company', async () => {
    const owner = await register();
    const member = await register();
    await join(owner, member, 'accountant');
    await post(member, '/api/session/company', { companyId: owner.companyId });
    // Plain reads (the fast path) and writes (through express-session) both reach the company.
    expect((await member.agent.get(`/api/companies/${owner.companyId}/third-parties`)).status).toBe(200);

    expect((await del(owner, `/api/companies/${owner.companyId}/members/${member.id}`)).status).toBe(204);
    expect(await stack.gw.redis!.get(memberKey(`${config.redisPrefix}:member:`, owner.companyId, member.id))).toBe('none');

    expect((await member.agent.get(`/api/companies/${owner.companyId}/third-parties`)).status).toBe(404);
    const write = await post(member, `/api/companies/${owner.companyId}/third-parties`, { type: 'client', name: 'Client X' });
    expect(write.status).toBe(404);
    // GET /api/user moves the session back to a company of their own.
    expect((await member.agent.get('/api/user')).body).toMatchObject({ companyId: member.companyId, role: 'owner' });
  });

  it('the membership mirror is rebuilt from Postgres when Redis lost it', async () => {
    const owner = await register();
    const key = memberKey(`${config.redisPrefix}:member:`, owner.companyId, owner.id);
    await stack.gw.redis!.del(key);
    expect((await owner.agent.get(`/api/companies/${owner.companyId}/third-parties`)).status).toBe(200);
    expect(await stack.gw.redis!.get(key)).toBe('owner');
  });

  it('plain reads take the role from the mirror, read with the session in one round trip', async () => {
    const owner = await register();
    const key = memberKey(`${config.redisPrefix}:member:`, owner.companyId, owner.id);
    const url = `/api/companies/${owner.companyId}/third-parties`;
    expect((await owner.agent.get(url)).status).toBe(200);
    // The mirror says "not a member" (Postgres still says owner): the read path believes the mirror.
    await stack.gw.redis!.set(key, 'none', 'EX', 60);
    expect((await owner.agent.get(url)).status).toBe(404);
    await stack.gw.redis!.set(key, 'owner', 'EX', 60);
    expect((await owner.agent.get(url)).status).toBe(200);
  });

  it('another company’s members and invitations are 404, signed out 401', async () => {
    const owner = await register();
    const other = await register();
    for (const path of ['members', 'invitations']) {
      expect((await other.agent.get(`/api/companies/${owner.companyId}/${path}`)).status).toBe(404);
      expect((await request(stack.gw.app).get(`/api/companies/${owner.companyId}/${path}`)).status).toBe(401);
    }
    expect((await patch(other, `/api/companies/${owner.companyId}/members/${owner.id}`, { role: 'reader' })).status).toBe(404);
    expect((await del(other, `/api/companies/${owner.companyId}/members/${owner.id}`)).status).toBe(404);
    for (const path of ['/api/memberships', '/api/invitations', '/api/portfolio'])
      expect((await request(stack.gw.app).get(path)).status).toBe(401);
  });
});

describe('GET /api/portfolio', () => {
  it('one row per company of the user, with its role, figures from accounting', async () => {
    const a = await register();
    const b = await register();
    await join(b, a, 'reader');
    const res = await a.agent.get('/api/portfolio').expect(200);
    expect(res.body.figuresAvailable).toBe(true);
    const rows = res.body.rows as { companyId: string; role: string; current: boolean; treasury: string | null; companyName: string }[];
    expect(rows.map((r) => [r.companyId, r.role, r.current]).sort()).toEqual(
      [
        [a.companyId, 'owner', true],
        [b.companyId, 'reader', false],
      ].sort(),
    );
    for (const r of rows) {
      expect(r.companyName).toMatch(/^Entreprise /);
      expect(r.treasury).toBe('0.00');
    }
  });
});

describe('issue 24: quotas on invitations and companies', () => {
  let limited: Gateway;
  beforeAll(async () => {
    limited = await gatewayTo({ accounting: stack.accounting.url }, { invitationsMaxPerWindow: 3, companiesMaxPerWindow: 2 });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('answers 429 in French past the invitations an owner may send, known login or not', async () => {
    const owner = await register(limited);
    const url = `/api/companies/${owner.companyId}/invitations`;
    for (let i = 0; i < 3; i++) expect((await post(owner, url, { login: `inconnu_${randomUUID()}`, role: 'reader' })).status).toBe(201);
    const guest = await register(limited);
    for (const login of [guest.username, `inconnu_${randomUUID()}`]) {
      const refused = await post(owner, url, { login, role: 'reader' });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(MESSAGES_MEMBERS.tooManyInvitations);
    }
    expect((await guest.agent.get('/api/invitations').expect(200)).body).toEqual([]);
    // Per user: another owner still invites.
    const other = await register(limited);
    expect((await post(other, `/api/companies/${other.companyId}/invitations`, { login: guest.username, role: 'reader' })).status).toBe(
      201,
    );
  });

  it('answers 429 in French past the companies a user may create, and creates nothing more', async () => {
    const user = await register(limited);
    // An invalid body is refused before the quota and costs nothing.
    expect((await post(user, '/api/companies', { name: '', sector: 'commerce' })).status).toBe(400);
    for (const name of ['Atelier Sow', 'Boutique Fall'])
      expect((await post(user, '/api/companies', { name, sector: 'commerce' })).status).toBe(201);
    const refused = await post(user, '/api/companies', { name: 'Une de trop', sector: 'commerce' });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(MESSAGES_MEMBERS.tooManyCompanies);
    expect((await user.agent.get('/api/memberships').expect(200)).body).toHaveLength(3);
  });
});

describe('issue 4: a user in 500 companies', () => {
  it('gets every company in GET /api/portfolio (with figures) and GET /api/memberships (with names)', async () => {
    const user = await register();
    const ids = Array.from({ length: 499 }, () => randomUUID());
    await stack.gw.sequelize.query(
      `INSERT INTO accounting.companies (id, name, sector) SELECT c, 'Société ' || k, 'commerce' FROM unnest($1::uuid[]) WITH ORDINALITY AS u (c, k)`,
      { bind: [ids] },
    );
    await stack.gw.sequelize.query(
      `INSERT INTO identity.memberships (user_id, company_id, role) SELECT $1, c, 'reader' FROM unnest($2::uuid[]) AS c`,
      { bind: [user.id, ids] },
    );
    const names = new Map<string, string>(ids.map((id, k) => [id, `Société ${k + 1}`]));
    names.set(user.companyId, expect.stringMatching(/^Entreprise /));

    const portfolio = (await user.agent.get('/api/portfolio').expect(200)).body as {
      figuresAvailable: boolean;
      rows: { companyId: string; companyName: string; treasury: string | null; overdueInvoices: number | null }[];
    };
    expect(portfolio.figuresAvailable).toBe(true);
    expect(portfolio.rows).toHaveLength(500);
    expect(new Set(portfolio.rows.map((r) => r.companyId))).toEqual(new Set(names.keys()));
    for (const row of portfolio.rows) {
      expect(row.companyName).toEqual(names.get(row.companyId));
      expect(row.treasury).toBe('0.00');
      expect(row.overdueInvoices).toBe(0);
    }

    const mine = (await user.agent.get('/api/memberships').expect(200)).body as Membership[];
    expect(mine).toHaveLength(500);
    for (const m of mine) expect(m.companyName).toEqual(names.get(m.companyId));
  });
});

describe('issue 24 finding 6: a removal takes effect at the next request even when Redis refuses writes', () => {
  // The gateway under test signs in to Redis as its own ACL user, whose write commands the test
  // revokes at the chosen moment (NOPERM for every write from then on): a real Redis refusal.
  const aclUser = `xaalis-test-${randomUUID().slice(0, 8)}`;
  const aclPassword = randomUUID();
  let admin: ReturnType<typeof createRedis>;
  let acl: Gateway;
  const writes = (on: boolean) => admin.call('ACL', 'SETUSER', aclUser, on ? '+@all' : '-@write');

  beforeAll(async () => {
    admin = createRedis(config.redisUrl, { enableOfflineQueue: true });
    await admin.call('ACL', 'SETUSER', aclUser, 'on', `>${aclPassword}`, '~*', '&*', '+@all');
    const url = new URL(config.redisUrl);
    url.username = aclUser;
    url.password = aclPassword;
    acl = await gatewayTo({ accounting: stack.accounting.url }, { redisUrl: url.toString() });
  });
  afterAll(async () => {
    await acl?.close();
    await admin?.call('ACL', 'DELUSER', aclUser);
    admin?.disconnect();
  });

  /** Until the removal's DELETE waits for the row the test holds (inside its transaction). */
  async function removalWaiting(): Promise<void> {
    for (let i = 0; i < 200; i++) {
      const [rows] = await acl.sequelize.query(
        `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'DELETE FROM%memberships%'`,
      );
      if (rows.length) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('the removal never reached its DELETE');
  }

  async function memberOf(): Promise<{ owner: Account; member: Account; key: string; url: string }> {
    const owner = await register(acl);
    const member = await register(acl);
    const invited = await post(owner, `/api/companies/${owner.companyId}/invitations`, { login: member.username, role: 'accountant' });
    expect((await post(member, `/api/invitations/${(invited.body as Invitation).id}/accept`)).status).toBe(200);
    expect((await post(member, '/api/session/company', { companyId: owner.companyId })).status).toBe(200);
    const url = `/api/companies/${owner.companyId}/third-parties`;
    expect((await member.agent.get(url)).status).toBe(200);
    const key = memberKey(`${config.redisPrefix}:member:`, owner.companyId, member.id);
    expect(await admin.get(key)).toBe('accountant');
    return { owner, member, key, url };
  }

  it('Redis refuses the write after the commit: the old role is gone all the same, the member gets 404', async () => {
    const { owner, member, key, url } = await memberOf();
    // Hold the membership row so the removal stops inside its transaction; revoke Redis writes
    // while it waits, then let it commit: its write to the mirror after the commit gets NOPERM.
    const hold = await acl.sequelize.transaction();
    let removed: number;
    let next: number;
    try {
      await acl.sequelize.query(`SELECT 1 FROM identity.memberships WHERE company_id = $1 AND user_id = $2 FOR UPDATE`, {
        bind: [owner.companyId, member.id],
        transaction: hold,
      });
      const removal = del(owner, `/api/companies/${owner.companyId}/members/${member.id}`).then((r) => r.status);
      await removalWaiting();
      await writes(false);
      await hold.commit();
      removed = await removal;
      // The member's next request, Redis still refusing writes.
      next = (await member.agent.get(url)).status;
    } finally {
      await writes(true);
    }
    expect(next).toBe(404);
    // The removal is done (committed) and said so; the mirror holds its marker, not the old role.
    expect(removed).toBe(204);
    expect(await admin.get(key)).toMatch(/^changing:/);
    expect(await admin.ttl(key)).toBeLessThanOrEqual(ACCESS_TTL_S);
    // Redis writable again: still 404 (Postgres answers while the marker is there; nothing refills the old role).
    expect((await member.agent.get(url)).status).toBe(404);
    expect(await admin.get(key)).toMatch(/^changing:/);
  });

  it('Redis refuses the write before the change: 503 in French and nothing changes', async () => {
    const { owner, member, key, url } = await memberOf();
    await writes(false);
    let res;
    try {
      res = await del(owner, `/api/companies/${owner.companyId}/members/${member.id}`);
    } finally {
      await writes(true);
    }
    expect(res.status).toBe(503);
    expect(res.body.message).toMatch(/indisponible/);
    const [rows] = await acl.sequelize.query(`SELECT role FROM identity.memberships WHERE company_id = $1 AND user_id = $2`, {
      bind: [owner.companyId, member.id],
    });
    expect(rows).toEqual([{ role: 'accountant' }]);
    expect(await admin.get(key)).toBe('accountant');
    expect((await member.agent.get(url)).status).toBe(200);
  });

  it('a fill that read Postgres before the commit cannot put the old role back', async () => {
    const { owner, member, key, url } = await memberOf();
    await admin.del(key);
    const hold = await acl.sequelize.transaction();
    await acl.sequelize.query(`SELECT 1 FROM identity.memberships WHERE company_id = $1 AND user_id = $2 FOR UPDATE`, {
      bind: [owner.companyId, member.id],
      transaction: hold,
    });
    const removal = del(owner, `/api/companies/${owner.companyId}/members/${member.id}`).then((r) => r);
    await removalWaiting();
    // During the change the member's request reads Postgres (still a member: 200) and fills nothing.
    expect((await member.agent.get(url)).status).toBe(200);
    expect(await admin.get(key)).toMatch(/^changing:/);
    await hold.commit();
    expect((await removal).status).toBe(204);
    expect(await admin.get(key)).toBe('none');
    expect((await member.agent.get(url)).status).toBe(404);
  });
});
