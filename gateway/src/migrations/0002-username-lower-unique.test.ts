import { randomUUID } from 'node:crypto';
import { createSequelize } from '@xaalis/service-kit';
import type { Sequelize } from 'sequelize';
import { loadConfig } from '../config';
import { up as createUsers } from './0001-identity';
import { up as usernameLowerUnique } from './0002-username-lower-unique';

// A throwaway schema of the test database: the migration as it runs on an existing table.
let sequelize: Sequelize;
const schema = `identity_m2_${randomUUID().slice(0, 8)}`;
const context = () => ({ sequelize, schema, queryInterface: sequelize.getQueryInterface() });
const insert = (username: string) =>
  sequelize.query(`INSERT INTO "${schema}".users (id, username, email, password_hash) VALUES (:id, :username, :email, 'x')`, {
    replacements: { id: randomUUID(), username, email: `${username}-${randomUUID()}@exemple.sn` },
  });

beforeAll(async () => {
  sequelize = createSequelize(loadConfig().databaseUrl);
  await sequelize.query(`CREATE SCHEMA "${schema}"`);
  await createUsers({ context: context() });
});

afterAll(async () => {
  await sequelize.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await sequelize.close();
});

describe('migration 0002: usernames unique ignoring case', () => {
  it('stops and names the accounts when case-only duplicates exist', async () => {
    await insert('AWA');
    await insert('awa');
    await insert('Moussa');
    await expect(usernameLowerUnique({ context: context() })).rejects.toThrow(/1 name\(s\).*awa: AWA \([0-9a-f-]{36}\), awa \(/);
  });

  it('creates the index once they are renamed; a case variant is then refused by the database', async () => {
    await sequelize.query(`UPDATE "${schema}".users SET username = 'awa2' WHERE username = 'awa'`);
    await usernameLowerUnique({ context: context() });
    await expect(insert('MOUSSA')).rejects.toMatchObject({ name: 'SequelizeUniqueConstraintError' });
    await insert('fatou');
  });
});
