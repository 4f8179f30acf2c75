import { setTimeout as sleep } from 'node:timers/promises';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { COOKIE_TOKEN } from '@portal/shared/cookies';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { BACKCHANNEL_LOGOUT_EVENT, BackchannelReceiver } from '../support/backchannel-receiver.ts';
import { call } from '../support/http.ts';
import {
  CookieJar,
  type OpenIdTestApp,
  type TestClient,
  browse,
  freePort,
  productTokens,
  registerClient,
  signedInMember,
  startWithClient,
  verifyJwt,
} from '../support/openid.ts';
import { ENGINE } from '../support/test-app.ts';

const SIGNED_OUT = 'http://127.0.0.1:9/signed-out';

/** What `read` gives once `settled` accepts it, or when `ms` have passed: what the portal does in the
 *  background after an answer is waited for, and what it must not do is given that time to show. */
async function eventually<T>(read: () => Promise<T>, settled: (value: T) => boolean, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (settled(value) || Date.now() >= deadline) return value;
    await sleep(25);
  }
}

/** A JWT whose payload names another subject, its signature left as it was. */
function withOtherSubject(token: string): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
  return `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url')}.${signature}`;
}

/**
 * The conformance suite's RP-initiated logout and back-channel logout plans: a product's "sign out"
 * through the provider's end-session endpoint, the confirmation page, the redirect back, the portal
 * session ended with it, and the logout token every product of the session receives.
 */
