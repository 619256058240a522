// XAALIS_REPLICAS=N (`npm start`, infra/bench/replicas.js): N copies of the gateway, of each
// service and of each worker, behind one nginx run from the repository's own configuration
// (infra/docker: the server body and the http template, as the web image renders them).
// nginx listens on PORT for the browser (upstream xaalis_gateway: the N gateways) and on each
// service's port (<NAME>_URL, unchanged for every process: one upstream per service), so the
// gateways and the services reach one another's replicas through it, round-robin.
import fs from 'node:fs';
import path from 'node:path';
import { MESSAGES_HTTP, REMOTES, SERVICES, serviceUnavailableMessage, type ServiceName } from '@xaalis/contracts';
import { freePorts, waitForHttp } from './ports';
import type { ProcessSpec } from './supervisor';

export const MAX_REPLICAS = 8;

/** XAALIS_REPLICAS: how many copies of every process (1, the default: no nginx, `npm start` as always). */
export function replicaCount(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.XAALIS_REPLICAS;
  if (raw === undefined || raw.trim() === '') return 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > MAX_REPLICAS)
    throw new Error(`XAALIS_REPLICAS doit être un entier entre 1 et ${MAX_REPLICAS} (reçu : ${raw}).`);
  return n;
}

/** Where everything listens; written to <data>/replicas.json for the benchmarks. */
export interface ReplicaTopology {
  replicas: number;
  /** nginx, for the browser (PORT). */
  port: number;
  /** The gateways' own ports (nginx's xaalis_gateway upstream). */
  gateways: number[];
  /** Per service: nginx's port for it (what <NAME>_URL points at) and its replicas' own ports. */
  services: Partial<Record<ServiceName, { port: number; replicas: number[] }>>;
}

/** Free ports for every replica; `servicePorts`: the services to run and nginx's port for each. */
export async function planTopology(opts: {
  replicas: number;
  port: number;
  servicePorts: Partial<Record<ServiceName, number>>;
}): Promise<ReplicaTopology> {
  const names = SERVICES.filter((s) => opts.servicePorts[s] !== undefined);
  const ports = await freePorts(opts.replicas * (1 + names.length));
  const take = () => ports.splice(0, opts.replicas);
  const services: ReplicaTopology['services'] = {};
  const gateways = take();
  for (const s of names) services[s] = { port: opts.servicePorts[s] as number, replicas: take() };
  return { replicas: opts.replicas, port: opts.port, gateways, services };
}

/** The name the supervisor and the logs give replica `i` (0-based) of `base`: `gateway#1`, `accounting-worker#2`. */
export const replicaName = (base: string, i: number) => `${base}#${i + 1}`;

const serviceUrlEnv = (s: ServiceName) => `${s.toUpperCase()}_URL`;

/** Each service's URL as every process sees it: nginx's port for it. */
export function serviceUrls(topology: ReplicaTopology): Record<string, string> {
  return Object.fromEntries(
    Object.entries(topology.services).map(([s, v]) => [serviceUrlEnv(s as ServiceName), `http://127.0.0.1:${v.port}`]),
  );
}

/**
 * The processes of the topology: for each service its N servers and (with Redis) N workers,
 * then the N gateways. `common`: the environment they share (Redis, secrets, log level…);
 * `databaseUrls`: per process kind ('gateway' and each service).
 */
export function replicaProcesses(
  topology: ReplicaTopology,
  opts: { root: string; common: NodeJS.ProcessEnv; databaseUrls: Record<string, string>; workers: boolean; gatewayEnv?: NodeJS.ProcessEnv },
): ProcessSpec[] {
  const env = { ...opts.common, ...serviceUrls(topology) };
  const specs: ProcessSpec[] = [];
  for (const [name, v] of Object.entries(topology.services) as [ServiceName, { replicas: number[] }][]) {
    const dir = path.join(opts.root, 'services', name, 'dist');
    v.replicas.forEach((port, i) =>
      specs.push({
        name: replicaName(name, i),
        script: path.join(dir, 'server.js'),
        env: { ...env, DATABASE_URL: opts.databaseUrls[name], PORT: String(port) },
      }),
    );
    if (opts.workers)
      v.replicas.forEach((_, i) =>
        specs.push({
          name: replicaName(`${name}-worker`, i),
          script: path.join(dir, 'worker.js'),
          env: { ...env, DATABASE_URL: opts.databaseUrls[name] },
        }),
      );
  }
  topology.gateways.forEach((port, i) =>
    specs.push({
      name: replicaName('gateway', i),
      script: path.join(opts.root, 'gateway', 'dist', 'server.js'),
      env: {
        ...env,
        // One proxy hop (nginx), as in docker-compose: the client's address and scheme come from it.
        TRUST_PROXY: opts.common.TRUST_PROXY ?? '1',
        ...opts.gatewayEnv,
        DATABASE_URL: opts.databaseUrls.gateway,
        PORT: String(port),
      },
    }),
  );
  return specs;
}

