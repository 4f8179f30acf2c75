import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disableClient } from '../../src/libraries/openid/clients.ts';
import { productResource } from '../../src/libraries/openid/provider.ts';
import { hashSecret } from '../../src/libraries/platform/secrets.ts';
import {
  type OpenIdTestApp,
  type TestClient,
  authorizationUrl,
  authorize,
  configWithSecret,
  oauthErrorOf,
  productTokens,
  redeem,
  registerClient,
  signedInMember,
  startWithClient,
  verifyJwt,
} from '../support/openid.ts';
import { ENGINE } from '../support/test-app.ts';

/** The token endpoint and its neighbours: single-use codes, refresh rotation, revocation, introspection,
 *  client credentials and client authentication. */
describe(`oidcc-refresh-token: codes, refresh tokens, introspection, revocation and client authentication (${ENGINE})`, () => {
  let t: OpenIdTestApp;
  let client: TestClient;
  let person: { id: number; token: string };
  beforeAll(async () => {
    ({ t, client } = await startWithClient());
    const { user, token } = await signedInMember(t, ['esguard']);
    person = { id: user.id, token };
  });
  afterAll(async () => t?.close());

  const signIn = async () => productTokens(t, client, person.token);
  const introspect = (token: string) => oidc.tokenIntrospection(client.config, token);

  it('refuses a code used twice, and revokes the tokens its first use gave', async () => {
    const authorization = await authorize(t, client, person.token);
    const first = await redeem(client, authorization);
    expect((await introspect(first.access_token)).active).toBe(true);

    expect(await oauthErrorOf(redeem(client, authorization))).toBe('invalid_grant');
    expect((await introspect(first.access_token)).active).toBe(false);
    expect((await introspect(first.refresh_token!)).active).toBe(false);
    const userinfo = await fetch(`${t.issuer}/oidc/me`, { headers: { authorization: `Bearer ${first.access_token}` } });
    expect(userinfo.status).toBe(401);
    expect(userinfo.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    expect(await oauthErrorOf(oidc.refreshTokenGrant(client.config, first.refresh_token!))).toBe('invalid_grant');
  });

  it("refuses one client's code or refresh token to another client", async () => {
    const other = await registerClient(t, { productCode: 'esguard', redirectUris: [client.redirectUri] });
    const authorization = await authorize(t, client, person.token);
    expect(await oauthErrorOf(redeem(other, authorization))).toBe('invalid_grant');

    const tokens = await signIn();
    expect(await oauthErrorOf(oidc.refreshTokenGrant(other.config, tokens.refresh_token!))).toBe('invalid_grant');
  });

  it("refuses a code redeemed with another of the client's redirect URIs than it was issued for", async () => {
    const second = 'http://127.0.0.1:9/second-callback';
    const twoUris = await registerClient(t, { productCode: 'esguard', redirectUris: [client.redirectUri, second] });
    const authorization = await authorize(t, twoUris, person.token);
    const elsewhere = new URL(second);
    elsewhere.search = authorization.callback.search;
    expect(await oauthErrorOf(redeem(twoUris, { ...authorization, callback: elsewhere }))).toBe('invalid_grant');
  });

  it('refuses a code after its minute', async () => {
    const authorization = await authorize(t, client, person.token);
    t.clock.advance(61_000);
    expect(await oauthErrorOf(redeem(client, authorization))).toBe('invalid_grant');
  });

  it('rotates the refresh token at every use; each new one works', async () => {
    const tokens = await signIn();
    const seen = new Set([tokens.refresh_token]);
    let refreshToken = tokens.refresh_token!;
    for (let i = 0; i < 3; i++) {
      const next = await oidc.refreshTokenGrant(client.config, refreshToken);
      expect(next.refresh_token).toEqual(expect.any(String));
      expect(seen.has(next.refresh_token)).toBe(false);
      seen.add(next.refresh_token);
      expect(next.claims()).toMatchObject({ sub: String(person.id), aud: client.clientId, product: 'esguard' });
      expect((await introspect(next.access_token)).active).toBe(true);
      refreshToken = next.refresh_token!;
    }
  });

  it('takes a rotated refresh token used again for theft: invalid_grant, and the newer one is revoked too', async () => {
    const tokens = await signIn();
    const second = await oidc.refreshTokenGrant(client.config, tokens.refresh_token!);
    expect(await oauthErrorOf(oidc.refreshTokenGrant(client.config, tokens.refresh_token!))).toBe('invalid_grant');
    expect(await oauthErrorOf(oidc.refreshTokenGrant(client.config, second.refresh_token!))).toBe('invalid_grant');
    expect((await introspect(second.access_token)).active).toBe(false);
  });

  it('introspects an access token: active, its subject, client and scopes', async () => {
    const tokens = await signIn();
    const answer = await introspect(tokens.access_token);
    expect(answer).toMatchObject({ active: true, sub: String(person.id), client_id: client.clientId });
    expect(answer.scope!.split(' ')).toEqual(expect.arrayContaining(['openid', 'company']));
    expect(answer.exp).toBeGreaterThan(Date.now() / 1000);
    expect((await introspect('not-a-token')).active).toBe(false);
  });

  it('revokes an access token and a refresh token at the revocation endpoint', async () => {
    const tokens = await signIn();
    await oidc.tokenRevocation(client.config, tokens.access_token);
    expect((await introspect(tokens.access_token)).active).toBe(false);
    await expect(oidc.fetchUserInfo(client.config, tokens.access_token, String(person.id))).rejects.toThrow();

    await oidc.tokenRevocation(client.config, tokens.refresh_token!);
    expect(await oauthErrorOf(oidc.refreshTokenGrant(client.config, tokens.refresh_token!))).toBe('invalid_grant');
  });

  it("refuses to revoke one client's token at another client's request", async () => {
    const other = await registerClient(t, { productCode: 'mgguard' });
    const tokens = await signIn();
    expect(await oauthErrorOf(oidc.tokenRevocation(other.config, tokens.access_token))).toBe('invalid_request');
    expect((await introspect(tokens.access_token)).active).toBe(true);
  });

  it("gives a product's backend a JWT for another product's API the operator listed, by client credentials", async () => {
    const resource = productResource(t.app.ctx, 'mgguard');
    const caller = await registerClient(t, { productCode: 'esguard', resources: [resource] });
    const tokens = await oidc.clientCredentialsGrant(caller.config, { resource, scope: 'product' });
    expect(tokens.id_token).toBeUndefined();
    expect(tokens.refresh_token).toBeUndefined();
    const { payload } = await verifyJwt(t, tokens.access_token, resource);
    expect(payload).toMatchObject({ iss: t.issuer, aud: resource, client_id: caller.clientId, product: 'esguard' });
    expect(payload.sub).toBe(caller.clientId);
  });

  it('refuses client credentials for an address that is no product', async () => {
    expect(
      await oauthErrorOf(oidc.clientCredentialsGrant(client.config, { resource: 'https://elsewhere.example/api' })),
    ).toBe('invalid_target');
  });

  it('refuses a wrong client secret with invalid_client', async () => {
    expect(
      await oauthErrorOf(oidc.clientCredentialsGrant(configWithSecret(client, 'wrong-secret'), { scope: 'product' })),
    ).toBe('invalid_client');
    const authorization = await authorize(t, client, person.token);
    const wrong = configWithSecret(client, client.secret!.slice(1));
    expect(
      await oauthErrorOf(
        oidc.authorizationCodeGrant(wrong, authorization.callback, {
          pkceCodeVerifier: authorization.verifier,
          expectedState: authorization.state,
        }),
      ),
    ).toBe('invalid_client');
  });

  it('authenticates a client that sends its secret in the body (client_secret_post)', async () => {
    const poster = await registerClient(t, { productCode: 'esguard', secretIn: 'post' });
    const tokens = await productTokens(t, poster, person.token);
    expect(tokens.claims()).toMatchObject({ aud: poster.clientId, sub: String(person.id) });
  });

  it('signs a public client in with PKCE alone, and gives it no client credentials', async () => {
    const app = await registerClient(t, { productCode: 'esguard', public: true });
    expect(app.secret).toBeNull();
    const tokens = await productTokens(t, app, person.token);
    expect(tokens.claims()).toMatchObject({ aud: app.clientId, sub: String(person.id) });
    const refreshed = await oidc.refreshTokenGrant(app.config, tokens.refresh_token!);
    expect(refreshed.access_token).toEqual(expect.any(String));
    // oidc-provider answers a grant type the client may not use with invalid_request
    const refused = await oauthErrorOf(oidc.clientCredentialsGrant(app.config, { scope: 'product' }));
    expect(['invalid_request', 'unauthorized_client']).toContain(refused);
  });

  it('stores the secret as its hash only', async () => {
    const row = await t.app.ctx.db
      .selectFrom('oidc_clients')
      .selectAll()
      .where('client_id', '=', client.clientId)
      .executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(hashSecret(client.secret!));
    expect(JSON.stringify(row)).not.toContain(client.secret!);
  });

  it("refuses a disabled client's sign-ins and token requests", async () => {
    const other = await registerClient(t, { productCode: 'esguard' });
    const tokens = await oidc.clientCredentialsGrant(other.config, { scope: 'product' });
    expect(tokens.access_token).toEqual(expect.any(String));
    const pending = await authorize(t, other, person.token);

    await disableClient(t.app.ctx, other.clientId);
    expect(await oauthErrorOf(oidc.clientCredentialsGrant(other.config, { scope: 'product' }))).toBe('invalid_client');
    expect(await oauthErrorOf(redeem(other, pending))).toBe('invalid_client');
    const response = await fetch(await authorizationUrl(other), { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('invalid_client');
  });
});
