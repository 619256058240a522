import { assertProductionSecrets, DEFAULTS, KNOWN_DEFAULT_SECRETS, MIN_SECRET_BYTES, SERVICE_SECRETS } from './config';

const strong = () => 'a1b2c3d4'.repeat(8); // 64 bytes, like `openssl rand -hex 32`
const production = (env: Record<string, string | undefined>) => ({ NODE_ENV: 'production', ...env });
const good = {
  INTERNAL_TOKEN: strong(),
  SESSION_SECRET: strong(),
  DATABASE_URL: `postgres://xaalis:${strong()}@postgres:5432/xaalis`,
};
const check =
  (env: Record<string, string | undefined>, knownDefaults: string[] = []) =>
  () =>
    assertProductionSecrets([...SERVICE_SECRETS, 'SESSION_SECRET'], { env: production(env), knownDefaults });

describe('assertProductionSecrets', () => {
  it('accepts long random secrets', () => {
    expect(check(good)).not.toThrow();
  });

  it('does nothing outside production (npm start and the tests keep their defaults)', () => {
    expect(() => assertProductionSecrets(SERVICE_SECRETS, { env: { NODE_ENV: 'development' } })).not.toThrow();
    expect(() => assertProductionSecrets(SERVICE_SECRETS, { env: {} })).not.toThrow();
  });

  it.each(['INTERNAL_TOKEN', 'SESSION_SECRET'])('refuses a missing or empty %s, saying how to make one', (name) => {
    expect(check({ ...good, [name]: undefined })).toThrow(`${name} is not set: generate one with \`openssl rand -hex 32\``);
    expect(check({ ...good, [name]: '' })).toThrow(`${name} is not set`);
  });

  it.each([...KNOWN_DEFAULT_SECRETS, 'xaalis-dev-session-secret-change-me'])('refuses the known default %p', (value) => {
    expect(check({ ...good, INTERNAL_TOKEN: value }, ['xaalis-dev-session-secret-change-me'])).toThrow(
      'INTERNAL_TOKEN is a known default value',
    );
  });

  it('refuses the development defaults even though they are long', () => {
    expect(DEFAULTS.internalToken.length).toBeLessThan(MIN_SECRET_BYTES); // and the short rule would catch it too
    const devSession = 'xaalis-dev-session-secret-change-me';
    expect(devSession.length).toBeGreaterThanOrEqual(MIN_SECRET_BYTES);
    expect(check({ ...good, SESSION_SECRET: devSession }, [devSession])).toThrow('SESSION_SECRET is a known default value');
  });

  it('refuses a secret shorter than 32 bytes, counted in bytes', () => {
    expect(check({ ...good, SESSION_SECRET: 'x'.repeat(31) })).toThrow('SESSION_SECRET is shorter than 32 bytes');
    expect(check({ ...good, SESSION_SECRET: 'x'.repeat(32) })).not.toThrow();
    expect(check({ ...good, SESSION_SECRET: 'é'.repeat(16) })).not.toThrow(); // 32 bytes in UTF-8
  });

  it("checks the database password inside DATABASE_URL when there is one (compose's POSTGRES_PASSWORD)", () => {
    expect(check({ ...good, DATABASE_URL: 'postgres://xaalis:xaalis@postgres:5432/xaalis' })).toThrow(
      'the password in DATABASE_URL (POSTGRES_PASSWORD) is a known default value',
    );
    expect(check({ ...good, DATABASE_URL: 'postgres://xaalis:short@postgres/xaalis' })).toThrow('shorter than 32 bytes');
    // Certificate or peer authentication: no password to check.
    expect(check({ ...good, DATABASE_URL: 'postgres://xaalis@postgres/xaalis' })).not.toThrow();
    // npm start's embedded Postgres: loopback only, fixed local password.
    expect(check({ ...good, DATABASE_URL: 'postgres://postgres:xaalis-local@127.0.0.1:54329/xaalis' })).not.toThrow();
  });

  it('lists every problem at once', () => {
    let message = '';
    try {
      check({ DATABASE_URL: good.DATABASE_URL, SESSION_SECRET: 'change-me-session-secret' })();
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/^Refusing to start in production:/);
    expect(message).toContain('INTERNAL_TOKEN is not set');
    expect(message).toContain('SESSION_SECRET is a known default value');
  });
});