/** Debian's nginx (apt-get install nginx-light), or null. */
export function nginxBinary(): string | null {
  const candidates = [
    '/usr/sbin/nginx',
    ...(process.env.PATH ?? '')
      .split(path.delimiter)
      .filter(Boolean)
      .map((d) => path.join(d, 'nginx')),
  ];
  return candidates.find((c) => fs.existsSync(c)) ?? null;
}

/** Replaces `from` by `to`, failing loudly when the repository's file no longer contains `from`. */
function swap(text: string, from: string, to: string, file: string): string {
  if (!text.includes(from)) throw new Error(`${file} ne contient plus ${JSON.stringify(from)} : mettez à jour infra/src/local/replicas.ts`);
  return text.split(from).join(to);
}

/**
 * The front ends laid out as web.Dockerfile copies them (shell at /, each remote under
 * /remotes/<name>/), as links to the builds: a rebuild with new file names needs a restart.
 */
function linkFrontEnds(root: string, html: string): void {
  fs.mkdirSync(path.join(html, 'remotes'), { recursive: true });
  const shell = path.join(root, 'shell', 'dist');
  if (fs.existsSync(path.join(shell, 'index.html'))) {
    for (const entry of fs.readdirSync(shell)) if (entry !== 'remotes') fs.symlinkSync(path.join(shell, entry), path.join(html, entry));
  } else {
    fs.writeFileSync(
      path.join(html, 'index.html'),
      `<!doctype html><html lang="fr"><meta charset="utf-8"><title>Xaalis</title><body style="font-family:sans-serif;padding:2rem"><h1>Xaalis</h1><p>${MESSAGES_HTTP.uiNotBuilt}</p></body></html>`,
    );
  }
  for (const name of REMOTES) {
    const dist = path.join(root, `mfe-${name}`, 'dist');
    if (fs.existsSync(dist)) fs.symlinkSync(dist, path.join(html, 'remotes', name));
  }
}

/** One upstream and one loopback server per service: what the gateways and the services call. */
function servicesConfig(topology: ReplicaTopology): string {
  return (Object.entries(topology.services) as [ServiceName, { port: number; replicas: number[] }][])
    .map(([name, v]) => {
      const body = JSON.stringify({ message: serviceUnavailableMessage(name) });
      if (body.includes("'")) throw new Error(`message de ${name} : apostrophe non prévue dans la configuration nginx`);
      return `upstream xaalis_${name} {
${v.replicas.map((p) => `  server 127.0.0.1:${p};`).join('\n')}
  keepalive 32;
}
server {
  listen 127.0.0.1:${v.port};
  server_tokens off;
  # The service sets its own body limits; bodies and answers stream through as from the gateway.
  client_max_body_size 0;
  proxy_request_buffering off;
  proxy_buffering off;
  proxy_http_version 1.1;
  proxy_set_header Connection "";
  proxy_set_header Host $http_host;
  # Longer than the gateway's PROXY_TIMEOUT_MS: the gateway decides when a service is too slow.
  proxy_connect_timeout 2s;
  proxy_read_timeout 300s;
  proxy_send_timeout 300s;
  location / {
    proxy_pass http://xaalis_${name};
  }
  # No replica reachable: the answer the gateway gives when it cannot reach the service.
  error_page 502 504 = @unavailable;
  location @unavailable {
    default_type "application/json; charset=utf-8";
    return 503 '${body}';
  }
}
`;
    })
    .join('\n');
}

