import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import YAML from 'yaml';
import { COMPANY_RECORD_OWNER, COMPANY_SCOPED, SERVICES, TOP_LEVEL, type ServiceName } from '@xaalis/contracts';
import { drainSecondsFromEnv, SHUTDOWN_GRACE_MS } from '@xaalis/service-kit';

// infra/k8s must run the same processes as docker-compose.yml (same images, commands,
// ports and environment), probe each on the right route, bound its resources and take
// every secret from the one Secret, which the manifests never contain.

const ROOT = path.resolve(__dirname, '..', '..', '..');
const K8S = path.join(ROOT, 'infra', 'k8s');
const SECRET = 'xaalis-secrets';
/** Variables holding a secret, or a URL that may carry a password. */
const SECRET_VARS = ['INTERNAL_TOKEN', 'SESSION_SECRET', 'DATABASE_URL', 'REDIS_URL'];

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string } };
}
interface Probe {
  httpGet?: { path: string; port: number | string };
  exec?: unknown;
  tcpSocket?: unknown;
  periodSeconds?: number;
  failureThreshold?: number;
}
interface Container {
  name: string;
  image: string;
  command?: string[];
  ports?: { name?: string; containerPort: number }[];
  env?: EnvVar[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  /** Quantities; YAML reads an unquoted `1` as a number. */
  resources?: { requests?: Record<string, string | number>; limits?: Record<string, string | number> };
  startupProbe?: Probe;
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  lifecycle?: { preStop?: unknown };
}
interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
}
interface Deployment extends Manifest {
  kind: 'Deployment';
  spec: {
    replicas?: number;
    strategy?: { type?: string; rollingUpdate?: { maxSurge?: number | string; maxUnavailable?: number | string } };
    selector: { matchLabels: Record<string, string> };
    template: {
      metadata: { labels: Record<string, string> };
      spec: { containers: Container[]; initContainers?: Container[]; terminationGracePeriodSeconds?: number };
    };
  };
}
interface HorizontalPodAutoscaler extends Manifest {
  kind: 'HorizontalPodAutoscaler';
  spec: {
    scaleTargetRef: { apiVersion: string; kind: string; name: string };
    minReplicas?: number;
    maxReplicas: number;
    metrics?: { type: string; resource?: { name: string; target: { type: string; averageUtilization?: number } } }[];
  };
}
interface PodDisruptionBudget extends Manifest {
  kind: 'PodDisruptionBudget';
  spec: { selector: LabelSelector; minAvailable?: number | string; maxUnavailable?: number | string };
}
interface Job extends Manifest {
  kind: 'Job';
  spec: { ttlSecondsAfterFinished?: number; template: { spec: { restartPolicy: string; containers: Container[] } } };
}
interface Service extends Manifest {
  kind: 'Service';
  spec: {
    type?: string;
    externalName?: string;
    selector?: Record<string, string>;
    ports: { name?: string; port: number; targetPort?: number | string }[];
  };
}
interface ConfigMap extends Manifest {
  kind: 'ConfigMap';
  data: Record<string, string>;
}
interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: unknown[];
}
interface PolicyPeer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: unknown;
}
interface NetworkPolicy extends Manifest {
  kind: 'NetworkPolicy';
  spec: {
    podSelector: LabelSelector;
    policyTypes?: string[];
    ingress?: { from?: PolicyPeer[]; ports?: { protocol?: string; port?: number | string; endPort?: number }[] }[];
    egress?: unknown[];
  };
}
interface Kustomization {
  namespace?: string;
  resources: string[];
  images?: { name: string }[];
}
interface ComposeService {
  build?: unknown;
  image?: string;
  command?: string[];
  /** YAML reads an unquoted `4101` as a number. */
  environment?: Record<string, string | number>;
  ports?: string[];
  restart?: string;
}

