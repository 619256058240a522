import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { dropServiceRoles } from '@xaalis/service-kit';
import { rolesFromEnv } from '../db-roles';
import { serviceDatabaseUrls } from './db-roles';

// `npm start` with an operator's DATABASE_URL: roles when that user may create them, the URL
// as it is otherwise. Own database and roles (cluster-wide), dropped at the end.

const runUrl = new URL(process.env.DATABASE_URL ?? '');
const adminUrl = new URL(runUrl.toString());
adminUrl.pathname = '/postgres';
const suffix = randomBytes(3).toString('hex');
const dbName = `${decodeURIComponent(runUrl.pathname.slice(1))}_start_${suffix}`;
const dbUrl = new URL(runUrl.toString());
dbUrl.pathname = `/${dbName}`;
const plainRole = `xaalis_plain_${suffix}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xaalis-db-roles-'));
const services = ['gateway', 'accounting', 'hr', 'sector'];

async function admin(sql: string): Promise<void> {
  const c = new Client({ connectionString: adminUrl.toString() });
  await c.connect();
  await c.query(sql).finally(() => c.end());
}

beforeAll(() => admin(`CREATE DATABASE "${dbName}"`));
afterAll(async () => {
  await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await dropServiceRoles(adminUrl.toString(), [...services.map((s) => `${dbName}_${s}`), plainRole]);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start: database URL of each process', () => {
  it('provisions `<database>_<service>` roles with passwords kept in the data directory, the same on the next start', async () => {
    const logs: string[] = [];
    const first = await serviceDatabaseUrls(dbUrl.toString(), dataDir, (m) => logs.push(m));
    expect(Object.keys(first).sort()).toEqual([...services].sort());
    for (const s of services) expect(decodeURIComponent(new URL(first[s]).username)).toBe(`${dbName}_${s}`);
    expect(new Set(services.map((s) => new URL(first[s]).password)).size).toBe(services.length);
    expect(fs.statSync(path.join(dataDir, 'db-roles.json')).mode & 0o777).toBe(0o600);
    expect(await serviceDatabaseUrls(dbUrl.toString(), dataDir, (m) => logs.push(m))).toEqual(first);
    expect(logs.filter((m) => m.includes('un rôle par service'))).toHaveLength(2);
  });

  it('uses a DATABASE_URL that may not create roles as it is, and says so', async () => {
    await admin(`CREATE ROLE "${plainRole}" LOGIN`);
    const plain = new URL(dbUrl.toString());
    plain.username = plainRole;
    const logs: string[] = [];
    const urls = await serviceDatabaseUrls(plain.toString(), dataDir, (m) => logs.push(m));
    expect(Object.values(urls)).toEqual(services.map(() => plain.toString()));
    expect(logs.join('\n')).toContain('ne peut pas créer de rôles');
  });
});

describe('node infra/dist/db-roles.js (compose, Kubernetes)', () => {
  const env = {
    DATABASE_ADMIN_URL: 'postgres://xaalis:admin@postgres:5432/xaalis',
    GATEWAY_DATABASE_URL: 'postgres://xaalis_gateway:g%40w@postgres:5432/xaalis',
    ACCOUNTING_DATABASE_URL: 'postgres://xaalis_accounting:a@postgres:5432/xaalis',
    HR_DATABASE_URL: 'postgres://xaalis_hr:h@postgres:5432/xaalis',
    SECTOR_DATABASE_URL: 'postgres://xaalis_sector:s@postgres:5432/xaalis',
  };

  it("takes each service's role and password from its URL", () => {
    const { adminUrl: admin, roles } = rolesFromEnv(env);
    expect(admin).toBe(env.DATABASE_ADMIN_URL);
    expect(roles.map((r) => [r.role, r.password, r.schema])).toEqual([
      ['xaalis_gateway', 'g@w', 'identity'],
      ['xaalis_accounting', 'a', 'accounting'],
      ['xaalis_hr', 'h', 'hr'],
      ['xaalis_sector', 's', 'sector'],
    ]);
  });

  it('names a missing variable or password', () => {
    expect(() => rolesFromEnv({ ...env, HR_DATABASE_URL: undefined })).toThrow('HR_DATABASE_URL is not set');
    expect(() => rolesFromEnv({ ...env, DATABASE_ADMIN_URL: undefined })).toThrow('DATABASE_ADMIN_URL is not set');
    expect(() => rolesFromEnv({ ...env, SECTOR_DATABASE_URL: 'postgres://xaalis_sector@postgres/xaalis' })).toThrow(
      'SECTOR_DATABASE_URL must name a user and its password',
    );
  });
});
