import { randomUUID } from 'node:crypto';
import { createSequelize } from '@xaalis/service-kit';
import type { Sequelize } from 'sequelize';
import { loadConfig } from '../config';
import { up as createUsers } from './0001-identity';
import { up as usernameLowerUnique } from './0002-username-lower-unique';
import { up as memberships } from './0003-memberships';
import { up as invitationLogin } from './0004-invitation-login';

// A throwaway schema of the test database: the migration as it runs on existing invitations.
let sequelize: Sequelize;
const schema = `identity_m4_${randomUUID().slice(0, 8)}`;
const context = () => ({ sequelize, schema, queryInterface: sequelize.getQueryInterface() });
const s = `"${schema}"`;

beforeAll(async () => {
  sequelize = createSequelize(loadConfig().databaseUrl);
  await sequelize.query(`CREATE SCHEMA ${s}`);
  await createUsers({ context: context() });
  await usernameLowerUnique({ context: context() });
  await memberships({ context: context() });
});

afterAll(async () => {
  await sequelize.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
  await sequelize.close();
});

describe('migration 0004: invitations keep the login typed', () => {
  it('fills the login of pending invitations, then accepts unbound ones, one per login typed', async () => {
    const [owner, guest, company] = [randomUUID(), randomUUID(), randomUUID()];
    for (const [id, username] of [
      [owner, 'Awa'],
      [guest, 'Fatou'],
    ])
      await sequelize.query(`INSERT INTO ${s}.users (id, username, email, password_hash) VALUES ($1, $2, $3, 'x')`, {
        bind: [id, username, `${username}@exemple.sn`],
      });
    await sequelize.query(`INSERT INTO ${s}.invitations (id, company_id, user_id, role, invited_by) VALUES ($1, $2, $3, 'reader', $4)`, {
      bind: [randomUUID(), company, guest, owner],
    });

    await invitationLogin({ context: context() });

    const [rows] = await sequelize.query(`SELECT login FROM ${s}.invitations`);
    expect(rows).toEqual([{ login: 'Fatou' }]);
    const unbound = (login: string) =>
      sequelize.query(
        `INSERT INTO ${s}.invitations (id, company_id, user_id, login, role, invited_by) VALUES ($1, $2, NULL, $3, 'reader', $4)`,
        {
          bind: [randomUUID(), company, login, owner],
        },
      );
    await unbound('personne@nulle-part.sn');
    await expect(unbound('PERSONNE@nulle-part.sn')).rejects.toMatchObject({ name: 'SequelizeUniqueConstraintError' });
    await expect(unbound('fatou')).rejects.toMatchObject({ name: 'SequelizeUniqueConstraintError' });
  });
});
