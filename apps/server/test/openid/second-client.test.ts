import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE_TOKEN } from '@portal/shared/cookies';
import { BACKCHANNEL_LOGOUT_EVENT, BackchannelReceiver } from '../support/backchannel-receiver.ts';
import {
  CookieJar,
  type OpenIdTestApp,
  type TestClient,
  authorize,
  browse,
  signedInMember,
  startWithClient,
} from '../support/openid.ts';
import { SecondClient, oauthErrorOf } from '../support/second-client.ts';
import { ENGINE } from '../support/test-app.ts';

const SIGNED_OUT = 'http://127.0.0.1:9/signed-out';

/**
 * The provider as a relying party written with oauth4webapi sees it: not the library the rest of the
 * suite uses (openid-client), so a second reading of the standards checks every answer. The person's
 * browser goes through the portal's screen with the suite's helper; everything the product does with
 * the answers is oauth4webapi's. Each describe block stands for the OpenID conformance module it names.
 */
let t: OpenIdTestApp;
let client: TestClient;
let rp: SecondClient;
let receiver: BackchannelReceiver;
beforeAll(async () => {
  receiver = await BackchannelReceiver.start();
  ({ t, client } = await startWithClient({
    postLogoutRedirectUris: [SIGNED_OUT],
    backchannelLogoutUri: receiver.uri,
  }));
  rp = await SecondClient.discover(t.issuer, client.clientId, client.secret!);
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

/** A person of a company with the product, signed in to the portal in the browser `jar`, and then to the product. */
async function signIn(jar = new CookieJar()) {
  const { user, token, enterpriseId } = await signedInMember(t, ['esguard']);
  // the portal's own session cookie, which the browser holds for the issuer's origin
  jar.set(COOKIE_TOKEN, token);
  const sent = await SecondClient.newRequest();
  const authorization = await authorize(t, client, token, {
    jar,
    params: { state: sent.state, nonce: sent.nonce, code_challenge: sent.challenge },
  });
  return { user, enterpriseId, sent, callback: authorization.callback, jar };
}

describe(`oidcc-config: the discovery document as oauth4webapi reads it (${ENGINE})`, () => {
  it('names the issuer exactly and the endpoints, flows and algorithms the provider serves', () => {
    expect(rp.as).toMatchObject({
      issuer: t.issuer,
      authorization_endpoint: `${t.issuer}/oidc/auth`,
      token_endpoint: `${t.issuer}/oidc/token`,
      userinfo_endpoint: `${t.issuer}/oidc/me`,
      jwks_uri: `${t.issuer}/oidc/jwks`,
      end_session_endpoint: `${t.issuer}/oidc/session/end`,
      revocation_endpoint: `${t.issuer}/oidc/token/revocation`,
      introspection_endpoint: `${t.issuer}/oidc/token/introspection`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      backchannel_logout_supported: true,
      backchannel_logout_session_supported: true,
    });
    expect(rp.as.id_token_signing_alg_values_supported).toContain('RS256');
  });

  it('is refused by the library as the metadata of any other issuer', async () => {
    const elsewhere = new URL('http://127.0.0.1:9');
    const response = await fetch(`${t.issuer}/.well-known/openid-configuration`);
    await expect(oauth.processDiscoveryResponse(elsewhere, response)).rejects.toBeInstanceOf(
      oauth.OperationProcessingError,
    );
  });
});

describe(`oidcc-basic-certification-test-plan: the code flow with PKCE and nonce through oauth4webapi (${ENGINE})`, () => {
  it('signs a person in: the ID token checked for its nonce, issuer, audience, times and signature', async () => {
    const { user, enterpriseId, sent, callback } = await signIn();
    const { tokens, claims } = await rp.redeem(callback, sent, client.redirectUri);
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.refresh_token).toBeTruthy();
    expect(claims).toMatchObject({
      iss: t.issuer,
      aud: client.clientId,
      sub: String(user.id),
      nonce: sent.nonce,
      company_id: String(enterpriseId),
      product: 'esguard',
    });
  });

  it('answers userinfo for the ID token subject, with the company of the sign-in', async () => {
    const { user, enterpriseId, sent, callback } = await signIn();
    const { tokens, claims } = await rp.redeem(callback, sent, client.redirectUri);
    const info = await rp.userinfo(tokens.access_token, claims.sub);
    expect(info).toMatchObject({ sub: String(user.id), company_id: String(enterpriseId), product: 'esguard' });
    // another subject than the token's is the library's to refuse
    await expect(rp.userinfo(tokens.access_token, '1')).rejects.toBeInstanceOf(oauth.OperationProcessingError);
  });

  it('gives the library a state and nonce to refuse a callback or an ID token of another request', async () => {
    const { sent, callback } = await signIn();
    expect(() => oauth.validateAuthResponse(rp.as, rp.client, callback, 'another-state')).toThrow(
      oauth.OperationProcessingError,
    );
    await expect(
      rp.redeem(callback, { ...sent, nonce: oauth.generateRandomNonce() }, client.redirectUri),
    ).rejects.toBeInstanceOf(oauth.OperationProcessingError);
  });

  it('refuses a code without its PKCE verifier, and a code used twice', async () => {
    const first = await signIn();
    const wrongVerifier = { ...first.sent, verifier: oauth.generateRandomCodeVerifier() };
    expect(await oauthErrorOf(rp.redeem(first.callback, wrongVerifier, client.redirectUri))).toBe('invalid_grant');

    const second = await signIn();
    await rp.redeem(second.callback, second.sent, client.redirectUri);
    expect(await oauthErrorOf(rp.redeem(second.callback, second.sent, client.redirectUri))).toBe('invalid_grant');
  });

  it('introspects a live token, and revokes it and its refresh token', async () => {
    const { user, sent, callback } = await signIn();
    const { tokens } = await rp.redeem(callback, sent, client.redirectUri);
    expect(await rp.introspect(tokens.access_token)).toMatchObject({
      active: true,
      client_id: client.clientId,
      sub: String(user.id),
      iss: t.issuer,
    });

    await rp.revoke(tokens.access_token);
    expect((await rp.introspect(tokens.access_token)).active).toBe(false);
    await rp.revoke(tokens.refresh_token!);
    expect(await oauthErrorOf(rp.refresh(tokens.refresh_token!))).toBe('invalid_grant');
  });
});

describe(`oidcc-refresh-token: refresh with rotation through oauth4webapi (${ENGINE})`, () => {
  it('rotates the refresh token, keeps the subject and session, and ends the grant when an old one comes back', async () => {
    const { user, sent, callback } = await signIn();
    const signedIn = await rp.redeem(callback, sent, client.redirectUri);
    const refreshed = await rp.refresh(signedIn.tokens.refresh_token!);
    expect(refreshed.tokens.refresh_token).toBeTruthy();
    expect(refreshed.tokens.refresh_token).not.toBe(signedIn.tokens.refresh_token);
    expect(refreshed.claims).toMatchObject({ iss: t.issuer, sub: String(user.id), sid: signedIn.claims.sid });
    expect((await rp.introspect(refreshed.tokens.access_token)).active).toBe(true);

    // the spent token again: refused, and the chain it began is ended with it
    expect(await oauthErrorOf(rp.refresh(signedIn.tokens.refresh_token!))).toBe('invalid_grant');
    expect(await oauthErrorOf(rp.refresh(refreshed.tokens.refresh_token!))).toBe('invalid_grant');
  });
});

/** The product's "sign out" in the browser: the end-session request, then the confirmation's "sign out". */
async function signOut(jar: CookieJar, idToken: string, state: string): Promise<URL> {
  const page = await browse(jar, rp.endSessionUrl(idToken, SIGNED_OUT, state).href);
  const html = await page.text();
  expect(page.status, html).toBe(200);
  const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
  const xsrf = html.match(/name="xsrf" value="([^"]+)"/)?.[1];
  expect(action && xsrf, html).toBeTruthy();
  const done = await browse(jar, new URL(action!, t.issuer).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ xsrf: xsrf!, logout: 'yes' }).toString(),
  });
  expect(done.status).toBe(303);
  return new URL(done.headers.get('location')!);
}

