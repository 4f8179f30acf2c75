import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { REQUESTS_PER_IP_MINUTE } from '@portal/shared/constants';
import { randomLoopback } from './support/http.ts';
import { type TestApp, startTestApp } from './support/test-app.ts';
import { PAGE, temporaryWebDist } from './support/web-dist.ts';

describe('the web app files and the request-rate limit', () => {
  const dist = temporaryWebDist({
    'index.html': PAGE,
    'assets/index-3f2a9c.js': 'console.log(1)',
    'assets/index-77ab01.css': 'body{}',
    'favicon.ico': 'icon',
  });
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, dist.dir);
  });
  afterAll(async () => {
    await t?.close();
    dist.remove();
  });

  const get = (url: string, ip: string) => t.app.inject({ method: 'GET', url, remoteAddress: ip });

  it("never counts the app's files and pages, so an office's first visits leave its API calls free", async () => {
    const ip = randomLoopback();
    const files = ['/assets/index-3f2a9c.js', '/assets/index-77ab01.css', '/favicon.ico', '/login', '/'];
    for (let i = 0; i < 2_000; i++) {
      const response = await get(files[i % files.length]!, ip);
      expect(response.statusCode, files[i % files.length]).toBe(200);
    }
    // an API call answers for itself (no session here), not with the limit's 1000429
    const api = await get(contract.currentUser.path, ip);
    expect(api.statusCode).toBe(401);
    expect(api.headers['x-ratelimit-remaining']).toBe(String(REQUESTS_PER_IP_MINUTE - 1));
  });

  it('caches hashed assets for good and revalidates index.html and other files', async () => {
    const ip = randomLoopback();
    expect((await get('/assets/index-3f2a9c.js', ip)).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get('/favicon.ico', ip)).headers['cache-control']).toBe('no-cache');
    expect((await get('/login', ip)).headers['cache-control']).toBe('no-cache');
  });

  it('still refuses an address beyond its API requests, with the wait', async () => {
    const ip = randomLoopback();
    let refused;
    for (let i = 0; i <= REQUESTS_PER_IP_MINUTE && !refused; i++) {
      const response = await get(contract.currentUser.path, ip);
      if (response.statusCode === 429) refused = response;
    }
    expect(refused?.json()).toMatchObject({ code: 1000429, data: { retryAfterSeconds: expect.any(Number) } });
    expect(refused?.headers['retry-after']).toBe(String(refused?.json().data.retryAfterSeconds));
  });
});
