import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { REQUESTS_PER_IP_MINUTE } from '@portal/shared/constants';
import { randomLoopback } from './support/http.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  probe.close();
  await once(probe, 'close');
  return port;
}

describe(`health probes (${ENGINE})`, () => {
  let dist: string;
  let plain: TestApp;
  beforeAll(async () => {
    // with a built web app, whose history fallback answers unknown paths with index.html
    dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    plain = await startTestApp({}, dist);
  });
  afterAll(async () => {
    await plain?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const probe = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
    app.app.inject({ method: 'GET', url, headers, remoteAddress: randomLoopback() });

  it('answers /healthz with an envelope, without a session, uncached and uncounted', async () => {
    const reply = await probe(plain, contract.health.path, { authorization: 'Bearer not-a-session-token-at-all' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    expect(reply.json()).toEqual({ code: 0, msg: 'success', data: { status: 'alive' } });
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.headers['x-ratelimit-limit']).toBeUndefined();
    // the request-rate limit counts every other request, with or without a session
    const counted = await probe(plain, contract.currentUser.path);
    expect(counted.headers['x-ratelimit-limit']).toBe(String(REQUESTS_PER_IP_MINUTE));
  });

  it('answers /readyz with the state of the database', async () => {
    const reply = await probe(plain, contract.readiness.path);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ code: 0, msg: 'success', data: { database: 'up', redis: 'none' } });
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('is 1000503 while the database is closed', async () => {
    const app = await startTestApp();
    try {
      await app.database.close();
      const reply = await probe(app, contract.readiness.path, { 'accept-language': 'en-US' });
      expect(reply.statusCode).toBe(503);
      expect(reply.json()).toEqual({
        code: 1000503,
        msg: 'Service temporarily unavailable, please try again shortly',
        data: { database: 'down', redis: 'none' },
      });
      expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await app.app.close();
      await app.testDb.drop();
    }
  });

  // ready with a Redis that answers: apps/server/reliability/redis.test.ts, where one runs
  it('checks Redis when REDIS_URL is set: 1000503 when it does not answer', async () => {
    const down = await startTestApp({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}` });
    try {
      const reply = await probe(down, contract.readiness.path);
      expect(reply.statusCode).toBe(503);
      expect(reply.json()).toMatchObject({ code: 1000503, data: { database: 'up', redis: 'down' } });
    } finally {
      down.app.redis?.disconnect();
      await down.close();
    }
  });
});
