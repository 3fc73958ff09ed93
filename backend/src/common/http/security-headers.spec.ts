import express from 'express';
import helmet from 'helmet';
import request from 'supertest';
import { helmetOptions } from '../../bootstrap';
import { securityHeaders } from './security-headers';

const headersOf = async (middleware: express.RequestHandler) => {
  const app = express();
  app.use(middleware);
  app.get('/x', (_req, res) => res.json({ ok: true }));
  const res = await request(app).get('/x').expect(200);
  const headers = { ...res.headers };
  delete headers.date;
  delete headers.etag;
  return headers;
};

describe('securityHeaders', () => {
  it('sets exactly the headers helmet sets, worked out once', async () => {
    const fromHelmet = await headersOf(helmet(helmetOptions));
    const precomputed = await headersOf(securityHeaders(helmetOptions));
    expect(precomputed).toEqual(fromHelmet);
    expect(precomputed['content-security-policy']).toContain("script-src 'self'");
    expect(precomputed['x-powered-by']).toBeUndefined();
  });
});
