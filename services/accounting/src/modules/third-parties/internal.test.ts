import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { MAX_INTERNAL_IDS, MESSAGES_INTERNAL_INVOICE, type InternalThirdParty } from '@xaalis/contracts';
import type { RunningService } from '@xaalis/service-kit';
import { start } from '../../server';
import { TOKEN, createCompany, createThirdParty } from '../../test-support';

// The internal third-party reads the sector service makes (client names of reservations and projects).
let service: RunningService;
let own: string;
let other: string;

const get = (companyId: string, ids?: string) => {
  const req = request(service.app).get(`/internal/companies/${companyId}/third-parties`).set('X-Internal-Token', TOKEN);
  return ids === undefined ? req : req.query({ ids });
};

beforeAll(async () => {
  service = await start({ port: 0 });
  own = (await createCompany(service)).id;
  other = (await createCompany(service)).id;
});

afterAll(async () => {
  await service.close();
});

describe('internal third-party routes', () => {
  it('require the internal token', async () => {
    await request(service.app).get(`/internal/companies/${own}/third-parties`).expect(403);
    await request(service.app).get(`/internal/companies/${own}/third-parties`).set('X-Internal-Token', 'wrong').expect(403);
  });

  it('read the listed third parties of the company (any type) in one call; foreign and malformed ids dropped', async () => {
    const client = await createThirdParty(service, own, { type: 'client', name: 'Sonatel' });
    const supplier = await createThirdParty(service, own, { type: 'supplier', name: 'Sen Fournitures' });
    const foreign = await createThirdParty(service, other, { type: 'client', name: 'Autre société' });
    const res = (await get(own, [client.id, supplier.id.toUpperCase(), foreign.id, 'x', randomUUID()].join(',')).expect(200))
      .body as InternalThirdParty[];
    expect(res).toEqual([
      { id: supplier.id, name: 'Sen Fournitures', type: 'supplier' },
      { id: client.id, name: 'Sonatel', type: 'client' },
    ]);
    expect((await get(other, client.id).expect(200)).body).toEqual([]);
    expect((await get(own, '').expect(200)).body).toEqual([]);
    const tooMany = Array.from({ length: MAX_INTERNAL_IDS + 1 }, () => randomUUID()).join(',');
    expect((await get(own, tooMany).expect(400)).body.message).toBe(MESSAGES_INTERNAL_INVOICE.tooManyIds);
  });

  it('list the company’s clients (client or both) without ids', async () => {
    const both = await createThirdParty(service, own, { type: 'both', name: 'Awa Ndiaye' });
    await createThirdParty(service, own, { type: 'supplier', name: 'Fournisseur seul' });
    const clients = (await get(own).expect(200)).body as InternalThirdParty[];
    expect(clients.map((c) => c.name)).toEqual(['Awa Ndiaye', 'Sonatel']);
    expect(clients[0]).toEqual({ id: both.id, name: 'Awa Ndiaye', type: 'both' });
    expect(((await get(other).expect(200)).body as InternalThirdParty[]).map((c) => c.name)).toEqual(['Autre société']);
  });

  it('answer 404 for a path company that is not a uuid', async () => {
    await get('not-a-uuid').expect(404);
  });
});
