import http from 'node:http';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  MESSAGES_HTTP,
  MESSAGES_SECTOR_MODULES,
  SECTOR_MODULE_IDS,
  SECTOR_RESOURCES,
  serviceUnavailableMessage,
  type CompanyModules,
  type SectorModule,
} from '@xaalis/contracts';
import { internalClient } from '@xaalis/service-kit';
import { asTenant, messageOf, runWithStandIns, TOKEN } from '../../test-support';
import { companyModulesService } from './service';

// The real sector service on the real database. The accounting service is a
// stand-in answering its internal company route (the company's sector), so the
// test can also take it down.
const sectors = new Map<string, string>();
let accountingUp = true;
const accounting: http.RequestListener = (req, res) => {
  const id = /^\/internal\/companies\/([^/]+)$/.exec(req.url ?? '')?.[1];
  if (!accountingUp) res.writeHead(503).end();
  else if (req.headers['x-internal-token'] !== TOKEN) res.writeHead(403).end();
  else if (!id || !sectors.has(id)) res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Entreprise introuvable"}');
  else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id, sector: sectors.get(id) }));
};

const running = runWithStandIns({ ACCOUNTING_URL: accounting });

const url = (companyId: string) => `/api/companies/${companyId}/modules`;
const get = (companyId: string, as = companyId) => request(running.service.app).get(url(companyId)).set(asTenant(as));
const put = (companyId: string, body: object, as = companyId) =>
  request(running.service.app).put(url(companyId)).set(asTenant(as)).send(body);

/** A company the accounting service knows, with this sector. */
function company(sector: string): string {
  const id = randomUUID();
  sectors.set(id, sector);
  return id;
}

describe('module settings', () => {
  it("defaults to the company's sector (hotel: hotel and restaurant) until the company saves its choice", async () => {
    expect((await get(company('restauration')).expect(200)).body).toEqual({ modules: ['restaurant'], customized: false });
    expect((await get(company('hotel')).expect(200)).body).toEqual({ modules: ['hotel', 'restaurant'], customized: false });
    expect((await get(company('transformation')).expect(200)).body).toEqual({ modules: ['transformation'], customized: false });
    expect((await get(company('service')).expect(200)).body).toEqual({ modules: ['services'], customized: false });
    expect((await get(company('commerce')).expect(200)).body).toEqual({ modules: [], customized: false });
    // A company the accounting service does not know has no module.
    expect((await get(randomUUID()).expect(200)).body).toEqual({ modules: [], customized: false });
  });

  it('saves the choice (each module once, in the canonical order) and reads it back', async () => {
    const id = company('commerce');
    const saved = (await put(id, { modules: ['services', 'hotel', 'services'] }).expect(200)).body as CompanyModules;
    expect(saved).toEqual({ modules: ['hotel', 'services'], customized: true });
    expect((await get(id).expect(200)).body).toEqual(saved);
    // Switching everything off is a choice too: the sector no longer decides.
    await put(id, { modules: [] }).expect(200, { modules: [], customized: true });
    sectors.set(id, 'hotel');
    expect((await get(id).expect(200)).body).toEqual({ modules: [], customized: true });
  });

  it('refuses unknown modules or a missing list with a French message, saving nothing', async () => {
    const id = company('restauration');
    for (const modules of [['restaurant', 'bakery'], ['Hotel'], [1]]) {
      expect(messageOf(await put(id, { modules }).expect(400))).toBe(MESSAGES_SECTOR_MODULES.unknownModule);
    }
    for (const body of [{}, { modules: 'hotel' }, { modules: null }]) {
      expect(messageOf(await put(id, body).expect(400))).toBe(MESSAGES_SECTOR_MODULES.modulesRequired);
    }
    expect((await get(id).expect(200)).body).toEqual({ modules: ['restaurant'], customized: false });
  });

  it("keeps another company's settings out of reach (404) and unchanged", async () => {
    const mine = company('service');
    const theirs = company('service');
    await put(theirs, { modules: ['hotel'] }).expect(200);
    await get(theirs, mine).expect(404);
    await put(theirs, { modules: [] }, mine).expect(404);
    expect((await get(theirs).expect(200)).body).toEqual({ modules: ['hotel'], customized: true });
    expect((await get(mine).expect(200)).body).toEqual({ modules: ['services'], customized: false });
  });
});

