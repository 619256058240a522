import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import YAML from 'yaml';
import { KNOWN_DEFAULT_SECRETS } from '@xaalis/service-kit';
import { DEV_SESSION_SECRET } from '../config';

// docker-compose.yml must not carry a usable default for any secret, and hand every
// node process what it needs to check them (NODE_ENV=production).

const ROOT = path.resolve(__dirname, '..', '..', '..');
const COMPOSE = path.join(ROOT, 'docker-compose.yml');
const TLS_COMPOSE = path.join(ROOT, 'infra', 'docker', 'compose.tls.yml');
// One Postgres role per process (packages/service-kit/src/db-roles.ts), each with its password.
const DB_PASSWORDS = {
  gateway: 'GATEWAY_DB_PASSWORD',
  accounting: 'ACCOUNTING_DB_PASSWORD',
  hr: 'HR_DB_PASSWORD',
  sector: 'SECTOR_DB_PASSWORD',
};
const SECRETS = ['INTERNAL_TOKEN', 'SESSION_SECRET', 'POSTGRES_PASSWORD', ...Object.values(DB_PASSWORDS)];
const NODE_SERVICES = ['gateway', 'accounting', 'accounting-worker', 'hr', 'hr-worker', 'sector', 'sector-worker'];

/** Every string in a parsed YAML document. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('docker-compose.yml', () => {
  const text = fs.readFileSync(COMPOSE, 'utf8');
  const doc: unknown = YAML.parse(text, { merge: true });

  it.each(SECRETS)('requires %s with no fallback', (name) => {
    const uses = strings(doc).flatMap((s) => [...s.matchAll(new RegExp(`\\$\\{${name}([^}]*)\\}`, 'g'))].map((m) => m[1]));
    expect(uses.length).toBeGreaterThan(0);
    for (const modifier of uses) expect(modifier).toMatch(/^:\?./); // ${NAME:?message}: error when unset or empty
    expect(text).not.toMatch(new RegExp(`\\$${name}\\b`)); // no unbraced use either
  });

  it('contains none of the known default secrets', () => {
    const values = strings(doc);
    for (const known of [...KNOWN_DEFAULT_SECRETS.filter((s) => s !== 'xaalis'), DEV_SESSION_SECRET])
      expect(values.filter((v) => v.includes(known))).toEqual([]);
    // 'xaalis' is also the database and user name: only a password position matters.
    expect(values.filter((v) => /:xaalis@|PASSWORD:-xaalis/.test(v))).toEqual([]);
  });

  it('configures Redis for BullMQ: nothing evicted, persisted (append-only file) on a volume', () => {
    const redis = (doc as { services: Record<string, { command: string[]; volumes: string[] }> }).services.redis;
    const option = (name: string) => redis.command[redis.command.indexOf(name) + 1];
    expect(redis.command[0]).toBe('redis-server');
    expect({ maxmemoryPolicy: option('--maxmemory-policy'), appendonly: option('--appendonly') }).toEqual({
      maxmemoryPolicy: 'noeviction',
      appendonly: 'yes',
    });
    expect(redis.volumes).toContain('redisdata:/data');
  });

  it.each(['docker-compose.yml', 'infra/docker/compose.tls.yml'])('publishes only nginx (web) on the host: %s', (file) => {
    const services = (
      YAML.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'), { merge: true }) as { services: Record<string, Record<string, unknown>> }
    ).services;
    expect(Object.keys(services).filter((name) => 'ports' in services[name])).toEqual(['web']);
    expect(Object.keys(services).filter((name) => services[name].network_mode === 'host')).toEqual([]);
  });

  it('keeps .env out of the Docker build context', () => {
    const ignored = fs.readFileSync(path.join(ROOT, '.dockerignore'), 'utf8').split('\n');
    expect(ignored).toContain('.env');
  });
});

// Debian's docker-compose (v1) validates and interpolates the file without a Docker daemon.
const dockerCompose = ['/usr/bin/docker-compose', '/usr/local/bin/docker-compose'].find((p) => fs.existsSync(p));
const describeWithCompose = dockerCompose ? describe : describe.skip;
if (!dockerCompose)
  console.warn('docker-compose is not installed: `docker-compose config` is not checked (apt-get install -y docker-compose)');

describeWithCompose('docker-compose config', () => {
  const run = promisify(execFile);
  const emptyEnvFile = path.join(os.tmpdir(), `xaalis-empty-${process.pid}.env`);
  beforeAll(() => fs.writeFileSync(emptyEnvFile, ''));
  afterAll(() => fs.rmSync(emptyEnvFile, { force: true }));

  /** `docker-compose config` with exactly `env` (no .env file of the developer's). */
  const config = (env: Record<string, string>, files = [COMPOSE]) =>
    run(dockerCompose!, ['--env-file', emptyEnvFile, ...files.flatMap((f) => ['-f', f]), 'config'], {
      env: { PATH: process.env.PATH ?? '', ...env },
    });

  /** What a failed `docker-compose config` printed. */
  const stderrOf = (err: unknown) => String((err as { stderr?: unknown }).stderr);

  const strong: Record<string, string> = {
    INTERNAL_TOKEN: 'a'.repeat(64),
    SESSION_SECRET: 'b'.repeat(64),
    POSTGRES_PASSWORD: 'c'.repeat(64),
    GATEWAY_DB_PASSWORD: 'd'.repeat(64),
    ACCOUNTING_DB_PASSWORD: 'e'.repeat(64),
    HR_DB_PASSWORD: 'f'.repeat(64),
    SECTOR_DB_PASSWORD: '0'.repeat(64),
  };

  it('renders with the secrets set, and gives each node process NODE_ENV=production and its secrets', async () => {
    const { stdout } = await config(strong);
    const services = (YAML.parse(stdout) as { services: Record<string, { environment: Record<string, string> }> }).services;
    for (const name of NODE_SERVICES) {
      const env = services[name].environment;
      expect({ name, NODE_ENV: env.NODE_ENV, INTERNAL_TOKEN: env.INTERNAL_TOKEN }).toEqual({
        name,
        NODE_ENV: 'production',
        INTERNAL_TOKEN: strong.INTERNAL_TOKEN,
      });
      // Its own role, never the administrator's.
      const owner = name.replace(/-worker$/, '') as keyof typeof DB_PASSWORDS;
      expect({ name, url: env.DATABASE_URL }).toEqual({
        name,
        url: `postgres://xaalis_${owner}:${strong[DB_PASSWORDS[owner]]}@postgres:5432/xaalis`,
      });
    }
    // The one-shot db-roles container provisions those roles with the administrator, before any node process.
    const dbRoles = (services as unknown as Record<string, { environment: Record<string, string>; depends_on: Record<string, unknown> }>)[
      'db-roles'
    ];
    expect(dbRoles.environment.DATABASE_ADMIN_URL).toBe(`postgres://xaalis:${strong.POSTGRES_PASSWORD}@postgres:5432/xaalis`);
    for (const [owner, secret] of Object.entries(DB_PASSWORDS))
      expect(dbRoles.environment[`${owner.toUpperCase()}_DATABASE_URL`]).toBe(
        `postgres://xaalis_${owner}:${strong[secret]}@postgres:5432/xaalis`,
      );
    for (const name of NODE_SERVICES)
      expect({ name, dependsOn: (services[name] as unknown as { depends_on: Record<string, unknown> }).depends_on['db-roles'] }).toEqual({
        name,
        dependsOn: { condition: 'service_completed_successfully' },
      });
    expect(services.gateway.environment.SESSION_SECRET).toBe(strong.SESSION_SECRET);
    expect(services.postgres.environment.POSTGRES_PASSWORD).toBe(strong.POSTGRES_PASSWORD);
    // Postgres, Redis, the gateway and the services are reachable only on the compose network.
    expect(Object.keys(services).filter((name) => 'ports' in services[name])).toEqual(['web']);
  });

  it('refuses to render without any one of the secrets, naming it', async () => {
    const without = (name: string) =>
      config(Object.fromEntries(Object.entries(strong).filter(([key]) => key !== name))).then(() => `${name}: rendered`, stderrOf);
    const errors = await Promise.all(SECRETS.map(without));
    SECRETS.forEach((name, i) => expect(errors[i]).toContain(`set ${name} (openssl rand -hex 32)`));
  });

  it('TLS in nginx (infra/docker/compose.tls.yml): the TLS templates, port 443 and the certificate folder', async () => {
    const files = [COMPOSE, TLS_COMPOSE];
    const [rendered, missing] = await Promise.all([
      config({ ...strong, TLS_CERT_DIR: '/srv/certs' }, files),
      config(strong, files).then(() => 'rendered', stderrOf),
    ]);
    type Service = { ports?: unknown; environment: Record<string, string>; volumes: string[] };
    const services = (YAML.parse(rendered.stdout) as { services: Record<string, Service> }).services;
    expect(Object.keys(services).filter((name) => services[name].ports !== undefined)).toEqual(['web']);
    const web = services.web;
    expect(web.environment.NGINX_ENVSUBST_TEMPLATE_DIR).toBe('/etc/nginx/templates-tls');
    expect(web.volumes).toEqual(['/srv/certs:/etc/nginx/certs:ro']);
    expect(missing).toContain('set TLS_CERT_DIR');
  });
});
