// The gateway started in-process in front of a bench's accounting service (see
// ./ledger withAccountingService), and users registered and signed in through
// it: the requests a browser makes, with the session cookie. Uses the built dist
// (run `npm run build:server` first).
const path = require('node:path');
const { root, TOKEN } = require('./ledger');

const gatewayDist = path.join(root, 'gateway', 'dist');

/**
 * Runs fn({ gatewayBase }) on the gateway started on a free port, on the same
 * database as the service (its identity schema migrated), proxying to the
 * accounting service at `accountingBase`; closed at the end. Sessions are kept in
 * memory (REDIS_URL empty, as withAccountingService leaves it): one process.
 * With `redisUrl`, sessions, rate limits and the membership mirror are kept in
 * that Redis instead, under their own `redisPrefix` (default: a fresh one), as in
 * production (the session and the role read in one round trip).
 */
async function withGateway(accountingBase, fn, { redisUrl = '', redisPrefix } = {}) {
  const { loadConfig } = require(path.join(gatewayDist, 'config'));
  const { start } = require(path.join(gatewayDist, 'server'));
  const defaults = loadConfig();
  const gateway = await start({
    port: 0,
    config: {
      redisUrl,
      ...(redisUrl ? { redisPrefix: redisPrefix ?? `xaalis-bench-${Date.now().toString(36)}` } : {}),
      internalToken: TOKEN,
      logLevel: 'silent',
      services: { ...defaults.services, accounting: accountingBase },
      // The bench registers a few users from one address.
      registerMaxPerWindow: 1_000,
    },
  });
  try {
    return await fn({ gatewayBase: `http://127.0.0.1:${gateway.port}` });
  } finally {
    await gateway.close();
  }
}

const json = { 'content-type': 'application/json' };
const sessionCookie = (res) => (res.headers.get('set-cookie') ?? '').split(';')[0];

/**
 * Registers a user with a new company through the gateway (POST /api/register):
 * { username, password, user, cookie } with the session cookie it answers with.
 */
async function register(gatewayBase, companyName, sector = 'commerce') {
  const username = `bench${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const password = 'motdepasse-bench-1';
  const reg = await fetch(`${gatewayBase}/api/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      username,
      email: `${username}@exemple.sn`,
      password,
      firstName: 'Bench',
      lastName: 'Mark',
      companyName,
      phone: '+221 77 000 00 00',
      address: 'Dakar',
      sector,
    }),
  });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${await reg.text()}`);
  return { username, password, user: await reg.json(), cookie: sessionCookie(reg) };
}

/** register, then signs in (POST /api/login): { user, cookie } with the session cookie. */
async function registerAndSignIn(gatewayBase, companyName, sector = 'commerce') {
  const { username, password, cookie } = await register(gatewayBase, companyName, sector);
  const login = await fetch(`${gatewayBase}/api/login`, {
    method: 'POST',
    headers: { ...json, cookie },
    body: JSON.stringify({ username, password }),
  });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
  return { user: await login.json(), cookie: sessionCookie(login) || cookie };
}

/** GET through the gateway with the session cookie: the response (status not checked). */
const gatewayGet = (gatewayBase, cookie, pathAndQuery) => fetch(`${gatewayBase}${pathAndQuery}`, { headers: { cookie } });

module.exports = { gatewayDist, withGateway, sessionCookie, register, registerAndSignIn, gatewayGet };