/**
 * Writes nginx's configuration into `dir` (emptied first) and returns the process to run:
 * infra/docker/nginx.conf (the server body) included from nginx/http.conf.template with the
 * gateways as xaalis_gateway's servers, listening on the topology's port; the services' tier;
 * a main file for a foreground nginx (no master: as root a master would hand the work to
 * `nobody`, who cannot read the data folder), logging to stderr (the supervisor's output).
 */
export function nginxProcess(topology: ReplicaTopology, opts: { root: string; dir: string; binary?: string }): ProcessSpec {
  const binary = opts.binary ?? nginxBinary();
  if (!binary) throw new Error('XAALIS_REPLICAS demande nginx devant les répliques : installez-le (apt-get install -y nginx-light).');
  const docker = path.join(opts.root, 'infra', 'docker');
  const dir = path.resolve(opts.dir);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const html = path.join(dir, 'html');
  linkFrontEnds(opts.root, html);

  const siteFile = path.join(docker, 'nginx.conf');
  let site = fs.readFileSync(siteFile, 'utf8');
  site = swap(site, 'root /usr/share/nginx/html;', `root ${html};`, siteFile);
  site = swap(site, '/etc/nginx/xaalis/security-headers.conf', path.join(dir, 'security-headers.conf'), siteFile);
  fs.writeFileSync(path.join(dir, 'site.conf'), site);
  fs.copyFileSync(path.join(docker, 'nginx', 'security-headers.conf'), path.join(dir, 'security-headers.conf'));

  const templateFile = path.join(docker, 'nginx', 'http.conf.template');
  let front = fs.readFileSync(templateFile, 'utf8');
  front = swap(front, 'server ${XAALIS_GATEWAY};', topology.gateways.map((p) => `server 127.0.0.1:${p};`).join('\n  '), templateFile);
  front = swap(front, 'listen 80;', `listen ${topology.port};`, templateFile);
  front = swap(front, '/etc/nginx/xaalis/site.conf', path.join(dir, 'site.conf'), templateFile);
  // The template's comments name its variables too: only its directives must be complete.
  const unset = front.replace(/#.*$/gm, '').match(/\$\{\w+\}/);
  if (unset) throw new Error(`${templateFile} : ${unset[0]} n'est pas renseigné par infra/src/local/replicas.ts`);
  fs.writeFileSync(path.join(dir, 'front.conf'), front);
  fs.writeFileSync(path.join(dir, 'services.conf'), servicesConfig(topology));

  const temp = (name: string) => path.join(dir, name);
  const mimeTypes = '/etc/nginx/mime.types';
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'master_process off;',
      `pid ${temp('nginx.pid')};`,
      'error_log stderr warn;',
      'events { worker_connections 4096; }',
      'http {',
      fs.existsSync(mimeTypes)
        ? `  include ${mimeTypes};`
        : '  types { text/html html; text/css css; application/javascript js; application/json json; image/svg+xml svg; }',
      '  default_type application/octet-stream;',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${temp(t)};`),
      `  include ${temp('front.conf')};`,
      `  include ${temp('services.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  return {
    name: 'nginx',
    script: binary,
    env: { PATH: process.env.PATH ?? '' },
    command: { file: binary, args: ['-p', dir, '-c', temp('nginx.conf'), '-e', 'stderr'] },
  };
}

/**
 * Every service replica ready (/ready), then every gateway (/api/health, which probes the
 * services through nginx: probed earlier, nginx would count the replicas still starting as
 * failed for a while), then nginx's front; false after `timeoutMs`.
 */
export async function waitForReplicas(topology: ReplicaTopology, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  const all = async (urls: string[]) =>
    !(await Promise.all(urls.map((u) => waitForHttp(u, Math.max(0, end - Date.now()))))).includes(false);
  return (
    (await all(Object.values(topology.services).flatMap((v) => v.replicas.map((p) => `http://127.0.0.1:${p}/ready`)))) &&
    (await all(topology.gateways.map((p) => `http://127.0.0.1:${p}/api/health`))) &&
    (await all([`http://127.0.0.1:${topology.port}/api/health`]))
  );
}
