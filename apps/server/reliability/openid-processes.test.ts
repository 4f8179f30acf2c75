import { randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthorizeStep } from '@portal/shared/api/authorize';
import { contract } from '@portal/shared/api/contract';
import { COOKIE_TOKEN } from '@portal/shared/cookies';
import type { Db } from '../src/db/database.ts';
import { addClient } from '../src/libraries/openid/clients.ts';
import { BackchannelReceiver, signedByIssuer } from '../test/support/backchannel-receiver.ts';
import { urlOf } from '../test/support/http.ts';
import { CookieJar, authorizationUrl, browse } from '../test/support/openid.ts';
import { SecondClient, oauthErrorOf } from '../test/support/second-client.ts';
import { insertAccount } from './support/accounts.ts';
import { ServerProcess, freePort, newClientAddress } from './support/server-process.ts';
import { createCompany, fixtureContext, signIn } from './support/tenants.ts';

const PASSWORD = 'Right2026x';
const REDIRECT_URI = 'http://127.0.0.1:9/callback';
const SIGNED_OUT = 'http://127.0.0.1:9/signed-out';

/** What a product keeps of one sign-in. */
interface Authorization {
  callback: URL;
  verifier: string;
  state: string;
  nonce: string;
  /** The browser it happened in: the provider's session cookie and the portal's. */
  jar: CookieJar;
}

/**
 * Two server processes of one installation behind a balancer: one issuer (PUBLIC_URL, the balancer's
 * address), one PostgreSQL database and one Redis. Each request goes to one process's own port, as
 * the balancer would send it, with the issuer's paths: what one process issued (a code, a refresh
 * token, a provider session) the other honours, and what one ends the other refuses.
 */
