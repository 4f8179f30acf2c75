import type { JSONWebKeySet } from 'jose';
import { inject } from 'light-my-request';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCOVERY_PATH, OIDC_ROUTES } from '../../src/libraries/openid/provider.ts';
import { rotateSigningKeys } from '../../src/libraries/openid/signing-keys.ts';
import { type OpenIdTestApp, type TestClient, freePort, startWithClient } from '../support/openid.ts';
import { ENGINE, startSideApp } from '../support/test-app.ts';

/** The JWKS and discovery, answered from memory per key set: what the provider itself answers, with a
 *  validator, and new at a rotation in this process or another one on the database. */
describe(`OpenID provider: JWKS and discovery from memory (${ENGINE})`, () => {
  let t: OpenIdTestApp;
  let client: TestClient;
  beforeAll(async () => {
    ({ t, client } = await startWithClient());
  });
  afterAll(async () => t?.close());

  /** What the provider's own Koa app answers for `path`, asked directly, as under the issuer. */
  const providerAnswer = async (path: string) => {
    const issuer = new URL(t.issuer);
    const answer = await inject((await t.app.openid.provider()).callback(), {
      url: path,
      headers: { host: issuer.host, 'x-forwarded-host': issuer.host, 'x-forwarded-proto': 'http' },
    });
    return answer;
  };
  const keysOf = async (response: Response) => ((await response.json()) as JSONWebKeySet).keys.map((key) => key.kid);

  it("answers the provider's own documents, which openid-client discovers and validates", async () => {
    for (const path of [DISCOVERY_PATH, OIDC_ROUTES.jwks]) {
      const response = await fetch(`${t.issuer}${path}`);
      expect(response.status, path).toBe(200);
      const own = await providerAnswer(path);
      expect(response.headers.get('content-type'), path).toBe(own.headers['content-type']);
      expect(response.headers.get('access-control-allow-origin'), path).toBe(
        own.headers['access-control-allow-origin'],
      );
      expect(await response.text(), path).toBe(own.payload);
    }
    const discovered = await oidc.discovery(new URL(t.issuer), client.clientId, undefined, oidc.None(), {
      execute: [oidc.allowInsecureRequests],
    });
    expect(discovered.serverMetadata()).toEqual(JSON.parse((await providerAnswer(DISCOVERY_PATH)).payload));
  });

  it('carries a strong ETag and a short Cache-Control; If-None-Match gets 304', async () => {
    for (const [path, maxAge] of [
      [DISCOVERY_PATH, 60],
      [OIDC_ROUTES.jwks, 300],
    ] as const) {
      const first = await fetch(`${t.issuer}${path}`);
      const etag = first.headers.get('etag')!;
      expect(etag, path).toMatch(/^"[\w-]+"$/);
      expect(first.headers.get('cache-control'), path).toBe(`public, max-age=${maxAge}`);
      // one representation for the one validator: never another encoding under the same ETag
      const asked = await fetch(`${t.issuer}${path}`, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(asked.headers.get('etag'), path).toBe(etag);
      expect(asked.headers.get('content-encoding'), path).toBeNull();

      const unchanged = await fetch(`${t.issuer}${path}`, { headers: { 'if-none-match': `"other", ${etag}` } });
      expect(unchanged.status, path).toBe(304);
      expect(unchanged.headers.get('etag'), path).toBe(etag);
      expect(await unchanged.text(), path).toBe('');
      const weak = await fetch(`${t.issuer}${path}`, { headers: { 'if-none-match': `W/${etag}` } });
      expect(weak.status, path).toBe(304);
      const other = await fetch(`${t.issuer}${path}`, { headers: { 'if-none-match': '"other"' } });
      expect(other.status, path).toBe(200);
    }
  });

  it('changes the keys and their ETag at a rotation', async () => {
    const before = await fetch(`${t.issuer}${OIDC_ROUTES.jwks}`);
    const etag = before.headers.get('etag')!;
    const kidsBefore = await keysOf(before);
    const rotation = await rotateSigningKeys(t.app.ctx);
    await t.app.openid.refresh();

    const after = await fetch(`${t.issuer}${OIDC_ROUTES.jwks}`, { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    const body = await after.text();
    expect(body).toBe((await providerAnswer(OIDC_ROUTES.jwks)).payload);
    const kidsAfter = (JSON.parse(body) as JSONWebKeySet).keys.map((key) => key.kid);
    expect(kidsAfter).toEqual(expect.arrayContaining([rotation.RS256.next, rotation.ES256.next]));
    expect(kidsAfter).not.toEqual(kidsBefore);
  });

  it("serves another process's rotation once its minute's check has passed", async () => {
    const port = await freePort();
    const side = await startSideApp(t, { PUBLIC_URL: `http://127.0.0.1:${port}` });
    try {
      await side.app.listen({ port, host: '127.0.0.1' });
      const sideJwks = () => fetch(`http://127.0.0.1:${port}${OIDC_ROUTES.jwks}`);
      const before = await sideJwks();
      const etag = before.headers.get('etag')!;
      expect(await keysOf(before)).toEqual(await keysOf(await fetch(`${t.issuer}${OIDC_ROUTES.jwks}`)));

      const rotation = await rotateSigningKeys(t.app.ctx);
      await t.app.openid.refresh();
      // within the minute the other process still answers the set it read
      expect((await sideJwks()).headers.get('etag')).toBe(etag);
      side.clock.advance(60_000);
      const after = await sideJwks();
      expect(after.headers.get('etag')).not.toBe(etag);
      const kids = await keysOf(after);
      expect(kids).toEqual(expect.arrayContaining([rotation.RS256.next, rotation.ES256.next]));
      expect(kids).toEqual(await keysOf(await fetch(`${t.issuer}${OIDC_ROUTES.jwks}`)));
    } finally {
      await side.close();
    }
  });
});
