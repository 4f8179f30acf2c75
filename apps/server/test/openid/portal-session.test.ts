import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { COOKIE_TOKEN } from '@portal/shared/cookies';
import { PASSWORD } from '../support/fixtures.ts';
import { call, tokenFor } from '../support/http.ts';
import {
  CookieJar,
  type OpenIdTestApp,
  type TestClient,
  authorize,
  redeem,
  signedInMember,
  startWithClient,
} from '../support/openid.ts';
import { ENGINE } from '../support/test-app.ts';

const HOUR_MS = 3_600_000;

/**
 * A product's silent sign-in (`prompt=none`) follows the portal session of the browser: it succeeds
 * while the portal session lives, also right after the person signed in to the portal, and answers
 * `login_required` once it ended, however it ended.
 */
describe(`oidcc-prompt-none-logged-in, oidcc-prompt-none-not-logged-in: product sign-ins are bounded by the portal session (${ENGINE})`, () => {
  let t: OpenIdTestApp;
  let client: TestClient;
  beforeAll(async () => {
    ({ t, client } = await startWithClient());
  });
  afterAll(async () => t?.close());

  /** A browser signed in to the portal as a new member, who signed in to the product once (its grant). */
  async function signedInToProduct() {
    const member = await signedInMember(t, ['esguard']);
    const jar = new CookieJar();
    jar.set(COOKIE_TOKEN, member.token);
    const first = await authorize(t, client, member.token, { jar });
    expect(first.callback.searchParams.get('code'), first.callback.href).toEqual(expect.any(String));
    await redeem(client, first);
    return { ...member, jar };
  }

  /** The product's silent sign-in in the browser `jar`: the error it learns, or null with the claims. */
  async function silently(jar: CookieJar, params: Record<string, string> = {}) {
    const silent = await authorize(t, client, null, {
      jar,
      params: { prompt: 'none', scope: 'openid company', ...params },
    });
    expect(silent.steps).toEqual([]);
    expect(`${silent.callback.origin}${silent.callback.pathname}`).toBe(client.redirectUri);
    const error = silent.callback.searchParams.get('error');
    return { error, claims: error ? undefined : (await redeem(client, silent)).claims() };
  }

  it('signs in silently while the portal session lives', async () => {
    const { user, enterpriseId, jar } = await signedInToProduct();
    const { error, claims } = await silently(jar);
    expect(error).toBeNull();
    expect(claims).toMatchObject({ sub: String(user.id), company_id: String(enterpriseId) });
  });

  it('signs in silently in another browser right after a portal sign-in there, with the consent and company given once', async () => {
    const { user, enterpriseId } = await signedInToProduct();
    const other = new CookieJar();
    other.set(COOKIE_TOKEN, await tokenFor(t.app, user.account, PASSWORD));
    const { error, claims } = await silently(other);
    expect(error).toBeNull();
    expect(claims).toMatchObject({ sub: String(user.id), company_id: String(enterpriseId) });
    // each browser's grant ends with its own portal session
    expect((await silently(other)).error).toBeNull();
  });

  it('gives another browser of a person without any grant to the product no silent sign-in', async () => {
    const member = await signedInMember(t, ['esguard']);
    const jar = new CookieJar();
    jar.set(COOKIE_TOKEN, member.token);
    expect((await silently(jar)).error).toBe('consent_required');
  });

  it('answers login_required after the person signed out of the portal', async () => {
    const { token, jar } = await signedInToProduct();
    expect((await call(t.app, contract.logout, { token })).code).toBe(0);
    expect((await silently(jar)).error).toBe('login_required');
  });

  it('answers login_required after the portal session was ended in "My sessions" of another one', async () => {
    const { user, token, jar } = await signedInToProduct();
    const elsewhere = await tokenFor(t.app, user.account, PASSWORD);
    const sessions = await call(t.app, contract.mySessions, { token });
    const current = (sessions.data.items as { id: number; current: boolean }[]).find((s) => s.current)!;
    const revoked = await call(t.app, contract.revokeMySession, { token: elsewhere, body: { id: current.id } });
    expect(revoked.code, revoked.msg).toBe(0);
    expect((await silently(jar)).error).toBe('login_required');
  });

  it('answers login_required once the portal session idled out (12 hours), and signs in silently right after the next portal sign-in', async () => {
    const { user, jar } = await signedInToProduct();
    t.clock.advance(13 * HOUR_MS);
    expect((await silently(jar)).error).toBe('login_required');

    const signedInAt = Math.floor(t.app.ctx.now() / 1000);
    jar.set(COOKIE_TOKEN, await tokenFor(t.app, user.account, PASSWORD));
    const again = await silently(jar, { max_age: String(14 * 3600) });
    expect(again.error).toBeNull();
    expect(again.claims).toMatchObject({ sub: String(user.id) });
    // the ID token tells the sign-in of the live portal session, not the idled one
    expect(again.claims!.auth_time).toBeGreaterThanOrEqual(signedInAt);
  });

  it('ends the product session renewed in a later portal session when that one ends', async () => {
    const member = await signedInMember(t, ['esguard']);
    const jar = new CookieJar();
    const first = await authorize(t, client, member.token, { jar });
    const { refresh_token: refreshToken } = await redeem(client, first);
    expect(refreshToken).toEqual(expect.any(String));

    // the first portal session idles out; the product's silent sign-in goes on in the next one
    t.clock.advance(13 * HOUR_MS);
    const token = await tokenFor(t.app, member.user.account, PASSWORD);
    jar.set(COOKIE_TOKEN, token);
    expect((await silently(jar)).error).toBeNull();

    // signing out of that one ends the product's grant: its refresh token too (asked without using it)
    expect((await call(t.app, contract.logout, { token })).code).toBe(0);
    await expect
      .poll(async () => (await oidc.tokenIntrospection(client.config, refreshToken!)).active, { timeout: 5_000 })
      .toBe(false);
  });

  it('answers login_required once the portal session expired (7 days), however busy it was', async () => {
    const { token, jar } = await signedInToProduct();
    for (let day = 0; day < 7; day++) {
      for (let half = 0; half < 2; half++) {
        t.clock.advance(11 * HOUR_MS);
        // the person keeps using the portal: the session never idles out
        await call(t.app, contract.mySessions, { token });
      }
      t.clock.advance(2 * HOUR_MS);
    }
    expect((await call(t.app, contract.mySessions, { token })).code).not.toBe(0);
    expect((await silently(jar)).error).toBe('login_required');
  });
});
