import express from 'express';
import request from 'supertest';
import { MESSAGES_HTTP } from '@xaalis/contracts';
import { errorHandler } from '@xaalis/service-kit';
import { csrfGuard } from './middleware';

const app = express();
app.use(csrfGuard(['http://localhost:3000']));
app.all('/{*any}', (_req, res) => res.json({ ok: true }));
app.use(errorHandler);

describe('csrfGuard', () => {
  it('lets reads through untouched', async () => {
    expect((await request(app).get('/x').set('Origin', 'https://evil.example')).status).toBe(200);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('%s needs JSON or X-Requested-With', async (method) => {
    const call = () => request(app)[method.toLowerCase() as 'post'](`/x`);
    const refused = await call().set('Content-Type', 'text/plain').send('a=1');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: MESSAGES_HTTP.csrf });
    expect((await call().set('Content-Type', 'application/json; charset=utf-8').send('{}')).status).toBe(200);
    expect((await call().set('X-Requested-With', 'XMLHttpRequest')).status).toBe(200);
  });

  it('checks Origin against the Host, plus the allowed origins', async () => {
    const post = (origin: string, host = 'xaalis.test:8080') =>
      request(app).post('/x').set('Host', host).set('Origin', origin).set('Content-Type', 'application/json').send('{}');
    expect((await post('http://xaalis.test:8080')).status).toBe(200);
    expect((await post('https://XAALIS.test:8080')).status).toBe(200); // scheme is not compared (TLS ends at the proxy)
    expect((await post('http://xaalis.test:9999')).status).toBe(403);
    expect((await post('https://evil.example')).status).toBe(403);
    expect((await post('null')).status).toBe(403);
    expect((await post('http://localhost:3000')).status).toBe(200);
  });
});
