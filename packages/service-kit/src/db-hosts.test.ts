import { QueryTypes } from 'sequelize';
import { createSequelize } from './db';
import { hostPicker, parseDatabaseUrl } from './db-hosts';
import { lsnKey } from './read-replica';

describe('parseDatabaseUrl', () => {
  it('reads a failover pair as pg_autoctl prints it', () => {
    expect(
      parseDatabaseUrl('postgres://app:p%40ss@10.0.0.1:5432,10.0.0.2:5433/xaalis?target_session_attrs=read-write&sslmode=require'),
    ).toEqual({
      hosts: [
        { host: '10.0.0.1', port: 5432 },
        { host: '10.0.0.2', port: 5433 },
      ],
      database: 'xaalis',
      user: 'app',
      password: 'p@ss',
      targetSessionAttrs: 'read-write',
      ssl: { rejectUnauthorized: false },
      params: {},
    });
  });

  it('defaults the port, reads IPv6 hosts and keeps other parameters', () => {
    const url = parseDatabaseUrl('postgresql://app@[::1]:6432,db.internal/xaalis?application_name=x&sslmode=verify-full');
    expect(url.hosts).toEqual([
      { host: '::1', port: 6432 },
      { host: 'db.internal', port: 5432 },
    ]);
    expect({ attrs: url.targetSessionAttrs, ssl: url.ssl, params: url.params, password: url.password }).toEqual({
      attrs: 'any',
      ssl: true,
      params: { application_name: 'x' },
      password: undefined,
    });
  });

  it('refuses what it cannot honour', () => {
    expect(() => parseDatabaseUrl('mysql://x@h/db')).toThrow('postgres://');
    expect(() => parseDatabaseUrl('postgres://x@h/db?target_session_attrs=whatever')).toThrow('target_session_attrs=whatever');
  });
});

describe('lsnKey', () => {
  it('orders WAL positions as Postgres does, whatever the digits written', () => {
    const keys = ['0/16B3748', '0/9FFFFFF', '1/0', 'A/1', '0/A0000000'].map(lsnKey);
    expect([...keys].sort()).toEqual([lsnKey('0/9FFFFFF'), lsnKey('0/16B3748'), lsnKey('0/A0000000'), lsnKey('1/0'), lsnKey('A/1')].sort());
    expect((lsnKey('0/9FFFFFF') as string) < (lsnKey('0/A000000') as string)).toBe(true);
    expect((lsnKey('1/0') as string) > (lsnKey('0/FFFFFFFF') as string)).toBe(true);
    expect(lsnKey('nonsense')).toBeNull();
    expect(lsnKey(undefined)).toBeNull();
  });
});

describe('several hosts (the run’s Postgres and a port nobody listens on)', () => {
  const real = new URL(process.env.DATABASE_URL as string);
  const list = (attrs: string) => `postgres://${real.username}@127.0.0.1:1,${real.host}${real.pathname}?target_session_attrs=${attrs}`;

  it('picks the first host that fits: the unreachable one is skipped', async () => {
    expect(await hostPicker(parseDatabaseUrl(list('read-write')))()).toEqual({ host: real.hostname, port: Number(real.port || 5432) });
    // The run's Postgres is a primary: no standby in the list.
    expect(await hostPicker(parseDatabaseUrl(list('standby')))()).toBeNull();
    expect(await hostPicker(parseDatabaseUrl(list('prefer-standby')))()).toEqual({ host: real.hostname, port: Number(real.port || 5432) });
  });

  it('a Sequelize on the list queries the host that fits; none fits: a connection error (503)', async () => {
    const db = createSequelize(list('primary'), { poolMax: 1 });
    try {
      const [row] = await db.query<{ ok: number }>('SELECT 1 AS ok', { type: QueryTypes.SELECT });
      expect(row.ok).toBe(1);
    } finally {
      await db.close();
    }
    const none = createSequelize(list('standby'), { poolMax: 1 });
    try {
      await expect(none.query('SELECT 1')).rejects.toMatchObject({ name: 'SequelizeConnectionRefusedError' });
    } finally {
      await none.close();
    }
  });
});
