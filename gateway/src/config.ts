import path from 'node:path';
import { commonConfig, envInt, serviceUrl, type CommonConfig } from '@xaalis/service-kit';
import { REMOTES, SERVICES, type RemoteName, type RemotesConfig, type ServiceName } from '@xaalis/contracts';

/** Development-only session secret; deployments must set SESSION_SECRET. */
export const DEV_SESSION_SECRET = 'xaalis-dev-session-secret-change-me';

export interface GatewayConfig extends CommonConfig {
  port: number;
  sessionSecret: string;
  /** Base URL of each domain service. */
  services: Record<ServiceName, string>;
  /** Folder holding shell/dist and mfe-<name>/dist (local mode static serving). */
  staticDir: string;
  remotes: RemotesConfig;
  /** Express 'trust proxy' setting (false, true, a hop count or a list of addresses). */
  trustProxy: boolean | number | string;
  /** Extra origins accepted by the CSRF check besides the request's own host (dev servers). */
  allowedOrigins: string[];
  proxyTimeoutMs: number;
  connectTimeoutMs: number;
  cspEnabled: boolean;
  /** Failed logins allowed per username and per address within the window. */
  loginMaxFailures: number;
  loginWindowSeconds: number;
  /** Registrations allowed per client address within the window (tests and e2e raise it). */
  registerMaxPerWindow: number;
  registerWindowSeconds: number;
  /** Invitations an owner may send within the window (every company together). */
  invitationsMaxPerWindow: number;
  invitationsWindowSeconds: number;
  /** Companies a user may create with POST /api/companies within the window (registration is limited per address). */
  companiesMaxPerWindow: number;
  companiesWindowSeconds: number;
  /**
   * Session cookie always Secure (SESSION_COOKIE_SECURE=always, the default when NODE_ENV=production),
   * or Secure exactly when req.secure (`auto`: plain-HTTP local mode).
   */
  alwaysSecureCookies: boolean;
}

// gateway/src/config.ts and gateway/dist/config.js both sit two levels under the repo root.
const REPO_ROOT = path.resolve(__dirname, '..', '..');

function parseTrustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw; // e.g. "loopback, 10.0.0.0/8"
}

const list = (raw: string | undefined) =>
  (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** `/config/remotes.json`: every remote unless disabled, at its override URL or under /remotes/<name>/. */
export function remotesFromEnv(env: NodeJS.ProcessEnv = process.env): RemotesConfig {
  const disabled = new Set(list(env.REMOTES_DISABLED));
  const remotes = REMOTES.filter((name) => !disabled.has(name)).map((name: RemoteName) => ({
    name,
    entry: env[`REMOTE_${name.toUpperCase()}_URL`] || `/remotes/${name}/remoteEntry.js`,
  }));
  return { remotes };
}

export function loadConfig(overrides: Partial<GatewayConfig> = {}, env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const services = Object.fromEntries(SERVICES.map((s) => [s, serviceUrl(s, env)])) as Record<ServiceName, string>;
  return {
    ...commonConfig(),
    port: envInt('PORT', 8080),
    sessionSecret: env.SESSION_SECRET || DEV_SESSION_SECRET,
    services,
    staticDir: path.resolve(env.STATIC_DIR || REPO_ROOT),
    remotes: remotesFromEnv(env),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    allowedOrigins: list(env.ALLOWED_ORIGINS),
    proxyTimeoutMs: envInt('PROXY_TIMEOUT_MS', 30_000),
    connectTimeoutMs: envInt('PROXY_CONNECT_TIMEOUT_MS', 1_000),
    cspEnabled: env.CSP_DISABLED !== '1' && env.CSP_DISABLED !== 'true',
    loginMaxFailures: envInt('LOGIN_MAX_FAILURES', 10),
    loginWindowSeconds: envInt('LOGIN_WINDOW_SECONDS', 15 * 60),
    registerMaxPerWindow: envInt('REGISTER_MAX_PER_WINDOW', 5),
    registerWindowSeconds: envInt('REGISTER_WINDOW_SECONDS', 60 * 60),
    invitationsMaxPerWindow: envInt('INVITATIONS_MAX_PER_WINDOW', 20),
    invitationsWindowSeconds: envInt('INVITATIONS_WINDOW_SECONDS', 60 * 60),
    companiesMaxPerWindow: envInt('COMPANIES_MAX_PER_WINDOW', 10),
    companiesWindowSeconds: envInt('COMPANIES_WINDOW_SECONDS', 24 * 60 * 60),
    alwaysSecureCookies: (env.SESSION_COOKIE_SECURE || (env.NODE_ENV === 'production' ? 'always' : 'auto')) !== 'auto',
    ...overrides,
  };
}
