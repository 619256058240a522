import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  SERVICE_DATABASES,
  canProvisionRoles,
  defaultRolePrefix,
  provisionServiceRoles,
  urlForRole,
  type ServiceRole,
} from '@xaalis/service-kit';

/** The database URL of each process ('gateway' and the services), by name. */
export type ServiceDatabaseUrls = Record<string, string>;

/** The roles' passwords, generated once per data directory (kept next to secrets.json). */
function rolePasswords(dataDir: string, roles: string[]): Record<string, string> {
  const file = path.join(dataDir, 'db-roles.json');
  const saved = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>) : {};
  const missing = roles.filter((r) => !saved[r]);
  if (missing.length) {
    for (const r of missing) saved[r] = randomBytes(24).toString('hex');
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(saved), { mode: 0o600 });
  }
  return saved;
}

/**
 * `npm start`: one Postgres role per service (packages/service-kit/src/db-roles.ts),
 * provisioned with `adminUrl` (the embedded superuser, or the operator's DATABASE_URL when
 * it may create roles); otherwise every process uses `adminUrl` as it is.
 * Role names: XAALIS_DB_ROLE_PREFIX (default `<database>_`) + the service's name.
 */
export async function serviceDatabaseUrls(adminUrl: string, dataDir: string, log: (m: string) => void): Promise<ServiceDatabaseUrls> {
  const same = () => Object.fromEntries(SERVICE_DATABASES.map((d) => [d.service, adminUrl]));
  if (!(await canProvisionRoles(adminUrl))) {
    log("⚠ DATABASE_URL ne peut pas créer de rôles : tous les services s'y connectent avec le même utilisateur (pas un rôle par service).");
    return same();
  }
  const prefix = process.env.XAALIS_DB_ROLE_PREFIX ?? defaultRolePrefix(adminUrl);
  const names = SERVICE_DATABASES.map((d) => `${prefix}${d.service}`);
  const passwords = rolePasswords(dataDir, names);
  const roles: ServiceRole[] = SERVICE_DATABASES.map((d, i) => ({ ...d, role: names[i], password: passwords[names[i]] }));
  await provisionServiceRoles(adminUrl, roles);
  log(`PostgreSQL : un rôle par service (${names.join(', ')})`);
  return Object.fromEntries(roles.map((r) => [r.service, urlForRole(adminUrl, r.role, r.password)]));
}
