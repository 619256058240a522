// Test helpers: the repository's nginx configuration (infra/docker) run by Debian's nginx
// on free ports, in front of a test upstream, with a temporary document root.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './services';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const DOCKER = path.join(ROOT, 'infra', 'docker');

/** Debian's nginx binary, or null when it is not installed (.ci/run installs it). */
export function nginxBinary(): string | null {
  const candidates = ['/usr/sbin/nginx', ...(process.env.PATH ?? '').split(path.delimiter).map((d) => path.join(d, 'nginx'))];
  return candidates.find((c) => fs.existsSync(c)) ?? null;
}

/** Replaces `from` by `to`, failing loudly when the config no longer contains `from`. */
function swap(text: string, from: string, to: string, file: string): string {
  if (!text.includes(from)) throw new Error(`${file} no longer contains ${JSON.stringify(from)}: update test-support/nginx.ts`);
  return text.split(from).join(to);
}

export interface NginxOptions {
  /** Which set-up: infra/docker/nginx/http.conf.template or tls.conf.template. */
  mode: 'http' | 'tls';
  /** host:port of the upstream standing in for the gateway. */
  upstream: string;
  /** Rewrites the server body (infra/docker/nginx.conf) before use, e.g. to run an older version. */
  editSite?: (site: string) => string;
}

export interface RunningNginx {
  /** The port of the `listen 80` server. */
  httpPort: number;
  /** The port of the `listen 443 ssl` server (TLS mode only). */
  tlsPort: number | null;
  /** The rendered default.conf (for messages). */
  config: string;
  close(): Promise<void>;
}

/** A throwaway self-signed certificate for localhost. */
function selfSignedCertificate(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'].concat([
      '-subj',
      '/CN=localhost',
      '-keyout',
      key,
      '-out',
      cert,
    ]),
    { stdio: 'ignore' },
  );
  return { cert, key };
}

async function waitForPort(port: number, exited: () => string | null, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const failure = exited();
    if (failure !== null) throw new Error(failure);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`nginx did not listen on ${port} within ${timeoutMs} ms`);
}

/**
 * Renders the template as the nginx image's envsubst would (XAALIS_GATEWAY,
 * TLS_CERTIFICATE, TLS_CERTIFICATE_KEY), moves the listen ports, the document root
 * and the include paths into a temporary folder, and starts nginx in the foreground.
 */
export async function startNginx(opts: NginxOptions): Promise<RunningNginx> {
  const binary = nginxBinary();
  if (!binary) throw new Error('nginx is not installed (apt-get install -y nginx-light)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xaalis-nginx-'));
  const html = path.join(dir, 'html');
  fs.mkdirSync(path.join(html, 'remotes', 'accounting'), { recursive: true });
  fs.writeFileSync(path.join(html, 'index.html'), '<!doctype html><title>Xaalis</title><div id="root"></div>');
  fs.writeFileSync(path.join(html, 'remotes', 'accounting', 'remoteEntry.js'), 'var accounting;');
  fs.writeFileSync(path.join(html, 'remotes', 'accounting', 'main.1234.js'), 'console.log(1);');

  const siteFile = path.join(DOCKER, 'nginx.conf');
  let site = fs.readFileSync(siteFile, 'utf8');
  site = swap(site, 'root /usr/share/nginx/html;', `root ${html};`, siteFile);
  site = swap(site, '/etc/nginx/xaalis/security-headers.conf', path.join(dir, 'security-headers.conf'), siteFile);
  if (opts.editSite) site = opts.editSite(site);
  fs.writeFileSync(path.join(dir, 'site.conf'), site);
  fs.copyFileSync(path.join(DOCKER, 'nginx', 'security-headers.conf'), path.join(dir, 'security-headers.conf'));

  const templateFile = path.join(DOCKER, 'nginx', `${opts.mode}.conf.template`);
  const httpPort = await freePort();
  const tlsPort = opts.mode === 'tls' ? await freePort() : null;
  const tls = opts.mode === 'tls' ? selfSignedCertificate(dir) : { cert: '', key: '' };
  const variables: Record<string, string> = { XAALIS_GATEWAY: opts.upstream, TLS_CERTIFICATE: tls.cert, TLS_CERTIFICATE_KEY: tls.key };
  let config = fs.readFileSync(templateFile, 'utf8').replace(/\$\{(\w+)\}/g, (whole, name: string) => {
    const value = variables[name];
    if (value === undefined) throw new Error(`${templateFile}: ${whole} is not set by the image or docker-compose.yml`);
    return value;
  });
  config = swap(config, 'listen 80;', `listen 127.0.0.1:${httpPort};`, templateFile);
  if (tlsPort !== null) config = swap(config, 'listen 443 ssl;', `listen 127.0.0.1:${tlsPort} ssl;`, templateFile);
  config = swap(config, '/etc/nginx/xaalis/site.conf', path.join(dir, 'site.conf'), templateFile);
  fs.writeFileSync(path.join(dir, 'default.conf'), config);

  const temp = (name: string) => path.join(dir, name);
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'master_process off;',
      `pid ${temp('nginx.pid')};`,
      `error_log ${temp('error.log')} warn;`,
      'events { worker_connections 64; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${temp(t)};`),
      `  include ${temp('default.conf')};`,
      '}',
    ].join('\n'),
  );

  const child = spawn(binary, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', temp('error.log')], { stdio: 'ignore' });
  const errorLog = () => (fs.existsSync(temp('error.log')) ? fs.readFileSync(temp('error.log'), 'utf8') : '');
  const exited = () => (child.exitCode !== null ? `nginx exited (${child.exitCode}):\n${errorLog()}\n${config}` : null);
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const done = once(child, 'exit');
      child.kill('SIGTERM');
      await done;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForPort(tlsPort ?? httpPort, exited, 3_000);
    await waitForPort(httpPort, exited, 3_000);
  } catch (err) {
    await close();
    throw err;
  }
  return { httpPort, tlsPort, config, close };
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One request to 127.0.0.1:port with exactly the given headers (Host included, as a
 * browser at http://localhost:<port> sends it); TLS accepts the self-signed certificate.
 */
export function rawRequest(opts: {
  port: number;
  tls?: boolean;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const options = {
      host: '127.0.0.1',
      port: opts.port,
      method: opts.method ?? 'GET',
      path: opts.path,
      headers: { Host: `localhost:${opts.port}`, ...opts.headers },
      agent: false as const,
      rejectUnauthorized: false,
    };
    const req = (opts.tls ? https : http).request(options, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}
