import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { REQUESTS_PER_IP_MINUTE } from '@portal/shared/constants';
import { call, randomLoopback } from '../test/support/http.ts';
import { ENGINE, type TestApp, startTestApp } from '../test/support/test-app.ts';

/** A running Redis, as CI starts it beside PostgreSQL (docs/contributing.md#tests). */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Two processes of one installation share the prefix; this run's keys stay apart from any other's. */
const PREFIX = `portal-test-${Math.random().toString(36).slice(2)}:`;

describe(`a running Redis shared by two server processes (${ENGINE})`, () => {
  let a: TestApp;
  let b: TestApp;
  let redis: Redis;
  beforeAll(async () => {
    redis = new Redis(REDIS_URL);
    a = await startTestApp({ REDIS_URL, REDIS_KEY_PREFIX: PREFIX });
    b = await startTestApp({ REDIS_URL, REDIS_KEY_PREFIX: PREFIX });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await redis?.quit();
  });

  it('counts the requests of one client across two server processes', async () => {
    const ip = `127.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}.9`;
    const first = await call(a.app, contract.currentUser, { ip });
    const second = await call(b.app, contract.currentUser, { ip });
    // requests without a session count too: the limiter runs before authentication
    expect(first.code).toBe(1000401);
    expect(Number(first.headers['x-ratelimit-remaining'])).toBe(REQUESTS_PER_IP_MINUTE - 1);
    expect(Number(second.headers['x-ratelimit-remaining'])).toBe(REQUESTS_PER_IP_MINUTE - 2);
    expect(await redis.exists(`${PREFIX}request-rate:${ip}`)).toBe(1);
  });

  it('says ready on /readyz once Redis answers', async () => {
    await expect
      .poll(async () => {
        const reply = await a.app.inject({
          method: 'GET',
          url: contract.readiness.path,
          remoteAddress: randomLoopback(),
        });
        return [reply.statusCode, reply.json()];
      })
      .toEqual([200, { code: 0, msg: 'success', data: { database: 'up', redis: 'up' } }]);
  });
});
