import express from 'express';
import request from 'supertest';
import { MESSAGES_HTTP } from '@xaalis/contracts';
import { canonicalPathGuard } from '.';

const id = '0b7e3c1a-5d2f-4e8b-9a61-3f2c7d9e4b10';
const app = express();
app.use(canonicalPathGuard);
app.use((req, res) => void res.json({ reached: req.originalUrl }));

describe('canonicalPathGuard', () => {
  it.each([
    `/api/accounting-entries/${id}/VALIDATE`,
    `/API/accounting-entries/${id}/validate`,
    `/Api/user`,
    `/api/accounting-entries/${id}/%76alidate`,
    `/api/accounting-entries%2f${id}/validate`,
    `/api/accounting-entries/${id}/%2e%2e/validate`,
    `/api//accounting-entries/${id}/validate`,
    `/api/accounting-entries/${id}/validate.`,
  ])('answers 404 in French to %s before anything else reads it', async (path) => {
    const res = await request(app).patch(path).expect(404);
    expect(res.body).toEqual({ message: MESSAGES_HTTP.notFound });
  });

  it.each([`/api/accounting-entries/${id}/validate`, '/api/user?x=AB', '/api', '/Auth', '/static/App.JS'])(
    'lets %s through',
    async (path) => {
      const res = await request(app).patch(path).expect(200);
      expect(res.body).toEqual({ reached: path });
    },
  );
});
