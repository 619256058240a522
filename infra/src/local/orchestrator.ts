import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SERVICES, SERVICE_DEFAULT_PORTS, type ServiceName } from '@xaalis/contracts';
import { serviceDatabaseUrls } from './db-roles';
import { DEMO_CREDENTIALS, seedDemo } from './demo';
import { CABINET_CREDENTIALS } from './demo-firm';
import { isPortFree, waitForHttp } from './ports';
import { startPostgres } from './postgres';
import { nginxBinary, nginxProcess, planTopology, replicaCount, replicaProcesses, waitForReplicas } from './replicas';
import { findRedis } from './redis';
import { Supervisor } from './supervisor';

const root = path.resolve(__dirname, '..', '..', '..');
const log = (m: string) => console.log(`[xaalis] ${m}`);

/** Secrets generated once per data directory, so sessions survive a restart. */
function localSecrets(dataDir: string): { internalToken: string; sessionSecret: string } {
  const file = path.join(dataDir, 'secrets.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as { internalToken: string; sessionSecret: string };
  const secrets = { internalToken: randomBytes(24).toString('hex'), sessionSecret: randomBytes(32).toString('hex') };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

const portEnv = (name: ServiceName) => `${name.toUpperCase()}_PORT`;

/** `npm start` (and `npm run demo`, with `--demo`): Postgres, Redis, the three services and their workers, the gateway. */
export async function main(args: string[]): Promise<void> {
  const started = Date.now();
  const dataDir = path.resolve(process.env.XAALIS_DATA_DIR ?? path.join(root, '.data'));
  const port = Number(process.env.PORT ?? 8080);
  const replicas = replicaCount();
  if (replicas > 1 && !nginxBinary())
    throw new Error('XAALIS_REPLICAS demande nginx devant les répliques : installez-le (apt-get install -y nginx-light).');
  const servicePorts = Object.fromEntries(SERVICES.map((s) => [s, Number(process.env[portEnv(s)] ?? SERVICE_DEFAULT_PORTS[s])])) as Record<
    ServiceName,
    number
  >;

  for (const [what, p] of [['PORT', port], ...SERVICES.map((s) => [portEnv(s), servicePorts[s]])] as [string, number][]) {
    if (!(await isPortFree(p)))
      throw new Error(`Le port ${p} est déjà utilisé (variable ${what}). Arrêtez l'autre instance ou choisissez un autre port.`);
  }

  const supervisor = new Supervisor(log);
  const cleanups: (() => Promise<void>)[] = [];
  let shuttingDown = false;
  const shutdown = async (code: number) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log('Arrêt en cours…');
    await supervisor.stopAll();
    for (const c of cleanups.reverse()) await c().catch(() => {});
    log('Arrêté.');
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  const pg = await startPostgres(dataDir, log);
  cleanups.push(() => pg.stop());
  log(pg.embedded ? `PostgreSQL embarqué prêt (${path.relative(root, dataDir) || dataDir}/postgres)` : 'PostgreSQL : DATABASE_URL');

  // Each process connects as its own role, owner of its schema only.
  const databaseUrls = await serviceDatabaseUrls(pg.url, dataDir, log);

  const redis = await findRedis(dataDir, log);
  cleanups.push(() => redis.stop());
  if (redis.source === 'none') {
    log('⚠ Aucun Redis trouvé (ni REDIS_URL, ni 127.0.0.1:6379, ni redis-server) : mode dégradé —');
    log('  sessions en mémoire (perdues au redémarrage), tâches exécutées dans le processus du service.');
  }

  if (replicas > 1 && redis.source === 'none') {
    log('✖ XAALIS_REPLICAS demande Redis (sessions et tâches partagées entre les répliques).');
    return shutdown(1);
  }

  const secrets = localSecrets(dataDir);
  const common: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'production',
    DATABASE_URL: pg.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: process.env.REDIS_PREFIX ?? 'xaalis',
    INTERNAL_TOKEN: process.env.INTERNAL_TOKEN ?? secrets.internalToken,
    SESSION_SECRET: process.env.SESSION_SECRET ?? secrets.sessionSecret,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    // Local mode is plain HTTP: Secure cookies only when the request is secure (production forces them).
    SESSION_COOKIE_SECURE: process.env.SESSION_COOKIE_SECURE ?? 'auto',
  };
  const serviceUrls = Object.fromEntries(SERVICES.map((s) => [`${s.toUpperCase()}_URL`, `http://127.0.0.1:${servicePorts[s]}`]));

  /** XAALIS_REPLICAS=N: N of every process behind nginx (replicas.ts); false when the stack is not up. */
  const startReplicas = async (): Promise<boolean> => {
    const topology = await planTopology({ replicas, port, servicePorts });
    const nginx = nginxProcess(topology, { root, dir: path.join(dataDir, 'nginx') });
    const gatewayEnv = { STATIC_DIR: process.env.STATIC_DIR ?? root };
    for (const spec of replicaProcesses(topology, { root, common, databaseUrls, workers: !!redis.url, gatewayEnv })) supervisor.start(spec);
    supervisor.start(nginx);
    const topologyFile = path.join(dataDir, 'replicas.json');
    cleanups.push(() => {
      fs.rmSync(topologyFile, { force: true });
      return Promise.resolve();
    });
    if (!(await waitForReplicas(topology, 120_000))) {
      log('✖ Les répliques ne répondent pas toutes.');
      return false;
    }
    // For the benchmarks (infra/bench/replicas.js): where each replica listens.
    fs.writeFileSync(topologyFile, JSON.stringify({ ...topology, pid: process.pid }, null, 2));
    log(`${replicas} répliques de chaque processus derrière nginx (passerelles : ${topology.gateways.join(', ')})`);
    return true;
  };
  if (replicas > 1) {
    const up = await startReplicas().catch((err: unknown) => {
      log(`✖ ${err instanceof Error ? err.message : String(err)}`);
      return false;
    });
    if (!up) return shutdown(1);
  } else {
    for (const s of SERVICES) {
      supervisor.start({
        name: s,
        script: path.join(root, 'services', s, 'dist', 'server.js'),
        // The services' URLs too: HR reads the employer's identity from accounting (payslip PDF).
        env: { ...common, ...serviceUrls, DATABASE_URL: databaseUrls[s], PORT: String(servicePorts[s]) },
      });
      if (redis.url)
        supervisor.start({
          name: `${s}-worker`,
          script: path.join(root, 'services', s, 'dist', 'worker.js'),
          env: { ...common, ...serviceUrls, DATABASE_URL: databaseUrls[s] },
        });
    }
    // The gateway does not need the services to be up to start (it answers 503 until they are): start everything at once.
    supervisor.start({
      name: 'gateway',
      script: path.join(root, 'gateway', 'dist', 'server.js'),
      env: {
        ...common,
        ...serviceUrls,
        DATABASE_URL: databaseUrls.gateway,
        PORT: String(port),
        STATIC_DIR: process.env.STATIC_DIR ?? root,
      },
    });
    const servicesUp = await Promise.all(SERVICES.map((s) => waitForHttp(`http://127.0.0.1:${servicePorts[s]}/ready`, 60_000)));
    if (servicesUp.includes(false)) log('⚠ Un service ne répond pas ; les autres fonctionnent.');
    if (!(await waitForHttp(`http://127.0.0.1:${port}/api/health`, 60_000))) {
      log('✖ La passerelle ne répond pas.');
      return shutdown(1);
    }
  }
  log(`Prêt en ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (args.includes('--demo')) {
    try {
      const demo = await seedDemo(`http://127.0.0.1:${port}`, { log });
      if (!demo.created) log('Société de démonstration déjà présente.');
      log(`Connexion de démonstration : ${DEMO_CREDENTIALS.username} / ${DEMO_CREDENTIALS.password}`);
      log(`Cabinet comptable (quatre sociétés) : ${CABINET_CREDENTIALS.username} / ${CABINET_CREDENTIALS.password}`);
    } catch (err) {
      log(`✖ Données de démonstration incomplètes : ${(err as Error).message}`);
      log('  Pour les recréer : une base vide (DATABASE_URL) ou un autre XAALIS_DATA_DIR, puis npm run demo.');
    }
  }
  console.log(`\n  Xaalis est prêt : http://localhost:${port}\n  (Ctrl-C pour tout arrêter)\n`);
}