const read = (file: string) => fs.readFileSync(file, 'utf8');
const kustomization = YAML.parse(read(path.join(K8S, 'kustomization.yaml'))) as Kustomization;
const manifests = kustomization.resources.flatMap((file) =>
  YAML.parseAllDocuments(read(path.join(K8S, file))).map((doc) => doc.toJS() as Manifest),
);
const ofKind = <T extends Manifest>(kind: T['kind']) => manifests.filter((m): m is T => m.kind === kind);
const deployments = ofKind<Deployment>('Deployment');
const jobs = ofKind<Job>('Job');
const services = ofKind<Service>('Service');
const configMaps = ofKind<ConfigMap>('ConfigMap');
const policies = ofKind<NetworkPolicy>('NetworkPolicy');
const autoscalers = ofKind<HorizontalPodAutoscaler>('HorizontalPodAutoscaler');
const budgets = ofKind<PodDisruptionBudget>('PodDisruptionBudget');
const byName = <T extends Manifest>(list: T[], name: string) => {
  const found = list.find((m) => m.metadata.name === name);
  if (!found) throw new Error(`no ${name} in infra/k8s`);
  return found;
};
const containersOf = (d: Deployment) => [...d.spec.template.spec.containers, ...(d.spec.template.spec.initContainers ?? [])];
const main = (d: Deployment) => d.spec.template.spec.containers[0];
/** A container's environment: its ConfigMaps' data, then its own `env` (values; secret references as undefined). */
function envOf(container: Container): Map<string, string | undefined> {
  const fromConfig = (container.envFrom ?? []).flatMap((f) =>
    f.configMapRef ? Object.entries(byName(configMaps, f.configMapRef.name).data) : [],
  );
  return new Map<string, string | undefined>([
    ...fromConfig,
    ...(container.env ?? []).map((e): [string, string | undefined] => [e.name, e.value]),
  ]);
}

const compose = (YAML.parse(read(path.join(ROOT, 'docker-compose.yml')), { merge: true }) as { services: Record<string, ComposeService> })
  .services;
/** One-shot containers of compose (`restart: 'no'`: db-roles): Jobs in Kubernetes. */
const ONE_SHOT = Object.keys(compose).filter((name) => compose[name].restart === 'no');
/** The processes we build (gateway, services, workers, web); the others (postgres, redis) run outside the cluster. */
const BUILT = Object.keys(compose).filter((name) => compose[name].build !== undefined && !ONE_SHOT.includes(name));
const EXTERNAL = Object.keys(compose).filter((name) => compose[name].build === undefined);

type Role = 'gateway' | 'service' | 'worker' | 'web';
function roleOf(name: string): Role {
  const command = compose[name].command?.join(' ') ?? '';
  if (name === 'web') return 'web';
  if (command.endsWith('gateway/dist/server.js')) return 'gateway';
  if (/^node services\/[a-z]+\/dist\/server\.js$/.test(command)) return 'service';
  if (/^node services\/[a-z]+\/dist\/worker\.js$/.test(command)) return 'worker';
  throw new Error(`${name}: unknown process (${command})`);
}
/**
 * Readiness and liveness routes: services are ready when Postgres and Redis answer, the gateway
 * when it answers (both not while they drain); nginx when it answers.
 */
const PROBES: Record<Exclude<Role, 'worker'>, { readiness: string; liveness: string }> = {
  gateway: { readiness: '/ready', liveness: '/health' },
  service: { readiness: '/ready', liveness: '/health' },
  web: { readiness: '/', liveness: '/' },
};

/** The port compose's process listens on inside its container. */
function composePort(name: string): number {
  const service = compose[name];
  if (service.environment?.PORT) return Number(service.environment.PORT);
  const published = service.ports?.[0];
  if (published) return Number(published.split(':').at(-1));
  throw new Error(`${name}: no port in docker-compose.yml`);
}

/** A probe's or a Service's port, named or numbered, as the container's port number. */
function resolvePort(container: Container, port: number | string | undefined): number | undefined {
  if (typeof port === 'number') return port;
  return container.ports?.find((p) => p.name === port)?.containerPort;
}

const selects = (selector: Record<string, string>, labels: Record<string, string>) =>
  Object.entries(selector).every(([key, value]) => labels[key] === value);

/** Kubernetes quantities: `500m`, `1` (CPU); `128Mi`, `1Gi` (memory). */
function quantity(raw: string | number): number {
  const match = /^(\d+(?:\.\d+)?)(m|Ki|Mi|Gi)?$/.exec(String(raw));
  if (!match) throw new Error(`unexpected quantity ${raw}`);
  const factor = { m: 1e-3, Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, '': 1 }[match[2] ?? ''] ?? 1;
  return Number(match[1]) * factor;
}