describe('the OpenID provider over two server processes', () => {
  let issuer: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let db: Db;
  let receiver: BackchannelReceiver;
  let clientId: string;
  let secret: string;
  /** openid-client configured for the issuer, its endpoints those of one process. */
  const configs = new Map<ServerProcess, oidc.Configuration>();
  const configOf = (server: ServerProcess) => configs.get(server)!;

  /** A URL of the issuer (or of any process) as one process serves it: its path, at that process's port. */
  const at = (server: ServerProcess, url: string) => {
    const moved = new URL(url, server.baseUrl);
    return new URL(`${moved.pathname}${moved.search}`, server.baseUrl).href;
  };

  /** The issuer's discovery document as a process serves it, with the endpoints at that process. */
  async function configurationAt(server: ServerProcess): Promise<oidc.Configuration> {
    const response = await fetch(`${server.baseUrl}/.well-known/openid-configuration`);
    const metadata = (await response.json()) as oidc.ServerMetadata;
    // the same issuer whichever process answers: that is what the tokens of both carry
    expect(metadata.issuer).toBe(issuer);
    for (const [name, value] of Object.entries(metadata)) {
      if ((name.endsWith('_endpoint') || name === 'jwks_uri') && typeof value === 'string') {
        (metadata as Record<string, unknown>)[name] = at(server, value);
      }
    }
    const config = new oidc.Configuration(metadata, clientId, undefined, oidc.ClientSecretBasic(secret));
    oidc.allowInsecureRequests(config);
    return config;
  }

  beforeAll(async () => {
    // nothing listens at the balancer's address: no request goes there
    issuer = `http://127.0.0.1:${await freePort()}`;
    const env = {
      PUBLIC_URL: issuer,
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: `portal-test-${randomBytes(6).toString('hex')}:`,
    };
    a = await ServerProcess.start({ env });
    b = await ServerProcess.start({ env, database: a.database });
    db = a.openDatabase();
    receiver = await BackchannelReceiver.start();
    const added = await addClient(fixtureContext(a, db), {
      productCode: 'esguard',
      environment: 'two-processes',
      redirectUris: [REDIRECT_URI],
      postLogoutRedirectUris: [SIGNED_OUT],
      backchannelLogoutUri: receiver.uri,
      firstParty: true,
    });
    clientId = added.client.clientId;
    secret = added.secret!;
    for (const server of [a, b]) configs.set(server, await configurationAt(server));
  });
  afterAll(async () => {
    await receiver?.close();
    await db?.close();
    await b?.stop('SIGKILL');
    await a?.close();
  });

  /** A person of a company with the product, signed in to the portal (on process A). */
  async function person() {
    const account = await insertAccount(db, { password: PASSWORD });
    const { enterpriseId } = await createCompany(fixtureContext(a, db), {
      products: ['esguard'],
      people: [{ userId: account.id, role: 'member' }],
    });
    return { ...account, enterpriseId, token: await signIn(a, account.account, PASSWORD) };
  }

  /** The authorization request, the portal's screen and the resume, all on process A, up to the code. */
  async function authorizeAtA(portalToken: string): Promise<Authorization> {
    const jar = new CookieJar();
    // the portal's session cookie, which the browser holds for the issuer's origin
    jar.set(COOKIE_TOKEN, portalToken);
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = await authorizationUrl(
      { config: configOf(a), redirectUri: REDIRECT_URI },
      { scope: 'openid profile company offline_access', state, nonce, prompt: 'consent' },
      verifier,
    );
    const toScreen = await browse(jar, url.href);
    const screen = new URL(toScreen.headers.get('location')!, a.baseUrl);
    expect(screen.pathname, await toScreen.text()).toBe('/authorize');
    const uid = screen.searchParams.get('interaction')!;
    // the screen's calls carry the browser's cookies: the provider's interaction cookie names the uid
    const screenCall = { token: portalToken, headers: { cookie: jar.header() }, from: newClientAddress() };
    let step = await a.call(urlOf(contract.interactionStep, { uid }), screenCall);
    if ((step.json?.data as AuthorizeStep | undefined)?.step === 'continue') {
      step = await a.call(urlOf(contract.continueInteraction, { uid }), { ...screenCall, method: 'POST', body: {} });
    }
    const data = step.json?.data as AuthorizeStep;
    expect(data?.step, step.text).toBe('redirect');
    const resumed = await browse(jar, at(a, (data as { to: string }).to));
    const callback = new URL(resumed.headers.get('location')!);
    expect(callback.searchParams.get('code'), callback.href).toBeTruthy();
    return { callback, verifier, state, nonce, jar };
  }

  const redeemAt = (server: ServerProcess, authorization: Authorization) =>
    oidc.authorizationCodeGrant(configOf(server), authorization.callback, {
      pkceCodeVerifier: authorization.verifier,
      expectedState: authorization.state,
      expectedNonce: authorization.nonce,
      idTokenExpected: true,
    });

  async function oauthError(promise: Promise<unknown>): Promise<string | null> {
    try {
      await promise;
      return null;
    } catch (error) {
      return (error as { error?: string }).error ?? String(error);
    }
  }

  it('a code issued on A is redeemed on B, refreshed on A, and its access token read at userinfo on B', async () => {
    const someone = await person();
    const authorization = await authorizeAtA(someone.token);

    const tokens = await redeemAt(b, authorization);
    const claims = tokens.claims()!;
    expect(claims).toMatchObject({
      iss: issuer,
      aud: clientId,
      sub: String(someone.id),
      company_id: String(someone.enterpriseId),
      company_role: 'member',
      product: 'esguard',
    });
    // signed on B with the key both processes publish
    expect(await signedByIssuer(tokens.id_token!, at(a, `${issuer}/oidc/jwks`))).toBe(true);

    const refreshed = await oidc.refreshTokenGrant(configOf(a), tokens.refresh_token!);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(refreshed.claims()).toMatchObject({ iss: issuer, sub: String(someone.id), sid: claims.sid });

    const userinfo = await oidc.fetchUserInfo(configOf(b), refreshed.access_token, String(someone.id));
    expect(userinfo).toMatchObject({
      sub: String(someone.id),
      preferred_username: someone.account,
      company_id: String(someone.enterpriseId),
      product: 'esguard',
    });

    // the rotated refresh token is spent on both: presented again on B, it is refused
    expect(await oauthError(oidc.refreshTokenGrant(configOf(b), tokens.refresh_token!))).toBe('invalid_grant');
  });

  it('redeems a code once among 20 concurrent redemptions spread over both processes', async () => {
    const authorization = await authorizeAtA((await person()).token);
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code: authorization.callback.searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
      code_verifier: authorization.verifier,
    });
    const basic = `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`;
    const statuses = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const response = await fetch(at(i % 2 === 0 ? a : b, '/oidc/token'), {
          method: 'POST',
          headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
          body,
        });
        return response.status === 200 ? 'issued' : ((await response.json()) as { error: string }).error;
      }),
    );
    expect(statuses.filter((s) => s === 'issued')).toHaveLength(1);
    expect(statuses.filter((s) => s !== 'issued')).toEqual(Array(19).fill('invalid_grant'));
  });

  it('oidcc-refresh-token: issue 27.3, uses a refresh token once when both processes are sent it at once', async () => {
    const someone = await person();
    const winners: number[] = [];
    for (let round = 0; round < 10; round++) {
      const tokens = await redeemAt(a, await authorizeAtA(someone.token));
      const outcomes = await Promise.all(
        [a, b].map((server) => oauthError(oidc.refreshTokenGrant(configOf(server), tokens.refresh_token!))),
      );
      winners.push(outcomes.filter((outcome) => outcome === null).length);
      expect(outcomes.filter((outcome) => outcome !== null)).toEqual(Array(2 - winners.at(-1)!).fill('invalid_grant'));
    }
    expect(winners).toEqual(Array(10).fill(1));

    // 20 at once over both: one new chain, and the reuse ends it (the winner's refresh token is refused)
    const tokens = await redeemAt(a, await authorizeAtA(someone.token));
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        oidc.refreshTokenGrant(configOf(i % 2 === 0 ? a : b), tokens.refresh_token!),
      ),
    );
    const won = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    expect(won).toHaveLength(1);
    expect(await oauthError(oidc.refreshTokenGrant(configOf(b), won[0]!.refresh_token!))).toBe('invalid_grant');
  });

  it('a portal session revoked on B ends the product session begun through A, on both processes', async () => {
    const someone = await person();
    const other = await signIn(a, someone.account, PASSWORD);
    const tokens = await redeemAt(a, await authorizeAtA(other));
    const sid = tokens.claims()!.sid as string;

    const sessions = await b.call(contract.mySessions.path, { token: someone.token, from: newClientAddress() });
    const { id } = (sessions.json.data.items as { id: number; current: boolean }[]).find((s) => !s.current)!;
    const revoked = await b.call(contract.revokeMySession.path, {
      token: someone.token,
      body: { id },
      from: newClientAddress(),
    });
    expect(revoked.json.code, revoked.text).toBe(0);

    const logout = await receiver.waitFor(sid);
    expect(logout?.claims).toMatchObject({ iss: issuer, aud: clientId, sub: String(someone.id), sid });
    for (const server of [a, b]) {
      await expect
        .poll(async () => (await oidc.tokenIntrospection(configOf(server), tokens.access_token)).active, {
          timeout: 2_000,
          interval: 25,
        })
        .toBe(false);
    }
    expect(await oauthError(oidc.refreshTokenGrant(configOf(a), tokens.refresh_token!))).toBe('invalid_grant');
  });

  /** The product's "sign out" in the browser on one process: the end-session request and the confirmation. */
  async function signOutAt(server: ServerProcess, jar: CookieJar, endSession: URL): Promise<URL> {
    const page = await browse(jar, endSession.href);
    const html = await page.text();
    expect(page.status, html).toBe(200);
    const action = html.match(/<form[^>]*action="([^"]+)"/)![1]!;
    const xsrf = html.match(/name="xsrf" value="([^"]+)"/)![1]!;
    const done = await browse(jar, at(server, action), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    expect(done.status).toBe(303);
    return new URL(done.headers.get('location')!);
  }

  it('oidcc-basic, oidcc-refresh-token, oidcc-rp-initiated-logout with oauth4webapi: issued on A, redeemed on B, refreshed on A, signed out on B, ended on both', async () => {
    const someone = await person();
    // the second relying party reads the issuer's metadata from A and sends each request to one process
    const rp = await SecondClient.discover(issuer, clientId, secret, a.baseUrl);
    const [rpA, rpB] = [rp.at(a.baseUrl), rp.at(b.baseUrl)];
    const { jar, ...sent } = await authorizeAtA(someone.token);

    const signedIn = await rpB.redeem(sent.callback, sent, REDIRECT_URI);
    const sid = signedIn.claims.sid as string;
    expect(signedIn.claims).toMatchObject({
      iss: issuer,
      aud: clientId,
      sub: String(someone.id),
      company_id: String(someone.enterpriseId),
      product: 'esguard',
    });

    const refreshed = await rpA.refresh(signedIn.tokens.refresh_token!);
    expect(refreshed.tokens.refresh_token).not.toBe(signedIn.tokens.refresh_token);
    expect(refreshed.claims).toMatchObject({ iss: issuer, sub: String(someone.id), sid });
    expect(await rpB.userinfo(refreshed.tokens.access_token, String(someone.id))).toMatchObject({
      company_id: String(someone.enterpriseId),
    });
    // the spent refresh token is spent on both
    expect(await oauthErrorOf(rpB.refresh(signedIn.tokens.refresh_token!))).toBe('invalid_grant');

    // the product signs the person out through B, in the browser session A began
    const back = await signOutAt(b, jar, rpB.endSessionUrl(refreshed.tokens.id_token!, SIGNED_OUT, 'bye'));
    expect(`${back.origin}${back.pathname}?${back.searchParams}`).toBe(`${SIGNED_OUT}?state=bye`);
    const logout = await receiver.waitFor(sid);
    expect(logout?.claims).toMatchObject({ iss: issuer, aud: clientId, sub: String(someone.id), sid });
    for (const server of [rpA, rpB]) {
      await expect
        .poll(async () => (await server.introspect(refreshed.tokens.access_token)).active, {
          timeout: 2_000,
          interval: 25,
        })
        .toBe(false);
    }
    expect(await oauthErrorOf(rpA.refresh(refreshed.tokens.refresh_token!))).toBe('invalid_grant');
    // and the portal session with it, on both
    for (const server of [a, b]) {
      const current = await server.call(contract.currentUser.path, { token: someone.token, from: newClientAddress() });
      expect(current.json?.code, current.text).not.toBe(0);
    }
  });
});
