import express, { Router } from 'express';
import { z } from 'zod';
import { caseInsensitiveRouters, caseSensitiveRouter, listRoutes } from './routes';
import { validate } from './validate';

describe('listRoutes', () => {
  it('walks mounted routers with their paths, methods and validate() schemas', () => {
    const body = z.object({ name: z.string() });
    const params = z.object({ id: z.uuid() });
    const inner = Router();
    inner.get('/companies/:companyId/things', (_req, res) => void res.json([]));
    inner.put('/things/:id', validate({ params, body }), (_req, res) => void res.json({}));
    inner
      .route('/things/:id/archive')
      .post((_req, res) => void res.json({}))
      .delete((_req, res) => void res.json({}));
    const app = express();
    app.get('/health', (_req, res) => void res.json({}));
    app.use('/api', Router().use(inner));
    app.use(
      '/internal/',
      Router().post('/companies', validate({ body }), (_req, res) => void res.json({})),
    );

    expect(listRoutes(app).map((r) => [r.method, r.path, Object.keys(r.schemas)])).toEqual([
      ['GET', '/health', []],
      ['GET', '/api/companies/:companyId/things', []],
      ['PUT', '/api/things/:id', ['params', 'body']],
      ['POST', '/api/things/:id/archive', []],
      ['DELETE', '/api/things/:id/archive', []],
      ['POST', '/internal/companies', ['body']],
    ]);
    expect(listRoutes(app).find((r) => r.method === 'PUT')?.schemas.body).toBe(body);
  });
});

describe('caseInsensitiveRouters', () => {
  it('names every router, the app itself included, that would match /VALIDATE to /validate', () => {
    const app = express();
    app.use('/api', caseSensitiveRouter().use(Router().post('/x/validate', (_req, res) => void res.json({}))));
    app.use('/internal', caseSensitiveRouter());
    expect(caseInsensitiveRouters(app)).toEqual(['/', '/api']);

    const strict = express();
    strict.set('case sensitive routing', true);
    strict.use('/api', caseSensitiveRouter().use(caseSensitiveRouter()));
    expect(caseInsensitiveRouters(strict)).toEqual([]);
  });
});