describe('infra/k8s', () => {
  it('the Kustomization lists every manifest file, and the images and namespace it sets exist', () => {
    const files = fs.readdirSync(K8S).filter((f) => /\.ya?ml$/.test(f) && f !== 'kustomization.yaml');
    expect([...kustomization.resources].sort()).toEqual(files.sort());
    const images = new Set(deployments.flatMap((d) => containersOf(d).map((c) => c.image.split(':')[0])));
    expect((kustomization.images ?? []).map((i) => i.name).sort()).toEqual([...images].sort());
    expect(ofKind('Namespace').map((n) => n.metadata.name)).toEqual([kustomization.namespace]);
  });

  it('has one Deployment per process of docker-compose.yml, with its image and command', () => {
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual([...BUILT].sort());
    for (const name of BUILT) {
      const container = main(byName(deployments, name));
      expect({ name, image: container.image, command: container.command }).toEqual({
        name,
        image: compose[name].image,
        command: compose[name].command,
      });
    }
  });

  it('runs Postgres and Redis outside the cluster, as ExternalName Services on their usual ports', () => {
    expect(EXTERNAL.sort()).toEqual(['postgres', 'redis']);
    for (const name of EXTERNAL) {
      const service = byName(services, name);
      expect(service.spec.type).toBe('ExternalName');
      expect(service.spec.externalName).toMatch(/^[a-z0-9.-]+$/);
    }
    expect(byName(services, 'postgres').spec.ports.map((p) => p.port)).toEqual([5432]);
    expect(byName(services, 'redis').spec.ports.map((p) => p.port)).toEqual([6379]);
    expect(manifests.filter((m) => ['StatefulSet', 'PersistentVolumeClaim'].includes(m.kind))).toEqual([]);
  });

  it('gives every container CPU and memory requests and limits (limits at least the requests)', () => {
    for (const d of deployments)
      for (const c of containersOf(d)) {
        const { requests = {}, limits = {} } = c.resources ?? {};
        for (const resource of ['cpu', 'memory']) {
          const where = `${d.metadata.name}/${c.name} ${resource}`;
          expect({ where, request: typeof requests[resource], limit: typeof limits[resource] }).toEqual({
            where,
            request: 'string',
            limit: 'string',
          });
          expect({ where, fits: quantity(limits[resource]) >= quantity(requests[resource]) }).toEqual({ where, fits: true });
        }
      }
  });

  it.each(BUILT.filter((name) => roleOf(name) !== 'worker'))('%s: readiness and liveness on its routes and port, and a Service', (name) => {
    const role = roleOf(name) as Exclude<Role, 'worker'>;
    const deployment = byName(deployments, name);
    const container = main(deployment);
    const port = composePort(name);
    expect(container.ports?.map((p) => p.containerPort)).toEqual([port]);
    const probe = (p: Probe | undefined) => p?.httpGet && { path: p.httpGet.path, port: resolvePort(container, p.httpGet.port) };
    expect({ readiness: probe(container.readinessProbe), liveness: probe(container.livenessProbe) }).toEqual({
      readiness: { path: PROBES[role].readiness, port },
      liveness: { path: PROBES[role].liveness, port },
    });
    // Node processes migrate before they listen: a startup probe keeps liveness off meanwhile.
    if (role !== 'web') expect(probe(container.startupProbe)).toEqual({ path: '/health', port });

    const podLabels = deployment.spec.template.metadata.labels;
    expect(selects(deployment.spec.selector.matchLabels, podLabels)).toBe(true);
    const service = byName(services, name);
    expect(service.spec.type ?? 'ClusterIP').toBe('ClusterIP');
    expect(selects(service.spec.selector ?? {}, podLabels)).toBe(true);
    // Its selector picks this Deployment's pods only.
    const picked = deployments.filter((d) => selects(service.spec.selector ?? {}, d.spec.template.metadata.labels));
    expect(picked.map((d) => d.metadata.name)).toEqual([name]);
    expect(service.spec.ports.map((p) => resolvePort(container, p.targetPort ?? p.port))).toEqual([port]);
  });

  it('serves each HTTP process on the port the others call it on (the ConfigMap URLs, nginx upstream)', () => {
    const config = configMaps.flatMap((m) => Object.entries(m.data));
    const callers: [string, string][] = [
      ...config.filter(([key]) => /^[A-Z]+_URL$/.test(key)).map(([, url]): [string, string] => [new URL(url).hostname, new URL(url).port]),
      ...(main(byName(deployments, 'web')).env ?? [])
        .filter((e) => e.name === 'XAALIS_GATEWAY')
        .map((e): [string, string] => [String(e.value).split(':')[0], String(e.value).split(':')[1]]),
    ];
    expect(callers.map(([host]) => host).sort()).toEqual(['accounting', 'gateway', 'hr', 'sector']);
    for (const [host, port] of callers)
      expect({ host, ports: byName(services, host).spec.ports.map((p) => String(p.port)) }).toEqual({ host, ports: [port] });
  });

  it.each(BUILT.filter((name) => roleOf(name) === 'worker'))('%s: no port nor Service, and it waits for its migrations', (name) => {
    const deployment = byName(deployments, name);
    const container = main(deployment);
    expect({ ports: container.ports, readiness: container.readinessProbe, liveness: container.livenessProbe }).toEqual({});
    const labels = deployment.spec.template.metadata.labels;
    expect(services.filter((s) => s.spec.selector && selects(s.spec.selector, labels))).toEqual([]);
    const service = /^node services\/([a-z]+)\//.exec(container.command?.join(' ') ?? '')?.[1];
    expect(deployment.spec.template.spec.initContainers?.map((c) => c.command)).toEqual([['node', `services/${service}/dist/migrate.js`]]);
    expect(fs.existsSync(path.join(ROOT, 'services', String(service), 'src', 'migrate.ts'))).toBe(true);
  });

  it('gives each process the environment docker-compose.yml gives it', () => {
    for (const name of BUILT) {
      const env = envOf(main(byName(deployments, name)));
      for (const [key, value] of Object.entries(compose[name].environment ?? {})) {
        expect({ name, key, present: env.has(key) }).toEqual({ name, key, present: true });
        // Literal values must match; interpolated ones (${LOG_LEVEL:-info}) and secrets are set per deployment.
        if (!SECRET_VARS.includes(key) && !String(value).includes('${'))
          expect({ name, key, value: env.get(key) }).toEqual({ name, key, value: String(value) });
      }
    }
  });

  it('takes every secret from the Secret, each service (and its worker) its own database URL key', () => {
    expect(ofKind('Secret')).toEqual([]);
    for (const d of deployments)
      for (const c of containersOf(d)) {
        expect((c.envFrom ?? []).filter((f) => f.secretRef)).toEqual([]);
        for (const e of c.env ?? []) {
          if (!SECRET_VARS.includes(e.name) && !/SECRET|TOKEN|PASSWORD|DATABASE/.test(e.name)) continue;
          if (!SECRET_VARS.includes(e.name)) throw new Error(`${d.metadata.name}: ${e.name} looks like a secret: add it to the Secret`);
          const owner = d.metadata.name.replace(/-worker$/, '');
          const key = e.name === 'DATABASE_URL' ? `${owner.toUpperCase()}_DATABASE_URL` : e.name;
          expect({ where: `${d.metadata.name}/${c.name}`, env: e }).toEqual({
            where: `${d.metadata.name}/${c.name}`,
            env: { name: e.name, valueFrom: { secretKeyRef: { name: SECRET, key } } },
          });
        }
      }
    expect(
      deployments.filter((d) => containersOf(d).some((c) => c.env?.some((e) => e.name === 'SESSION_SECRET'))).map((d) => d.metadata.name),
    ).toEqual(['gateway']);
    for (const map of configMaps) {
      expect(Object.keys(map.data).filter((key) => SECRET_VARS.includes(key) || /SECRET|TOKEN|PASSWORD/.test(key))).toEqual([]);
      expect(Object.values(map.data).filter((value) => /:\/\/[^/]*@/.test(value))).toEqual([]); // no credentials in a URL
    }
  });

  it('runs the one-shot containers of compose (db-roles) as Jobs: same image, command and Secret keys', () => {
    expect(ONE_SHOT).toEqual(['db-roles']);
    expect(jobs.map((j) => j.metadata.name).sort()).toEqual([...ONE_SHOT].sort());
    for (const name of ONE_SHOT) {
      const job = byName(jobs, name);
      const [container] = job.spec.template.spec.containers;
      expect({ image: container.image, command: container.command }).toEqual({
        image: compose[name].image,
        command: compose[name].command,
      });
      // Compose's variables, each from the Secret key of the same name (the URLs carry passwords).
      expect((container.env ?? []).map((e) => e.name).sort()).toEqual(Object.keys(compose[name].environment ?? {}).sort());
      for (const e of container.env ?? []) expect(e).toEqual({ name: e.name, valueFrom: { secretKeyRef: { name: SECRET, key: e.name } } });
      expect(job.spec.template.spec.restartPolicy).toBe('OnFailure');
      expect(typeof container.resources?.limits?.memory).toBe('string');
    }
  });

  it("the README's Secret command names every key the manifests read", () => {
    const readme = read(path.join(ROOT, 'README.md'));
    const start = readme.indexOf('### Kubernetes');
    expect(start).toBeGreaterThan(0);
    const section = readme.slice(start, readme.indexOf('\n## ', start));
    const keys = new Set(
      [...deployments.flatMap(containersOf), ...jobs.flatMap((j) => j.spec.template.spec.containers)].flatMap((c) =>
        (c.env ?? []).flatMap((e) => e.valueFrom?.secretKeyRef?.key ?? []),
      ),
    );
    expect(keys.size).toBeGreaterThan(0);
    for (const key of keys) expect({ key, inReadme: section.includes(`--from-literal=${key}=`) }).toEqual({ key, inReadme: true });
  });
});

