import { SERVICE_DATABASES, parseDatabaseUrl, provisionServiceRoles, type ServiceRole } from '@xaalis/service-kit';

/**
 * `node infra/dist/db-roles.js`: provisions one Postgres role per service (compose's
 * one-shot `db-roles` container, the Kubernetes Job infra/k8s/db-roles.yaml), before the
 * services start. Idempotent. Environment:
 * - DATABASE_ADMIN_URL: a superuser (or CREATEROLE owner of the database) of that database;
 * - GATEWAY_DATABASE_URL, ACCOUNTING_DATABASE_URL, HR_DATABASE_URL, SECTOR_DATABASE_URL:
 *   the URLs the processes use; each one's user and password become the service's role.
 */
export function rolesFromEnv(env: NodeJS.ProcessEnv): { adminUrl: string; roles: ServiceRole[] } {
  const adminUrl = env.DATABASE_ADMIN_URL;
  if (!adminUrl) throw new Error('DATABASE_ADMIN_URL is not set');
  const roles = SERVICE_DATABASES.map((d) => {
    const name = `${d.service.toUpperCase()}_DATABASE_URL`;
    const raw = env[name];
    if (!raw) throw new Error(`${name} is not set`);
    // parseDatabaseUrl: a failover pair's URL lists several hosts, which WHATWG URL refuses.
    const { user: role, password } = parseDatabaseUrl(raw);
    if (!role || !password) throw new Error(`${name} must name a user and its password`);
    return { ...d, role, password };
  });
  return { adminUrl, roles };
}

if (require.main === module) {
  Promise.resolve()
    .then(async () => {
      const { adminUrl, roles } = rolesFromEnv(process.env);
      await provisionServiceRoles(adminUrl, roles);
      console.log(`db-roles: ${roles.map((r) => `${r.role} → ${r.schema}`).join(', ')}`);
    })
    .catch((err: unknown) => {
      console.error(`db-roles: ${err instanceof Error ? err.message : String(err)}`);
      process.exitCode = 1;
    });
}