describe('module gate', () => {
  const RESOURCES = Object.entries<SectorModule>(SECTOR_RESOURCES);

  /** Every way of calling a resource: list, record, sub-action, top-level record, with a client trying to force it. */
  function calls(companyId: string, resource: string) {
    const id = randomUUID();
    const app = request(running.service.app);
    const h = asTenant(companyId);
    const base = `/api/companies/${companyId}/${resource}`;
    return [
      app.get(base).set(h),
      app.get(`${base}?modules=${SECTOR_MODULE_IDS.join(',')}`).set(h),
      app
        .post(base)
        .set(h)
        .send({ name: 'x', companyId, modules: [...SECTOR_MODULE_IDS] }),
      app.get(`${base}/${id}`).set(h),
      app.put(`${base}/${id}`).set(h).send({}),
      app.delete(`${base}/${id}`).set(h),
      app.post(`${base}/${id}/complete`).set(h).send({}),
      app.get(`/api/${resource}/${id}`).set(h),
      app.patch(`/api/${resource}/${id}`).set(h).send({}),
    ];
  }

  /** Other forms of the same path: not canonical, so no route and no module is reached (a plain 404). */
  function variants(companyId: string, resource: string) {
    const app = request(running.service.app);
    const h = asTenant(companyId);
    return [
      app.get(`/api/companies/${companyId}/${resource.toUpperCase()}`).set(h),
      app.get(`/api/Companies/${companyId}/%${resource.charCodeAt(0).toString(16)}${resource.slice(1)}`).set(h),
    ];
  }

  it.each(RESOURCES)("refuses every call of '%s' (module %s) with the French 404 when the module is off", async (resource, module) => {
    const id = company('commerce');
    // Every other module on: only this one is off.
    await put(id, { modules: SECTOR_MODULE_IDS.filter((m) => m !== module) }).expect(200);
    const answers = await Promise.all(calls(id, resource).map(async (call) => call));
    for (const [i, res] of answers.entries()) {
      expect({ call: i, status: res.status, message: messageOf(res) }).toEqual({
        call: i,
        status: 404,
        message: MESSAGES_SECTOR_MODULES.notEnabled,
      });
    }
    for (const res of await Promise.all(variants(id, resource).map(async (call) => call)))
      expect({ status: res.status, message: messageOf(res) }).toEqual({ status: 404, message: MESSAGES_HTTP.notFound });
  });

  it.each(RESOURCES)("lets the calls of '%s' (module %s) through to the module once it is on", async (resource, module) => {
    const id = company('commerce');
    await put(id, { modules: [module] }).expect(200);
    for (const call of calls(id, resource)) {
      const res = await call;
      expect(messageOf(res)).not.toBe(MESSAGES_SECTOR_MODULES.notEnabled);
    }
  });

  it('follows the sector while the company has not chosen, then its choice', async () => {
    const id = company('hotel');
    const status = async (resource: string) => {
      const res = await request(running.service.app).get(`/api/companies/${id}/${resource}`).set(asTenant(id));
      return messageOf(res) === MESSAGES_SECTOR_MODULES.notEnabled ? 'off' : 'on';
    };
    expect([await status('rooms'), await status('recipes'), await status('projects'), await status('raw-materials')]).toEqual([
      'on',
      'on',
      'off',
      'off',
    ]);
    await put(id, { modules: ['services'] }).expect(200);
    // A saved choice applies at once (it is never cached).
    expect([await status('rooms'), await status('recipes'), await status('projects'), await status('raw-materials')]).toEqual([
      'off',
      'off',
      'on',
      'off',
    ]);
  });

  it("gates on the gateway's tenant, never on the path or the body", async () => {
    const mine = company('commerce');
    const theirs = company('hotel');
    // Another company's path is a 404 anyway; the top-level route uses the tenant header.
    await request(running.service.app).get(`/api/companies/${theirs}/rooms`).set(asTenant(mine)).expect(404);
    const res = await request(running.service.app)
      .get(`/api/rooms/${randomUUID()}`)
      .set(asTenant(mine))
      .query({ companyId: theirs })
      .expect(404);
    expect(messageOf(res)).toBe(MESSAGES_SECTOR_MODULES.notEnabled);
    await request(running.service.app).get(`/api/rooms/${randomUUID()}`).set({ 'X-Internal-Token': TOKEN }).expect(403);
  });

  it('leaves the module settings and the status probe ungated', async () => {
    const id = company('commerce');
    await put(id, { modules: [] }).expect(200);
    await request(running.service.app).get(`/api/companies/${id}/sector-status`).set(asTenant(id)).expect(200);
    await get(id).expect(200);
  });
});

describe('accounting service down', () => {
  it('answers 503 (French) when the sector is needed and unknown, but a saved choice keeps working', async () => {
    const unknown = company('hotel');
    const chosen = company('hotel');
    await put(chosen, { modules: ['hotel'] }).expect(200);
    accountingUp = false;
    try {
      expect(messageOf(await get(unknown).expect(503))).toBe(serviceUnavailableMessage('accounting'));
      expect(messageOf(await request(running.service.app).get(`/api/companies/${unknown}/rooms`).set(asTenant(unknown)).expect(503))).toBe(
        serviceUnavailableMessage('accounting'),
      );
      expect((await get(chosen).expect(200)).body).toEqual({ modules: ['hotel'], customized: true });
    } finally {
      accountingUp = true;
    }
  });

  it('falls back on the last known sector once the cache has expired', async () => {
    const id = company('transformation');
    const modules = companyModulesService(running.service.ctx.sequelize, {
      internalToken: TOKEN,
      accounting: internalClient('accounting', TOKEN, running.urls.ACCOUNTING_URL),
      cacheMs: 0,
    });
    expect(await modules.get(id)).toEqual({ modules: ['transformation'], customized: false });
    accountingUp = false;
    try {
      expect(await modules.get(id)).toEqual({ modules: ['transformation'], customized: false });
      expect(await modules.isEnabled(id, 'transformation')).toBe(true);
      expect(await modules.isEnabled(id, 'hotel')).toBe(false);
    } finally {
      accountingUp = true;
    }
  });

  it('follows a change of sector once the cache has expired', async () => {
    const id = company('restauration');
    let clock = 0;
    const modules = companyModulesService(running.service.ctx.sequelize, { internalToken: TOKEN, now: () => clock });
    expect((await modules.get(id)).modules).toEqual(['restaurant']);
    sectors.set(id, 'service');
    expect((await modules.get(id)).modules).toEqual(['restaurant']);
    clock += 30_001;
    expect((await modules.get(id)).modules).toEqual(['services']);
  });
});