// ─── Network policies: who may call whom, derived from the code ──────────────────────────

/** The non-test TypeScript sources under `dir`. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$|^test-/.test(entry.name) ? [file] : [];
  });
}

/** The files `file` imports or re-exports values from (relative paths; type-only imports left out). */
function valueImportsOf(file: string): string[] {
  const found: string[] = [];
  const clause = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?([^;]*?)\s+from\s+'(\.{1,2}\/[^']*)'/g;
  for (const [, typeOnly, names, spec] of read(file).matchAll(clause)) {
    const braces = /\{([^}]*)\}/.exec(names);
    const onlyTypes =
      braces !== null &&
      !/^\s*\w+\s*,/.test(names) &&
      braces[1]
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean)
        .every((n) => n.startsWith('type '));
    if (typeOnly || onlyTypes) continue;
    const base = path.resolve(path.dirname(file), spec);
    const target = [`${base}.ts`, path.join(base, 'index.ts')].find((f) => fs.existsSync(f));
    if (target) found.push(target);
  }
  return found;
}

/** `roots` and every file they reach through value imports. */
function reachable(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...valueImportsOf(file));
  }
  return seen;
}

/** The Deployment whose main container runs `command` (e.g. `node services/sector/dist/worker.js`). */
function deploymentRunning(command: string): string {
  const found = deployments.filter((d) => main(d).command?.join(' ') === command);
  if (found.length !== 1) throw new Error(`${found.length} Deployments run "${command}"`);
  return found[0].metadata.name;
}

