import { randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthorizeStep } from '@portal/shared/api/authorize';
import { contract } from '@portal/shared/api/contract';
import type { CallDeclaration } from '@portal/shared/api/contract/define';
import { API_PREFIX } from '@portal/shared/api/contract/prefixes';
import { COOKIE_TOKEN } from '@portal/shared/cookies';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { loadConfig } from '../src/config.ts';
import type { Db } from '../src/db/database.ts';
import { CLIENT_AUTH_FAILURES_PER_CLIENT_ADDRESS } from '../src/libraries/openid/client-auth-throttle.ts';
import { addClient } from '../src/libraries/openid/clients.ts';
import { DISCOVERY_PATH, productResource } from '../src/libraries/openid/provider.ts';
import { BackchannelReceiver, signedByIssuer } from '../test/support/backchannel-receiver.ts';
import { CookieJar, authorizationUrl, browse } from '../test/support/openid.ts';
import { SecondClient, oauthErrorOf } from '../test/support/second-client.ts';
import { freshPhone, insertAccount } from './support/accounts.ts';
import { ServerProcess, freePort, newClientAddress } from './support/server-process.ts';
import { createCompany, fixtureContext, signIn } from './support/tenants.ts';

const PASSWORD = 'Right2026x';
const REDIRECT_URI = 'http://127.0.0.1:9/callback';
const SIGNED_OUT = 'http://127.0.0.1:9/signed-out';
/** The authentication context class of one factor (docs/openid-provider.md#step-up). */
const ONE_FACTOR = 'urn:energy-portal:acr:1fa';
/** Hosts an attacker names: the Host header itself, and the headers a proxy would set. */
const FORGED: Record<string, string>[] = [
  { host: 'evil.example' },
  { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
  { host: 'evil.example', 'x-forwarded-host': 'evil.example:8443', 'x-forwarded-proto': 'https' },
];

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
    const authorization = await authorizeAt(a, portalToken);
    expect(authorization.callback.searchParams.get('code'), authorization.callback.href).toBeTruthy();
    return authorization;
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

  /** A product's sign-in request to one process, with its own state, nonce and PKCE verifier; `params`
   *  over the usual ones (null leaves one out). */
  async function requestAt(server: ServerProcess, params: Record<string, string | null> = {}) {
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = await authorizationUrl(
      { config: configOf(server), redirectUri: REDIRECT_URI },
      { scope: 'openid profile company offline_access', state, nonce, prompt: 'consent', ...params },
      verifier,
    );
    return { url, verifier, state, nonce };
  }

  /** The browser `jar` follows the provider's redirects on one process until it leaves the issuer (the
   *  product's redirect URI) or reaches the portal's screen. */
  async function followAt(server: ServerProcess, jar: CookieJar, url: string): Promise<URL> {
    let response = await browse(jar, at(server, url));
    for (let hops = 0; hops < 10; hops++) {
      const location = response.headers.get('location');
      if (!location)
        throw new Error(`the provider answered ${response.status} without a redirect: ${await response.text()}`);
      const next = new URL(location, issuer);
      if (next.origin !== issuer || next.pathname === '/authorize') return next;
      response = await browse(jar, at(server, next.href));
    }
    throw new Error('too many redirects');
  }

  /** A call of the portal's sign-in screen on one process, as the browser `jar` makes it: its cookies
   *  (the provider's interaction cookie among them) sent and kept, from an address of its own. */
  async function screenAt(
    server: ServerProcess,
    jar: CookieJar,
    declaration: CallDeclaration,
    { uid, token, body }: { uid: string; token: string | null; body?: unknown },
  ): Promise<{ status: number; code: number; msg: string; data: AuthorizeStep }> {
    const reply = await server.call(declaration, {
      params: { uid },
      token: token ?? undefined,
      body,
      headers: { cookie: jar.header() },
      from: newClientAddress(),
    });
    const setCookies = new Headers();
    for (const line of [reply.headers['set-cookie'] ?? []].flat()) setCookies.append('set-cookie', line);
    jar.take(new Response(null, { headers: setCookies }));
    return { status: reply.status, ...(reply.json as { code: number; msg: string; data: AuthorizeStep }) };
  }

  /**
   * A product's sign-in in the browser `jar` on one process, as far as the screen goes by itself: the
   * request, the screen's calls (`continue`, and the company `choose` names) and the resume, up to the
   * product's redirect URI. `steps` are the screen's steps as they came; `step` the one it stopped at.
   */
  async function authorizeAt(
    server: ServerProcess,
    portalToken: string | null,
    options: { jar?: CookieJar; params?: Record<string, string | null>; choose?: number } = {},
  ): Promise<Authorization & { steps: string[]; step?: AuthorizeStep }> {
    const jar = options.jar ?? new CookieJar();
    if (portalToken) jar.set(COOKIE_TOKEN, portalToken);
    const request = await requestAt(server, options.params);
    const steps: string[] = [];
    let next = await followAt(server, jar, request.url.href);
    for (let screens = 0; screens < 3 && next.origin === issuer && next.pathname === '/authorize'; screens++) {
      const uid = next.searchParams.get('interaction')!;
      const on = (declaration: CallDeclaration, body?: unknown) =>
        screenAt(server, jar, declaration, { uid, token: portalToken, body });
      let step = (await on(contract.interactionStep)).data;
      steps.push(step.step);
      if (step.step === 'continue') {
        step = (await on(contract.continueInteraction, {})).data;
        steps.push(step.step);
      }
      if (step.step === 'company' && options.choose !== undefined) {
        step = (await on(contract.chooseInteractionCompany, { enterpriseId: options.choose })).data;
        steps.push(step.step);
      }
      if (step.step !== 'redirect') return { callback: next, ...request, jar, steps, step };
      next = await followAt(server, jar, step.to);
    }
    return { callback: next, ...request, jar, steps };
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

  it("wrong secrets for the product's client id on both processes, from other addresses, hold up neither its code nor its refresh", async () => {
    const someone = await person();
    const signedIn = await redeemAt(a, await authorizeAtA(someone.token));
    // a sign-in in progress: the product holds its code while strangers try its client id
    const pending = await authorizeAtA(someone.token);
    const wrong = (server: ServerProcess, from: string, i: number) =>
      server.call('/oidc/token', {
        method: 'POST',
        from,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${clientId}:wrong-${i}`).toString('base64')}`,
        },
        raw: 'grant_type=client_credentials',
      });
    const statuses = await Promise.all(
      Array.from({ length: 2 * CLIENT_AUTH_FAILURES_PER_CLIENT_ADDRESS }, (_, i) =>
        wrong(i % 2 ? a : b, newClientAddress(), i).then((reply) => reply.status),
      ),
    );
    expect(statuses).toEqual(Array(2 * CLIENT_AUTH_FAILURES_PER_CLIENT_ADDRESS).fill(401));
    // one stranger's address past its limit, counted over both processes
    const insistent = newClientAddress();
    const held: number[] = [];
    for (let i = 0; i < CLIENT_AUTH_FAILURES_PER_CLIENT_ADDRESS + 2; i++) {
      held.push((await wrong(i % 2 ? a : b, insistent, i)).status);
    }
    expect(held.slice(CLIENT_AUTH_FAILURES_PER_CLIENT_ADDRESS)).toEqual([429, 429]);

    // the product, from its own address, redeems the code on B and refreshes on A
    const tokens = await redeemAt(b, pending);
    expect(tokens.claims()).toMatchObject({ sub: String(someone.id), aud: clientId });
    const refreshed = await oidc.refreshTokenGrant(configOf(a), signedIn.refresh_token!);
    expect(refreshed.claims()).toMatchObject({ sub: String(someone.id) });
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

  it('oidcc-refresh-token: uses a refresh token once when both processes are sent it at once', async () => {
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

    const sessions = await b.call(contract.mySessions, { token: someone.token, from: newClientAddress() });
    const { id } = (sessions.json.data.items as { id: number; current: boolean }[]).find((s) => !s.current)!;
    const revoked = await b.call(contract.revokeMySession, {
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
      const current = await server.call(contract.currentUser, { token: someone.token, from: newClientAddress() });
      expect(current.json?.code, current.text).not.toBe(0);
    }
  });

  it('refuses an interaction begun on A to another browser on B, and its own browser goes on on B', async () => {
    // X's browser starts a product's sign-in on A (no portal session needed) and sends Y the link of its screen
    const x = await person();
    const ofX = await requestAt(a);
    const jarOfX = new CookieJar();
    const screen = await followAt(a, jarOfX, ofX.url.href);
    const uid = screen.searchParams.get('interaction')!;
    expect(screen.pathname, screen.href).toBe('/authorize');

    // Y's browser on B: with an interaction cookie of its own (begun on B), or with none
    const y = await person();
    const withOwn = new CookieJar();
    withOwn.set(COOKIE_TOKEN, y.token);
    await followAt(b, withOwn, (await requestAt(b)).url.href);
    for (const [browser, jar] of Object.entries({ withOwn, withNone: new CookieJar() })) {
      const on = (declaration: CallDeclaration, body?: unknown) =>
        screenAt(b, jar, declaration, { uid, token: y.token, body });
      const calls = {
        step: await on(contract.interactionStep),
        continue: await on(contract.continueInteraction, {}),
        company: await on(contract.chooseInteractionCompany, { enterpriseId: y.enterpriseId }),
        consent: await on(contract.consentInteraction, {}),
        abort: await on(contract.abortInteraction, {}),
      };
      for (const [name, reply] of Object.entries(calls)) {
        expect([browser, name, reply.status, reply.code]).toEqual([browser, name, 404, ErrorCode.NotFound]);
      }
    }

    // X's own browser goes on on B: the interaction cookie A set is read there (the keys are the installation's)
    jarOfX.set(COOKIE_TOKEN, x.token);
    const on = (declaration: CallDeclaration, body?: unknown) =>
      screenAt(b, jarOfX, declaration, { uid, token: x.token, body });
    const asked = await on(contract.interactionStep);
    expect(asked.data, asked.msg).toMatchObject({ step: 'continue' });
    const done = await on(contract.continueInteraction, {});
    expect(done.data, done.msg).toMatchObject({ step: 'redirect' });
    const callback = await followAt(b, jarOfX, done.data.step === 'redirect' ? done.data.to : '');
    const tokens = await redeemAt(a, { ...ofX, callback, jar: jarOfX });
    expect(tokens.claims()).toMatchObject({ sub: String(x.id), company_id: String(x.enterpriseId) });
  });

  it("refuses another product's API to a client on both processes, at sign-in and by client credentials", async () => {
    const issuerContext = { ...fixtureContext(a, db), config: loadConfig({ PUBLIC_URL: issuer, LOG_LEVEL: 'silent' }) };
    const storage = productResource(issuerContext, 'esguard');
    const microgrid = productResource(issuerContext, 'mgguard');
    const forApi = (resource: string) => ({ params: { scope: 'openid company product offline_access', resource } });
    const someone = await person();
    for (const server of [a, b]) {
      const refused = await authorizeAt(server, someone.token, forApi(microgrid));
      expect(refused.callback.searchParams.get('error'), refused.callback.href).toBe('invalid_target');
      expect(
        await oauthError(oidc.clientCredentialsGrant(configOf(server), { resource: microgrid, scope: 'product' })),
      ).toBe('invalid_target');

      // its own product's API it gets there, and a refresh cannot turn that grant into another API's token
      const tokens = await redeemAt(server, await authorizeAt(server, someone.token, forApi(storage)));
      const keys = createRemoteJWKSet(new URL(at(server, `${issuer}/oidc/jwks`)));
      const { payload } = await jwtVerify(tokens.access_token, keys, { issuer, audience: storage });
      expect(payload).toMatchObject({ client_id: clientId, product: 'esguard' });
      expect(
        await oauthError(oidc.refreshTokenGrant(configOf(server), tokens.refresh_token!, { resource: microgrid })),
      ).toBe('invalid_target');
    }
  });

  it('keeps the company of tokens issued on A at userinfo and introspection on B after a sign-in on B for another company', async () => {
    const account = await insertAccount(db, { password: PASSWORD });
    const [first, second] = [
      await createCompany(fixtureContext(a, db), {
        products: ['esguard'],
        people: [{ userId: account.id, role: 'admin' }],
      }),
      await createCompany(fixtureContext(a, db), {
        products: ['esguard'],
        people: [{ userId: account.id, role: 'member' }],
      }),
    ];
    const token = await signIn(a, account.account, PASSWORD);
    const jar = new CookieJar();
    const inFirst = await redeemAt(a, await authorizeAt(a, token, { jar, choose: first!.enterpriseId }));
    const inSecond = await authorizeAt(b, token, { jar, choose: second!.enterpriseId });
    expect(inSecond.steps).toEqual(['company', 'redirect']);
    expect((await redeemAt(b, inSecond)).claims()).toMatchObject({ company_id: String(second!.enterpriseId) });

    /** What a process says of an access token's company at userinfo and at introspection. */
    const companyAt = async (server: ServerProcess, accessToken: string) => ({
      userinfo: (await oidc.fetchUserInfo(configOf(server), accessToken, String(account.id))).company_id,
      introspection: (await oidc.tokenIntrospection(configOf(server), accessToken)).company_id,
    });
    const company = String(first!.enterpriseId);
    for (const server of [a, b]) {
      expect(await companyAt(server, inFirst.access_token)).toEqual({ userinfo: company, introspection: company });
    }
    // and its refresh on B too
    const refreshed = await oidc.refreshTokenGrant(configOf(b), inFirst.refresh_token!);
    expect(refreshed.claims()).toMatchObject({ company_id: company, company_role: 'admin' });
    expect(await companyAt(a, refreshed.access_token)).toEqual({ userinfo: company, introspection: company });
  });

  it('oidcc-prompt-none-logged-in, oidcc-prompt-none-not-logged-in: signs in silently on B while the portal session lives, and answers login_required on A after the portal sign-out on B', async () => {
    const someone = await person();
    const jar = new CookieJar();
    await redeemAt(a, await authorizeAt(a, someone.token, { jar }));

    /** The product's silent sign-in in the browser on one process: the error it learns, or null with the claims. */
    const silentlyAt = async (server: ServerProcess) => {
      const silent = await authorizeAt(server, null, { jar, params: { prompt: 'none', scope: 'openid company' } });
      expect(silent.steps).toEqual([]);
      expect(`${silent.callback.origin}${silent.callback.pathname}`).toBe(REDIRECT_URI);
      const error = silent.callback.searchParams.get('error');
      return { error, claims: error ? undefined : (await redeemAt(server, silent)).claims() };
    };
    const live = await silentlyAt(b);
    expect(live.error).toBeNull();
    expect(live.claims).toMatchObject({ sub: String(someone.id), company_id: String(someone.enterpriseId) });

    const signedOut = await b.call(contract.logout, {
      token: someone.token,
      from: newClientAddress(),
    });
    expect(signedOut.json?.code, signedOut.text).toBe(0);
    expect((await silentlyAt(a)).error).toBe('login_required');
  });

  it('oidcc-prompt-login: a step-up begun on A is proven with the password and finished on B: amr pwd, the portal session kept', async () => {
    const someone = await person();
    // prompt=login asks for a proof newer than the portal sign-in: the request comes in a later second
    await new Promise((resolve) => setTimeout(resolve, 1_000 - (Date.now() % 1_000) + 10));
    const jar = new CookieJar();
    jar.set(COOKIE_TOKEN, someone.token);
    const request = await requestAt(a, { prompt: 'login' });
    const screen = await followAt(a, jar, request.url.href);
    const uid = screen.searchParams.get('interaction')!;
    const on = (server: ServerProcess, declaration: CallDeclaration, body?: unknown) =>
      screenAt(server, jar, declaration, { uid, token: someone.token, body });

    const asked = await on(a, contract.interactionStep);
    expect(asked.data, asked.msg).toEqual({
      step: 'reauthenticate',
      client: expect.any(Object),
      methods: ['password'],
      secondFactor: false,
      noSecondFactor: false,
    });
    const wrong = await on(b, contract.reauthenticateInteraction, { password: `${PASSWORD}x` });
    expect(wrong.code).toBe(ErrorCode.PasswordIncorrect);
    const provenAt = Math.floor(Date.now() / 1000);
    const proven = await on(b, contract.reauthenticateInteraction, { password: PASSWORD });
    expect(proven.data, proven.msg).toMatchObject({ step: 'redirect' });

    const callback = await followAt(b, jar, proven.data.step === 'redirect' ? proven.data.to : '');
    const claims = (await redeemAt(b, { ...request, callback, jar })).claims()!;
    expect(claims).toMatchObject({ sub: String(someone.id), amr: ['pwd'], acr: ONE_FACTOR });
    expect(claims.auth_time).toBeGreaterThanOrEqual(provenAt);
    // the portal session went on all along, on both
    for (const server of [a, b]) {
      const current = await server.call(contract.currentUser, { token: someone.token, from: newClientAddress() });
      expect(current.json?.code, current.text).toBe(0);
    }
  });

  it('takes the company a request on B names with company_id, although a grant made on A exists', async () => {
    const account = await insertAccount(db, { password: PASSWORD });
    const companies = [];
    for (const products of [['esguard'], ['esguard'], []] as const) {
      companies.push(
        await createCompany(fixtureContext(a, db), {
          products: [...products],
          people: [{ userId: account.id, role: 'member' }],
        }),
      );
    }
    const [first, second, without] = companies.map(({ enterpriseId }) => String(enterpriseId));
    const token = await signIn(a, account.account, PASSWORD);
    const jar = new CookieJar();
    // a product that renews silently asks without prompt=consent: the grant made on A answers on B at once
    const naming = (company_id: string) => ({ jar, params: { prompt: null, scope: 'openid company', company_id } });
    expect((await redeemAt(a, await authorizeAt(a, token, naming(first!)))).claims()).toMatchObject({
      company_id: first,
    });
    const same = await authorizeAt(b, token, naming(first!));
    expect(same.steps).toEqual([]);
    expect((await redeemAt(b, same)).claims()).toMatchObject({ company_id: first });

    const other = await authorizeAt(b, token, naming(second!));
    expect(other.steps).toEqual(['continue', 'redirect']);
    expect((await redeemAt(b, other)).claims()).toMatchObject({ company_id: second });
    const refused = await authorizeAt(a, token, naming(without!));
    expect(refused.steps).toEqual(['denied']);
    expect(refused.callback.searchParams.has('code')).toBe(false);
  });

  it("refuses on B to replace a verified phone before the company's required two-step set-up of a session opened on A (1009165)", async () => {
    const account = await insertAccount(db, { password: PASSWORD });
    const { enterpriseId } = await createCompany(fixtureContext(a, db), {
      people: [{ userId: account.id, role: 'member' }],
    });
    await db.db.updateTable('enterprises').set({ require_two_step: 1 }).where('id', '=', enterpriseId).execute();
    const token = await signIn(a, account.account, PASSWORD);

    const phone = freshPhone();
    const sent = await b.call(contract.sendSms, { body: { phone, scene: 'certify' }, from: newClientAddress() });
    expect(sent.json?.code, sent.text).toBe(0);
    const code = await b.latestCode(phone);
    const swapped = await b.call(contract.phoneAuth, { token, body: { phone, code }, from: newClientAddress() });
    expect(swapped.json?.code, swapped.text).toBe(1009165);
    const row = await db.db.selectFrom('users').select('phone').where('id', '=', account.id).executeTakeFirst();
    expect(row?.phone).toBe(account.phone);
  });

  it("builds the provider's URLs from the issuer on both processes, whatever Host or X-Forwarded-Host a request names", async () => {
    const someone = await person();
    const notTheIssuer = (text: string, what: string) => expect(text, what).not.toContain('evil.example');
    for (const forged of FORGED) {
      for (const server of [a, b]) {
        const discovery = await server.call(DISCOVERY_PATH, { headers: forged });
        expect(discovery.status).toBe(200);
        notTheIssuer(discovery.text, 'discovery');
        for (const [name, value] of Object.entries(discovery.json as Record<string, unknown>)) {
          if (typeof value === 'string' && /^https?:/.test(value))
            expect(value === issuer || value.startsWith(`${issuer}/`), name).toBe(true);
        }
        const confirmation = await server.call(`/oidc/session/end?client_id=${clientId}`, { headers: forged });
        expect(confirmation.status).toBe(200);
        notTheIssuer(confirmation.text, 'end_session');
        expect(confirmation.text).toContain(`action="${issuer}/oidc/session/end/confirm"`);
      }

      // a sign-in begun on A with the forged headers, resumed on B: the screen and the resume are the issuer's
      const request = await requestAt(a);
      const begun = await a.call(at(a, request.url.href), { headers: forged });
      expect(begun.status).toBe(303);
      const screen = new URL(String(begun.headers.location), issuer);
      expect([screen.origin, screen.pathname]).toEqual([issuer, '/authorize']);
      const setCookies = new Headers();
      for (const line of [begun.headers['set-cookie'] ?? []].flat()) {
        notTheIssuer(line, 'cookie');
        setCookies.append('set-cookie', line);
      }
      const jar = new CookieJar();
      jar.take(new Response(null, { headers: setCookies }));
      const uid = screen.searchParams.get('interaction')!;
      const on = (declaration: CallDeclaration, body?: unknown) =>
        screenAt(b, jar, declaration, { uid, token: someone.token, body });
      expect((await on(contract.interactionStep)).data).toMatchObject({ step: 'continue' });
      const done = await on(contract.continueInteraction, {});
      expect(done.data, done.msg).toEqual({ step: 'redirect', to: `${issuer}/oidc/auth/${uid}` });
    }
  });

  it('answers a NUL byte in client_id or in a token with an OAuth refusal on both processes, never a 500', async () => {
    const nulId = 'esguard\u0000test';
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const basic = (id: string, password: string) =>
      `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(password)}`).toString('base64')}`;
    const post = (server: ServerProcess, path: string, fields: Record<string, string>, authorization?: string) =>
      server.call(path, {
        method: 'POST',
        headers: { ...form, ...(authorization ? { authorization } : {}) },
        raw: new URLSearchParams(fields).toString(),
        from: newClientAddress(),
      });
    /** What the provider answers a client_id it cannot use: a malformed request, or an unknown client. */
    const refused = [
      [400, 'invalid_request'],
      [401, 'invalid_client'],
    ];
    // a refresh token issued on A, with a NUL byte in it
    const issued = await redeemAt(a, await authorizeAtA((await person()).token));
    const nulToken = `${issued.refresh_token!.slice(0, 8)}\u0000${issued.refresh_token!.slice(8)}`;
    for (const server of [a, b]) {
      for (const path of ['/oidc/auth', '/oidc/session/end']) {
        const url = new URL(path, issuer);
        url.search = new URLSearchParams({ client_id: nulId, response_type: 'code', scope: 'openid' }).toString();
        const reply = await server.call(at(server, url.href), { from: newClientAddress() });
        expect([reply.status, reply.text.includes('invalid_client')], path).toEqual([400, true]);
      }
      for (const path of ['/oidc/token', '/oidc/token/introspection', '/oidc/token/revocation']) {
        const fields = { grant_type: 'client_credentials', token: 'x' };
        const byForm = await post(server, path, { ...fields, client_id: nulId, client_secret: 'x' });
        expect(refused, path).toContainEqual([byForm.status, byForm.json?.error]);
        const byHeader = await post(server, path, fields, basic(nulId, 'x'));
        expect(refused, path).toContainEqual([byHeader.status, byHeader.json?.error]);
      }
      const ours = basic(clientId, secret);
      const introspected = await post(server, '/oidc/token/introspection', { token: nulToken }, ours);
      expect([introspected.status, introspected.json]).toEqual([200, { active: false }]);
      const refreshed = await post(
        server,
        '/oidc/token',
        { grant_type: 'refresh_token', refresh_token: nulToken },
        ours,
      );
      expect([refreshed.status, refreshed.json?.error]).toEqual([400, 'invalid_grant']);
      const userinfo = await post(server, '/oidc/me', { access_token: `${issued.access_token}\u0000` });
      expect([userinfo.status, userinfo.json?.error]).toEqual([401, 'invalid_token']);
    }
    // the token itself, sent whole, is still good on B
    expect((await oidc.refreshTokenGrant(configOf(b), issued.refresh_token!)).claims()).toMatchObject({
      iss: issuer,
    });
  });

  it("the provider's answers on both processes carry the portal's headers, each with a request id of its own", async () => {
    const ids = new Set<string>();
    for (const server of [a, b]) {
      const answers = {
        discovery: await server.call(DISCOVERY_PATH),
        jwks: await server.call('/oidc/jwks'),
        token: await server.call('/oidc/token', { method: 'POST', from: newClientAddress() }),
        confirmation: await server.call(`/oidc/session/end?client_id=${clientId}`),
        error: await server.call('/oidc/auth?client_id=nobody'),
      };
      for (const [what, reply] of Object.entries(answers)) {
        const id = String(reply.headers['x-request-id']);
        expect(id, what).toMatch(/^[A-Za-z0-9._-]+$/);
        ids.add(id);
        expect(reply.headers['x-content-type-options'], what).toBe('nosniff');
        expect(reply.headers['x-frame-options'], what).toBe('SAMEORIGIN');
        expect(reply.headers['strict-transport-security'], what).toMatch(/max-age=\d+/);
      }
      for (const page of [answers.confirmation, answers.error]) {
        expect(page.headers['content-type']).toMatch(/^text\/html/);
        const policy = String(page.headers['content-security-policy']);
        expect(policy).toMatch(/frame-ancestors 'self'/);
        expect(policy).not.toContain("'unsafe-inline'");
      }
    }
    expect(ids.size).toBe(10);
  });

  it('oidcc-config: discovery served by A names only endpoints that B answers, by the methods its API description gives', async () => {
    const metadata = (await a.call(DISCOVERY_PATH)).json as Record<string, unknown>;
    expect(metadata.pushed_authorization_request_endpoint).toBeUndefined();
    const description = (await b.call(`${API_PREFIX}/docs/json`)).json as { paths: Record<string, object> };
    const endpoints = Object.entries(metadata).filter(
      (entry): entry is [string, string] => entry[0].endsWith('_endpoint') || entry[0] === 'jwks_uri',
    );
    expect(endpoints.length).toBeGreaterThanOrEqual(7);
    for (const [name, url] of endpoints) {
      const methods = Object.keys(description.paths[new URL(url).pathname] ?? {}).filter((key) => key !== 'servers');
      expect(methods.length, name).toBeGreaterThan(0);
      for (const method of methods) {
        const reply = await b.call(at(b, url), {
          method: method.toUpperCase(),
          ...(method === 'post'
            ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, raw: `client_id=${clientId}` }
            : {}),
          from: newClientAddress(),
        });
        expect(reply.status, `${method} ${name}`).not.toBe(404);
        expect(reply.status, `${method} ${name}`).toBeLessThan(500);
      }
    }
  });
});
