import express from 'express';
import request from 'supertest';
import { requestIsSecure, type TrustProxy } from './middleware';

// requestIsSecure decides the cookie's name before Express sees the request: it must agree with
// Express's req.secure for every 'trust proxy' setting and X-Forwarded-Proto the gateway may meet.
describe('requestIsSecure', () => {
  it.each([false, true, 1, 2, 'loopback', '10.0.0.0/8'])('agrees with req.secure under trust proxy = %p', async (trustProxy) => {
    const app = express();
    app.set('trust proxy', trustProxy);
    const trust = app.get('trust proxy fn') as TrustProxy;
    app.get('/', (req, res) => {
      const forwarded = req.headers['x-forwarded-proto'];
      res.json({ express: req.secure, ours: requestIsSecure(req.socket, typeof forwarded === 'string' ? forwarded : undefined, trust) });
    });
    for (const proto of [undefined, 'https', 'http', 'https, http', 'http, https', ' https ', 'HTTPS']) {
      const call = request(app).get('/');
      const res = await (proto === undefined ? call : call.set('X-Forwarded-Proto', proto));
      expect({ proto, ...res.body }).toEqual({ proto, express: res.body.express, ours: res.body.express });
    }
  });
});