/** The Deployment behind a service's `<NAME>_URL` in the ConfigMap (its host is a Service, which selects its pods). */
function deploymentOfService(service: ServiceName): string {
  const url = configMaps.map((m) => m.data[`${service.toUpperCase()}_URL`]).find(Boolean);
  if (!url) throw new Error(`no ${service.toUpperCase()}_URL in the ConfigMap`);
  const selector = byName(services, new URL(url).hostname).spec.selector ?? {};
  const picked = deployments.filter((d) => selects(selector, d.spec.template.metadata.labels));
  if (picked.length !== 1) throw new Error(`${service}: its Service selects ${picked.length} Deployments`);
  return picked[0].metadata.name;
}

/**
 * Who opens connections to each HTTP process, read from the code: nginx (web) calls the gateway
 * (its upstream, XAALIS_GATEWAY); the gateway calls every service (it proxies /api by the
 * ownership table and probes each one for /api/health); a service's server calls what any of its
 * `internalClient('<service>')` calls, and its worker what those reachable from its job handlers
 * (`jobs.ts`) do.
 */
function callersFromCode(): Map<string, Set<string>> {
  const callers = new Map<string, Set<string>>(deployments.filter((d) => main(d).ports?.length).map((d) => [d.metadata.name, new Set()]));
  const add = (callee: string, caller: string) => {
    const set = callers.get(callee);
    if (!set) throw new Error(`${caller} calls ${callee}, which has no port`);
    set.add(caller);
  };
  // nginx's upstream: XAALIS_GATEWAY host:port, a Service name.
  const upstream = String(main(byName(deployments, 'web')).env?.find((e) => e.name === 'XAALIS_GATEWAY')?.value).split(':')[0];
  add(byName(services, upstream).metadata.name, 'web');
  const proxied = new Set<ServiceName>([...Object.values(COMPANY_SCOPED), ...Object.values(TOP_LEVEL), COMPANY_RECORD_OWNER]);
  for (const service of new Set<ServiceName>([...SERVICES, ...proxied])) add(deploymentOfService(service), 'gateway');

  const call = /internalClient\(\s*'([a-z]+)'/g;
  for (const app of fs.readdirSync(path.join(ROOT, 'services'))) {
    const files = sourceFiles(path.join(ROOT, 'services', app, 'src'));
    const forJobs = reachable(files.filter((f) => path.basename(f) === 'jobs.ts'));
    for (const file of files)
      for (const [, callee] of read(file).matchAll(call)) {
        if (!(SERVICES as readonly string[]).includes(callee)) throw new Error(`${file}: internalClient('${callee}') is no service`);
        add(deploymentOfService(callee as ServiceName), deploymentRunning(`node services/${app}/dist/server.js`));
        if (forJobs.has(file)) add(deploymentOfService(callee as ServiceName), deploymentRunning(`node services/${app}/dist/worker.js`));
      }
  }
  return callers;
}

const isEmptySelector = (s: LabelSelector) => !s.matchExpressions?.length && Object.keys(s.matchLabels ?? {}).length === 0;
/** The Deployments whose pods a policy's podSelector (matchLabels only) selects. */
const podsOf = (selector: LabelSelector) => {
  expect(selector.matchExpressions).toBeUndefined();
  return deployments.filter((d) => selects(selector.matchLabels ?? {}, d.spec.template.metadata.labels)).map((d) => d.metadata.name);
};
/** The table of infra/k8s/README.md, "Network policies": process → port and callers ('anyone' for any source). */
function documentedMatrix(): Map<string, { port: number; from: string[] }> {
  const readme = read(path.join(K8S, 'README.md'));
  const section = readme.slice(readme.indexOf('## Network policies'));
  const rows = [...section.matchAll(/^\| ([a-z-]+) \| (\d+) \| ([^|]+) \|$/gm)];
  return new Map(rows.map(([, name, port, from]) => [name, { port: Number(port), from: from.split(',').map((f) => f.trim()) }]));
}

describe('infra/k8s network policies', () => {
  const derived = callersFromCode();

  it('derives the callers from the code (sector and its worker call accounting and hr, hr calls accounting)', () => {
    // A guard against a derivation that finds nothing: these calls exist today.
    expect([...(derived.get('accounting') ?? [])]).toEqual(expect.arrayContaining(['gateway', 'hr', 'sector', 'sector-worker']));
    expect([...(derived.get('hr') ?? [])]).toEqual(expect.arrayContaining(['gateway', 'sector', 'sector-worker']));
  });

  it('refuses every incoming connection by default, in every pod of the namespace', () => {
    const denyAll = policies.filter((p) => isEmptySelector(p.spec.podSelector));
    expect(denyAll.map((p) => ({ name: p.metadata.name, types: p.spec.policyTypes, ingress: p.spec.ingress ?? [] }))).toEqual([
      { name: 'default-deny-ingress', types: ['Ingress'], ingress: [] },
    ]);
    for (const p of policies)
      expect({ name: p.metadata.name, types: p.spec.policyTypes, egress: p.spec.egress }).toEqual({
        name: p.metadata.name,
        types: ['Ingress'],
        egress: undefined,
      });
  });

  it('opens each listening process (and only those) to its callers from the code, on its container port only', () => {
    const allowing = policies.filter((p) => !isEmptySelector(p.spec.podSelector));
    const opened = new Map<string, NetworkPolicy>();
    for (const policy of allowing) {
      const selected = podsOf(policy.spec.podSelector);
      expect({ policy: policy.metadata.name, selected: selected.length }).toEqual({ policy: policy.metadata.name, selected: 1 });
      expect({ policy: policy.metadata.name, twice: opened.has(selected[0]) }).toEqual({ policy: policy.metadata.name, twice: false });
      opened.set(selected[0], policy);
    }
    // Every process with a port has its policy; workers and Jobs have none (they accept nothing).
    expect([...opened.keys()].sort()).toEqual([...derived.keys()].sort());

    for (const [name, policy] of opened) {
      const container = main(byName(deployments, name));
      const containerPorts = (container.ports ?? []).map((p) => p.containerPort);
      const rules = policy.spec.ingress ?? [];
      expect({ name, rules: rules.length }).toEqual({ name, rules: 1 });
      const [rule] = rules;
      expect({
        name,
        ports: (rule.ports ?? []).map((p) => ({ protocol: p.protocol, port: resolvePort(container, p.port), endPort: p.endPort })),
      }).toEqual({
        name,
        ports: containerPorts.map((port) => ({ protocol: 'TCP', port, endPort: undefined })),
      });
      if (name === 'web') {
        // The entry point: the Ingress controller or load balancer, outside the namespace.
        expect(rule.from).toBeUndefined();
        continue;
      }
      // Pods of this namespace only, named by their Deployment's labels: no namespace, no address range.
      const peers = (rule.from ?? []).map((peer) => {
        expect({ name, peer: Object.keys(peer) }).toEqual({ name, peer: ['podSelector'] });
        const picked = podsOf(peer.podSelector ?? {});
        expect({ name, peer: peer.podSelector, picked: picked.length }).toEqual({ name, peer: peer.podSelector, picked: 1 });
        return picked[0];
      });
      expect({ name, from: [...peers].sort() }).toEqual({ name, from: [...(derived.get(name) ?? [])].sort() });
    }
  });

  it("matches the README's table beside the manifests", () => {
    const documented = documentedMatrix();
    expect([...documented.keys()].sort()).toEqual([...derived.keys()].sort());
    for (const [name, callers] of derived) {
      const port = main(byName(deployments, name)).ports?.[0].containerPort;
      const expected = name === 'web' ? ['anyone'] : [...callers].sort();
      expect({ name, ...documented.get(name) }).toEqual({ name, port, from: expected });
    }
  });
});

// ─── Scaling, disruptions and shutdown ─────────────────────────────────────────────────────

/** Scaled on CPU, at least two replicas: the gateway, the services and their workers (web: static nginx, fixed replicas). */
const SCALED = BUILT.filter((name) => roleOf(name) !== 'web');
/** Drained on SIGTERM (packages/service-kit/src/drain.ts): the Node servers. */
const DRAINED = BUILT.filter((name) => roleOf(name) === 'gateway' || roleOf(name) === 'service');

function autoscalerOf(name: string): HorizontalPodAutoscaler {
  const found = autoscalers.filter((h) => h.spec.scaleTargetRef.kind === 'Deployment' && h.spec.scaleTargetRef.name === name);
  if (found.length !== 1) throw new Error(`${found.length} HorizontalPodAutoscalers target ${name}`);
  return found[0];
}

describe('infra/k8s scaling and shutdown', () => {
  it('scales and protects the Node processes, and nothing else', () => {
    expect(SCALED.length).toBeGreaterThanOrEqual(7); // gateway, three services, three workers
    expect(autoscalers.map((h) => h.spec.scaleTargetRef.name).sort()).toEqual([...SCALED].sort());
    expect(budgets.flatMap((b) => podsOf(b.spec.selector)).sort()).toEqual([...SCALED].sort());
  });

  it.each(SCALED)('%s: a HorizontalPodAutoscaler on CPU owns its replicas, 2 at least', (name) => {
    const deployment = byName(deployments, name);
    const hpa = autoscalerOf(name);
    expect({ apiVersion: hpa.apiVersion, target: hpa.spec.scaleTargetRef.apiVersion }).toEqual({
      apiVersion: 'autoscaling/v2',
      target: 'apps/v1',
    });
    const min = hpa.spec.minReplicas ?? 1;
    expect(min).toBeGreaterThanOrEqual(2);
    expect(hpa.spec.maxReplicas).toBeGreaterThan(min);
    const cpu = hpa.spec.metrics?.filter((m) => m.type === 'Resource' && m.resource?.name === 'cpu') ?? [];
    expect(cpu.map((m) => m.resource?.target.type)).toEqual(['Utilization']);
    const utilization = cpu[0].resource?.target.averageUtilization ?? 0;
    expect(utilization > 0 && utilization <= 100).toBe(true);
    // Utilization is a share of the CPU request: every container of the pod needs one.
    for (const c of deployment.spec.template.spec.containers)
      expect({ name, c: c.name, cpu: typeof c.resources?.requests?.cpu }).toEqual({ name, c: c.name, cpu: 'string' });
    // The autoscaler owns the count: `replicas` in the manifest would reset it at every apply.
    expect(deployment.spec.replicas).toBeUndefined();
  });

  it.each(SCALED)('%s: a PodDisruptionBudget on its pods lets one replica go at a time', (name) => {
    const labels = byName(deployments, name).spec.template.metadata.labels;
    const mine = budgets.filter((b) => selects(b.spec.selector.matchLabels ?? {}, labels));
    expect(mine.length).toBe(1);
    const [budget] = mine;
    expect(budget.apiVersion).toBe('policy/v1');
    // Its selector picks this Deployment's pods only.
    expect(podsOf(budget.spec.selector)).toEqual([name]);
    // One at a time; minAvailable stays below the autoscaler's minimum, so a node drain is never blocked.
    const { minAvailable, maxUnavailable } = budget.spec;
    expect([{ maxUnavailable: 1 }, { minAvailable: 1 }]).toContainEqual(
      Object.fromEntries(Object.entries({ minAvailable, maxUnavailable }).filter(([, v]) => v !== undefined)),
    );
    if (minAvailable !== undefined) expect(Number(minAvailable)).toBeLessThan(autoscalerOf(name).spec.minReplicas ?? 1);
  });

  it.each(SCALED)('%s: a rollout starts a new pod before it stops an old one', (name) => {
    const { strategy } = byName(deployments, name).spec;
    expect(strategy?.type ?? 'RollingUpdate').toBe('RollingUpdate');
    expect(strategy?.rollingUpdate?.maxUnavailable).toBe(0);
    expect([undefined, 0, '0%']).not.toContain(strategy?.rollingUpdate?.maxSurge);
  });

  it.each(DRAINED)('%s: drains on SIGTERM until readiness has taken it out, and stops within its grace period', (name) => {
    const deployment = byName(deployments, name);
    const container = main(deployment);
    // Read as the process reads it.
    const drain = drainSecondsFromEnv({ DRAIN_SECONDS: envOf(container).get('DRAIN_SECONDS') });
    expect(drain).toBeGreaterThan(0);
    // /ready answers 503 from the signal on; the probe takes period × failureThreshold to act on it.
    const probe = container.readinessProbe;
    expect(probe?.httpGet?.path).toBe('/ready');
    expect(drain).toBeGreaterThan((probe?.periodSeconds ?? 10) * (probe?.failureThreshold ?? 3));
    // The drain, then the running requests (cut after SHUTDOWN_GRACE_MS), then closing: before the kill.
    expect(deployment.spec.template.spec.terminationGracePeriodSeconds ?? 30).toBeGreaterThan(drain + SHUTDOWN_GRACE_MS / 1000);
    // The drain replaces a preStop sleep, which would delay the signal (and /ready) and take from the grace period.
    expect(container.lifecycle?.preStop).toBeUndefined();
  });
});

const kubectl = ['/usr/bin/kubectl', '/usr/local/bin/kubectl'].find((p) => fs.existsSync(p));
const describeWithKubectl = kubectl ? describe : describe.skip;
if (!kubectl) console.warn('kubectl is not installed: `kubectl kustomize infra/k8s` is not checked');

describeWithKubectl('kubectl kustomize infra/k8s', () => {
  it('renders every object, in the namespace', async () => {
    const { stdout } = await promisify(execFile)(kubectl!, ['kustomize', K8S]);
    const rendered = YAML.parseAllDocuments(stdout).map((doc) => doc.toJS() as Manifest & { metadata: { namespace?: string } });
    expect(rendered.map((m) => `${m.kind}/${m.metadata.name}`).sort()).toEqual(manifests.map((m) => `${m.kind}/${m.metadata.name}`).sort());
    expect(rendered.filter((m) => m.kind !== 'Namespace' && m.metadata.namespace !== kustomization.namespace)).toEqual([]);
  });
});
