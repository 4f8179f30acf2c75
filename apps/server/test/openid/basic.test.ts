import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productResource } from '../../src/libraries/openid/provider.ts';
import {
  type OpenIdTestApp,
  type TestClient,
  accessTokenHash,
  authorizationUrl,
  authorize,
  oauthErrorOf,
  productTokens,
  redeem,
  signedInMember,
  startWithClient,
  verifyJwt,
} from '../support/openid.ts';
import { ENGINE } from '../support/test-app.ts';

/** What openid-client found wrong: the details under the error of the check that failed. */
function reasonOf(error: unknown): unknown {
  return ((error as Error).cause as Error | undefined)?.cause;
}

/** The conformance suite's basic plan: the code flow as a relying party with a stock library sees it. */
describe(`oidcc-basic-certification-test-plan: the code flow (${ENGINE})`, () => {
  let t: OpenIdTestApp;
  let client: TestClient;
  let person: { id: number; email: string | null; phone: string | null; token: string; enterpriseId: number };
  beforeAll(async () => {
    ({ t, client } = await startWithClient());
    const { user, token, enterpriseId } = await signedInMember(t, ['esguard'], { role: 'admin' });
    person = { ...user, token, enterpriseId };
  });
  afterAll(async () => t?.close());

  it('signs a person in: the ID token carries the nonce, issuer, audience, times and the company', async () => {
    const authorization = await authorize(t, client, person.token);
    expect(authorization.callback.searchParams.get('state')).toBe(authorization.state);
    const tokens = await redeem(client, authorization);
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.refresh_token).toEqual(expect.any(String));

    const { payload, protectedHeader } = await verifyJwt(t, tokens.id_token!, client.clientId);
    expect(protectedHeader.alg).toBe('RS256');
    const now = Math.floor(Date.now() / 1000);
    expect(payload).toMatchObject({
      iss: t.issuer,
      aud: client.clientId,
      sub: String(person.id),
      nonce: authorization.nonce,
      company_id: String(person.enterpriseId),
      company_role: 'admin',
      product: 'esguard',
    });
    expect(payload.iat).toBeLessThanOrEqual(now + 1);
    expect(payload.iat).toBeGreaterThan(now - 60);
    expect(payload.exp).toBeGreaterThan(now);
    expect(payload.exp).toBeLessThanOrEqual(payload.iat! + 3600);
    // optional in an ID token of the token endpoint (Core 3.1.3.6; oidc-provider leaves it out), and right when there
    if (payload.at_hash !== undefined) expect(payload.at_hash).toBe(accessTokenHash(tokens.access_token));
    expect(tokens.claims()).toMatchObject({ sub: String(person.id), nonce: authorization.nonce });
  });

  it('answers userinfo with the company claims for the access token', async () => {
    const tokens = await productTokens(t, client, person.token);
    const info = await oidc.fetchUserInfo(client.config, tokens.access_token, String(person.id));
    expect(info).toMatchObject({
      sub: String(person.id),
      company_id: String(person.enterpriseId),
      company_role: 'admin',
      product: 'esguard',
    });
    expect(info.company_name).toEqual(expect.any(String));
  });

  it("gives a JWT access token for the product's API, its audience the product's resource", async () => {
    const resource = productResource(t.app.ctx, 'esguard');
    const tokens = await productTokens(t, client, person.token, {
      params: { scope: 'openid company product', resource, prompt: 'consent' },
    });
    const { payload } = await verifyJwt(t, tokens.access_token, resource);
    expect(payload).toMatchObject({
      iss: t.issuer,
      aud: resource,
      sub: String(person.id),
      client_id: client.clientId,
      company_id: String(person.enterpriseId),
      company_role: 'admin',
      product: 'esguard',
    });
    expect(String(payload.scope).split(' ')).toContain('product');
    const id = await verifyJwt(t, tokens.id_token!, client.clientId);
    if (id.payload.at_hash !== undefined) expect(id.payload.at_hash).toBe(accessTokenHash(tokens.access_token));
  });

  it('checks the state: a callback whose state is not the one sent is refused before the code is spent', async () => {
    const authorization = await authorize(t, client, person.token);
    const wrongState = oidc.randomState();
    const error = await oidc
      .authorizationCodeGrant(client.config, authorization.callback, {
        pkceCodeVerifier: authorization.verifier,
        expectedState: wrongState,
        expectedNonce: authorization.nonce,
      })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'OAUTH_INVALID_RESPONSE' });
    expect(reasonOf(error)).toMatchObject({ expected: wrongState });
    // the code was never sent: the relying party that checks its state still redeems it
    expect((await redeem(client, authorization)).id_token).toEqual(expect.any(String));
  });

  it('checks the nonce: an ID token whose nonce is not the one sent is refused', async () => {
    const authorization = await authorize(t, client, person.token);
    const error = await redeem(client, { ...authorization, nonce: oidc.randomNonce() }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ code: 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' });
    expect(reasonOf(error)).toMatchObject({ claim: 'nonce', claims: { nonce: authorization.nonce } });
  });

  it('signs in without a nonce: the code flow does not require one', async () => {
    const authorization = await authorize(t, client, person.token, { params: { nonce: null } });
    const tokens = await oidc.authorizationCodeGrant(client.config, authorization.callback, {
      pkceCodeVerifier: authorization.verifier,
      expectedState: authorization.state,
      idTokenExpected: true,
    });
    expect(tokens.claims()).not.toHaveProperty('nonce');
  });

  it('passes over an unknown parameter of the authorization request', async () => {
    const authorization = await authorize(t, client, person.token, { params: { some_extension: 'ignored' } });
    expect((await redeem(client, authorization)).claims()).toMatchObject({ sub: String(person.id) });
  });

  it('gives the claims of the scopes asked for, and no others', async () => {
    const full = await productTokens(t, client, person.token, { params: { scope: 'openid email phone company' } });
    const info = await oidc.fetchUserInfo(client.config, full.access_token, String(person.id));
    expect(info).toMatchObject({
      email: person.email,
      email_verified: true,
      phone_number: person.phone,
      phone_number_verified: true,
      company_id: String(person.enterpriseId),
    });
    expect(info).not.toHaveProperty('nickname');

    const bare = await productTokens(t, client, person.token, { params: { scope: 'openid' } });
    const bareInfo = await oidc.fetchUserInfo(client.config, bare.access_token, String(person.id));
    expect(Object.keys(bareInfo)).toEqual(['sub']);
  });

  it('answers userinfo to a POST with the bearer header, and never to a token in the query', async () => {
    const tokens = await productTokens(t, client, person.token);
    const posted = await fetch(`${t.issuer}/oidc/me`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(posted.status).toBe(200);
    expect(await posted.json()).toMatchObject({ sub: String(person.id) });
    const query = await fetch(`${t.issuer}/oidc/me?access_token=${encodeURIComponent(tokens.access_token)}`);
    expect(query.status).toBe(400);
    const none = await fetch(`${t.issuer}/oidc/me`);
    expect(none.status).toBe(401);
  });

  it.each([
    ['without response_type', { response_type: '' }, 'invalid_request'],
    ['with the implicit response type', { response_type: 'id_token' }, 'unsupported_response_type'],
    ['with a request object', { request: 'eyJhbGciOiJub25lIn0.e30.' }, 'request_not_supported'],
  ])('answers an authorization request %s with an error at the redirect URI', async (_name, change, error) => {
    const url = await authorizationUrl(client, { state: 'refused' });
    for (const [name, value] of Object.entries(change)) {
      if (value) url.searchParams.set(name, value);
      else url.searchParams.delete(name);
    }
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const callback = new URL(response.headers.get('location')!);
    expect(`${callback.origin}${callback.pathname}`).toBe(client.redirectUri);
    // the error of a response type answered in the fragment comes in the fragment
    const answer = new URLSearchParams(callback.hash.slice(1) || callback.search);
    expect(answer.get('error')).toBe(error);
    expect(answer.get('state')).toBe('refused');
  });

  it('requires PKCE: an authorization request without a code challenge gets invalid_request at the redirect URI', async () => {
    const url = await authorizationUrl(client, { state: 'no-pkce', code_challenge: null, code_challenge_method: null });
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const callback = new URL(response.headers.get('location')!);
    expect(`${callback.origin}${callback.pathname}`).toBe(client.redirectUri);
    expect(callback.searchParams.get('error')).toBe('invalid_request');
    expect(callback.searchParams.get('state')).toBe('no-pkce');
    expect(callback.searchParams.has('code')).toBe(false);
  });

  it('refuses the plain PKCE method', async () => {
    const url = await authorizationUrl(client, {
      code_challenge: oidc.randomPKCECodeVerifier(),
      code_challenge_method: 'plain',
    });
    const response = await fetch(url, { redirect: 'manual' });
    expect(new URL(response.headers.get('location')!).searchParams.get('error')).toBe('invalid_request');
  });

  it('checks the verifier: the code with a wrong verifier gives invalid_grant', async () => {
    const authorization = await authorize(t, client, person.token);
    expect(await oauthErrorOf(redeem(client, { ...authorization, verifier: oidc.randomPKCECodeVerifier() }))).toBe(
      'invalid_grant',
    );
  });

  it.each([
    ['an extra query', (uri: string) => `${uri}?extra=1`],
    ['a trailing slash', (uri: string) => `${uri}/`],
    ['another port', (uri: string) => uri.replace('127.0.0.1:9', '127.0.0.1:10')],
    ['another case', (uri: string) => uri.replace('/callback', '/Callback')],
  ])('matches the redirect URI exactly: one with %s gets the error page, never a redirect', async (_name, change) => {
    const url = await authorizationUrl(client, { redirect_uri: change(client.redirectUri) });
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('redirect_uri');
  });
});