describe(`oidcc-rp-initiated-logout, oidcc-backchannel-rp-initiated-logout: a product signs the person out (${ENGINE})`, () => {
  let t: OpenIdTestApp;
  let receiver: BackchannelReceiver;
  let client: TestClient;
  /** Another product with its own back-channel logout, signed in to in the same browser. */
  let other: TestClient;
  beforeAll(async () => {
    receiver = await BackchannelReceiver.start();
    ({ t, client } = await startWithClient({
      postLogoutRedirectUris: [SIGNED_OUT],
      backchannelLogoutUri: receiver.uri,
    }));
    other = await registerClient(t, { productCode: 'mgguard', backchannelLogoutUri: receiver.uri });
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  /** A person signed in to the portal and, in the same browser, to the product and to `second`. */
  async function signedIn(second = other) {
    const { user, token: portalToken } = await signedInMember(t, ['esguard', 'mgguard']);
    const jar = new CookieJar();
    jar.set(COOKIE_TOKEN, portalToken);
    const tokens = await productTokens(t, client, portalToken, { jar });
    const otherTokens = await productTokens(t, second, portalToken, { jar });
    return {
      user,
      portalToken,
      jar,
      tokens,
      sid: tokens.claims()!.sid as string,
      otherSid: otherTokens.claims()!.sid as string,
    };
  }

  /** The confirmation page of an end-session request, and its form as the browser submits it (`logout=yes`
   *  is its "sign out" button, its absence "stay signed in"; `xsrf` a forged value). */
  async function confirm(jar: CookieJar, url: URL, submit: { logout: boolean; xsrf?: string }) {
    const page = await browse(jar, url.href);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    const xsrf = html.match(/name="xsrf" value="([^"]+)"/)?.[1];
    expect(action, html).toBeTruthy();
    expect(xsrf, html).toBeTruthy();
    expect(html).toMatch(/name="logout" value="yes"/);
    return browse(jar, new URL(action!, t.issuer).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf: submit.xsrf ?? xsrf!, ...(submit.logout ? { logout: 'yes' } : {}) }).toString(),
    });
  }

  /** The product's "sign out" with its ID token and post-logout URI. */
  async function signOut(session: Awaited<ReturnType<typeof signedIn>>, logout: boolean) {
    const url = oidc.buildEndSessionUrl(client.config, {
      id_token_hint: session.tokens.id_token!,
      post_logout_redirect_uri: SIGNED_OUT,
      state: 'see-you',
    });
    return confirm(session.jar, url, { logout });
  }

  /** The portal's answer to who is signed in with `token`. */
  const portalAnswer = async (token: string) => (await call(t.app, contract.currentUser, { token })).code;

  it('confirms on a page, then goes back to the post-logout URI with the state, and ends the portal session', async () => {
    const session = await signedIn();
    expect(await portalAnswer(session.portalToken)).toBe(0);

    const done = await signOut(session, true);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${SIGNED_OUT}?state=see-you`);

    const unauthorized = (code: number) => code === ErrorCode.Unauthorized;
    expect(await eventually(() => portalAnswer(session.portalToken), unauthorized, 2_000)).toBe(ErrorCode.Unauthorized);
    // the provider keeps a grant with offline access past its own session's end; the portal ends the
    // product sessions of the portal session, in the background too
    const active = async () => (await oidc.tokenIntrospection(client.config, session.tokens.access_token)).active;
    expect(await eventually(active, (value) => !value, 2_000)).toBe(false);
  });

  it.each([
    ['a post-logout URI not registered', () => ({ post_logout_redirect_uri: 'http://127.0.0.1:9/elsewhere' })],
    ['a modified ID token hint', (idToken: string) => ({ id_token_hint: withOtherSubject(idToken) })],
  ])('answers an end-session request with %s on its error page, never a redirect', async (_name, change) => {
    const session = await signedIn();
    const params = {
      id_token_hint: session.tokens.id_token!,
      post_logout_redirect_uri: SIGNED_OUT,
      state: 'see-you',
      ...change(session.tokens.id_token!),
    };
    const url = new URL(`${t.issuer}/oidc/session/end`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    const response = await browse(session.jar, url.href);
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('invalid_request');
  });

  it.each([
    ['without a post-logout URI', (idToken: string) => ({ id_token_hint: idToken, state: 'lost' })],
    [
      'with a post-logout URI but nothing to check it against (no ID token hint, no client id)',
      () => ({ post_logout_redirect_uri: 'http://127.0.0.1:9/anywhere', state: 'lost' }),
    ],
  ])("ends on the provider's own page %s, and sends the state nowhere", async (_name, paramsOf) => {
    const session = await signedIn();
    const url = new URL(`${t.issuer}/oidc/session/end`);
    for (const [name, value] of Object.entries(paramsOf(session.tokens.id_token!))) url.searchParams.set(name, value);
    const done = await confirm(session.jar, url, { logout: true });
    expect(done.status).toBe(303);
    const success = new URL(done.headers.get('location')!, t.issuer);
    expect(success.origin).toBe(t.issuer);
    expect(success.searchParams.has('state')).toBe(false);
    const final = await browse(session.jar, success.href);
    expect(final.status).toBe(200);
    expect(final.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('refuses the confirmation without its xsrf value', async () => {
    const session = await signedIn();
    const url = oidc.buildEndSessionUrl(client.config, { id_token_hint: session.tokens.id_token! });
    const response = await confirm(session.jar, url, { logout: true, xsrf: 'forged' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await portalAnswer(session.portalToken)).toBe(0);
  });

  it('sends the product a logout token signed by the provider: iss, aud, iat, jti, the event, sub and sid, no nonce', async () => {
    const session = await signedIn();
    expect(session.sid).toEqual(expect.any(String));
    expect(receiver.of(session.sid)).toHaveLength(0);

    await signOut(session, true);
    const logout = await receiver.waitFor(session.sid);
    expect(logout, 'no logout token arrived').toBeDefined();
    const { payload, protectedHeader } = await verifyJwt(t, logout!.token, client.clientId);
    expect(protectedHeader).toMatchObject({ alg: 'RS256', typ: 'logout+jwt' });
    expect(payload).toMatchObject({
      iss: t.issuer,
      aud: client.clientId,
      sub: String(session.user.id),
      sid: session.sid,
      events: { [BACKCHANNEL_LOGOUT_EVENT]: {} },
    });
    expect(payload.iat).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(payload.jti).toEqual(expect.any(String));
    expect(payload).not.toHaveProperty('nonce');
  });

  it('sends a logout token to every other product of the browser session too', async () => {
    const session = await signedIn();
    expect(session.otherSid).not.toBe(session.sid);
    await signOut(session, true);
    const logout = await receiver.waitFor(session.otherSid);
    expect(logout, 'no logout token reached the other product').toBeDefined();
    const { payload } = await verifyJwt(t, logout!.token, other.clientId);
    expect(payload).toMatchObject({ aud: other.clientId, sub: String(session.user.id), sid: session.otherSid });
  });

  it('signs the person out all the same when another product cannot be told', async () => {
    const down = await registerClient(t, {
      productCode: 'mgguard',
      backchannelLogoutUri: `http://127.0.0.1:${await freePort()}/backchannel-logout`,
    });
    const session = await signedIn(down);
    const done = await signOut(session, true);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${SIGNED_OUT}?state=see-you`);
    expect(await receiver.waitFor(session.sid)).toBeDefined();
    const unauthorized = (code: number) => code === ErrorCode.Unauthorized;
    expect(await eventually(() => portalAnswer(session.portalToken), unauthorized, 2_000)).toBe(ErrorCode.Unauthorized);
  });

  it('"stay signed in" signs the person out of the product only: the portal session goes on', async () => {
    const session = await signedIn();
    const done = await signOut(session, false);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${SIGNED_OUT}?state=see-you`);
    expect(await receiver.waitFor(session.sid)).toBeDefined();
    // the portal's reaction runs in the background: given the time it takes, it must not come
    expect(
      await eventually(
        () => portalAnswer(session.portalToken),
        (code) => code !== 0,
        300,
      ),
    ).toBe(0);
    expect(receiver.of(session.otherSid)).toHaveLength(0);
  });

  /** Whether the browser's jar still sends the portal's token cookie. */
  const hasPortalToken = (jar: CookieJar) =>
    jar
      .header()
      .split('; ')
      .some((c) => c.startsWith(`${COOKIE_TOKEN}=`));

  it('the confirmed sign-out clears the portal token cookie; "stay signed in" keeps it', async () => {
    const staying = await signedIn();
    expect((await signOut(staying, false)).status).toBe(303);
    expect(hasPortalToken(staying.jar)).toBe(true);

    const leaving = await signedIn();
    const done = await signOut(leaving, true);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${SIGNED_OUT}?state=see-you`);
    // on the answer itself: the next portal page finds no token, rather than one that has expired
    expect(hasPortalToken(leaving.jar)).toBe(false);
    expect(await portalAnswer(leaving.portalToken)).toBe(ErrorCode.Unauthorized);
  });
});