describe(`oidcc-rp-initiated-logout: the product's sign-out through the end-session endpoint (${ENGINE})`, () => {
  it('confirms, goes back to the post-logout URI with the state, and ends the tokens of the session', async () => {
    const { sent, callback, jar } = await signIn();
    const { tokens } = await rp.redeem(callback, sent, client.redirectUri);

    const back = await signOut(jar, tokens.id_token!, 'see-you');
    expect(`${back.origin}${back.pathname}`).toBe(SIGNED_OUT);
    expect(back.searchParams.get('state')).toBe('see-you');

    // the portal session ends with it, and with it, in the background, the grants made in it
    await expect
      .poll(async () => (await rp.introspect(tokens.access_token)).active, { timeout: 2_000, interval: 25 })
      .toBe(false);
    expect(await oauthErrorOf(rp.refresh(tokens.refresh_token!))).toBe('invalid_grant');
  });
});

describe(`oidcc-backchannel-rp-initiated-logout: the logout token of a product's sign-out (${ENGINE})`, () => {
  it('reaches the product, signed by the issuer, for the session the ID token named', async () => {
    const { user, sent, callback, jar } = await signIn();
    const { tokens, claims } = await rp.redeem(callback, sent, client.redirectUri);
    const sid = claims.sid as string;
    expect(sid).toBeTruthy();

    await signOut(jar, tokens.id_token!, 'bye');
    const logout = await receiver.waitFor(sid);
    expect(logout, 'no logout token arrived').toBeDefined();
    const { payload, protectedHeader } = await jwtVerify(logout!.token, createRemoteJWKSet(new URL(rp.as.jwks_uri!)), {
      issuer: t.issuer,
      audience: client.clientId,
      algorithms: ['RS256'],
      typ: 'logout+jwt',
    });
    expect(protectedHeader.typ).toBe('logout+jwt');
    expect(payload).toMatchObject({ sub: String(user.id), sid, events: { [BACKCHANNEL_LOGOUT_EVENT]: {} } });
    expect(payload.jti).toBeTruthy();
    expect(payload).not.toHaveProperty('nonce');
  });
});
