import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { closeConnectionsWhileDraining, closeServer, createDrain, drainSecondsFromEnv, drainThenClose } from './drain';

describe('drainSecondsFromEnv', () => {
  it('is 0 when DRAIN_SECONDS is unset or empty, the number of seconds otherwise', () => {
    expect(drainSecondsFromEnv({})).toBe(0);
    expect(drainSecondsFromEnv({ DRAIN_SECONDS: ' ' })).toBe(0);
    expect(drainSecondsFromEnv({ DRAIN_SECONDS: '15' })).toBe(15);
    expect(drainSecondsFromEnv({ DRAIN_SECONDS: '0.5' })).toBe(0.5);
  });

  it('refuses a value that is not a number of seconds, naming the variable', () => {
    expect(() => drainSecondsFromEnv({ DRAIN_SECONDS: 'abc' })).toThrow('DRAIN_SECONDS must be a number of seconds');
    expect(() => drainSecondsFromEnv({ DRAIN_SECONDS: '-1' })).toThrow('DRAIN_SECONDS must be a number of seconds');
  });
});

describe('drainThenClose', () => {
  it('drains once, then closes once, however many callers', async () => {
    const drain = createDrain(0);
    let closes = 0;
    const shutdown = drainThenClose(drain, async () => {
      expect(drain.draining).toBe(true);
      closes++;
    });
    expect(drain.draining).toBe(false);
    await Promise.all([shutdown(), shutdown()]);
    await shutdown();
    expect(closes).toBe(1);
  });
});

describe('closeServer', () => {
  // The request is held until the test releases it, so close() starts while it runs.
  async function heldServer() {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    const server = http.createServer((_req, res) => {
      entered();
      void released.then(() => res.end('done'));
    });
    server.keepAliveTimeout = 65_000;
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return { server, port: (server.address() as AddressInfo).port, release, inside };
  }

  it('finishes a running request, then closes its keep-alive connection without waiting for keepAliveTimeout or the cut', async () => {
    const { server, port, release, inside } = await heldServer();
    const agent = new http.Agent({ keepAlive: true });
    try {
      const answer = new Promise<{ body: string; connection: string | undefined }>((resolve, reject) => {
        http
          .get({ port, host: '127.0.0.1', agent }, (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => resolve({ body, connection: res.headers.connection }));
          })
          .on('error', reject);
      });
      await inside;
      // A cut far beyond the test's timeout: only closing the connection once idle lets this resolve.
      const closed = closeServer(server, 120_000);
      let closedFirst = false;
      void closed.then(() => (closedFirst = true));
      await new Promise((r) => setTimeout(r, 50));
      expect(closedFirst).toBe(false); // the running request holds it
      release();
      // Answered before the connection is closed: the running request was not cut.
      expect(await answer).toEqual({ body: 'done', connection: 'keep-alive' });
      await closed;
    } finally {
      agent.destroy();
    }
  });

  it('answers with Connection: close while draining (keep-alive clients reconnect elsewhere), keep-alive before', async () => {
    const drain = createDrain(0);
    const server = http.createServer((_req, res) => res.end('ok'));
    closeConnectionsWhileDraining(server, drain);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      expect((await fetch(url)).headers.get('connection')).toBe('keep-alive');
      await drain.begin();
      const res = await fetch(url);
      expect({ status: res.status, body: await res.text(), connection: res.headers.get('connection') }).toEqual({
        status: 200,
        body: 'ok',
        connection: 'close',
      });
    } finally {
      await closeServer(server);
    }
  });
});
