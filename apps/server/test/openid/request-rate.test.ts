import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { REQUESTS_PER_IP_MINUTE } from '@portal/shared/constants';
import { randomLoopback } from '../support/http.ts';
import { ENGINE, type TestApp, startTestApp } from '../support/test-app.ts';

describe(`the OpenID provider and the per-address request rate (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const get = (url: string, ip: string) => t.app.inject({ method: 'GET', url, remoteAddress: ip });

  it("never counts a product server's calls, which carry all its people from one address", async () => {
    const ip = randomLoopback();
    // the token, userinfo, revocation and introspection endpoints answer these without a client: 4xx
    const urls = ['/oidc/jwks', '/.well-known/openid-configuration', '/oidc/token', '/oidc/me'];
    for (const url of urls) {
      const response = await get(url, ip);
      expect(response.statusCode, url).not.toBe(429);
      expect(response.headers['x-ratelimit-remaining'], url).toBeUndefined();
    }
    // what the limit counted of the address: the call below alone
    const api = await get(contract.currentUser.path, ip);
    expect(api.headers['x-ratelimit-remaining']).toBe(String(REQUESTS_PER_IP_MINUTE - 1));
  });

  it("counts a browser's authorization requests like any other request", async () => {
    const ip = randomLoopback();
    await get('/oidc/auth?client_id=unknown', ip);
    const api = await get(contract.currentUser.path, ip);
    expect(api.headers['x-ratelimit-remaining']).toBe(String(REQUESTS_PER_IP_MINUTE - 2));
  });
});
