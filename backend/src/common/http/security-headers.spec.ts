import express from 'express';
import Fastify from 'fastify';
import helmet from 'helmet';
import request from 'supertest';
import { helmetOptions } from '../../bootstrap';
import { securityHeaders } from './security-headers';

/** Headers any server sends by itself, whatever helmet does. */
const PLAIN = ['date', 'etag', 'content-type', 'content-length', 'connection', 'keep-alive'];
const without = (headers: Record<string, unknown>) => Object.fromEntries(Object.entries(headers).filter(([name]) => !PLAIN.includes(name)));

describe('securityHeaders', () => {
  it('sets exactly the headers helmet sets, worked out once', async () => {
    const reference = express();
    reference.use(helmet(helmetOptions));
    reference.get('/x', (_req, res) => res.json({ ok: true }));
    const fromHelmet = without((await request(reference).get('/x').expect(200)).headers);

    const app = Fastify();
    const headers = securityHeaders(helmetOptions);
    app.addHook('onRequest', (_request, reply, done) => {
      void reply.headers(headers);
      done();
    });
    app.get('/x', async () => ({ ok: true }));
    await app.ready();
    const precomputed = without((await request(app.server).get('/x').expect(200)).headers);
    await app.close();

    expect(precomputed).toEqual(fromHelmet);
    expect(precomputed['content-security-policy']).toContain("script-src 'self'");
    expect(Object.keys(precomputed).length).toBeGreaterThan(8);
    expect(precomputed['x-powered-by']).toBeUndefined();
  });
});
