import { createHash } from 'node:crypto';
import { createServer } from 'node:net';
import { type JWTPayload, type JWTVerifyResult, createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import type { AuthorizeStep } from '@portal/shared/api/authorize';
import { contract } from '@portal/shared/api/contract';
import type { CallDeclaration } from '@portal/shared/api/contract/define';
import { COOKIE_TOKEN } from '@portal/shared/cookies';
import type { ProductCode } from '@portal/shared/products';
import { addClient, type NewClient } from '../../src/libraries/openid/clients.ts';
import { PASSWORD, type UserInput, createCompany, createUser } from './fixtures.ts';
import { tokenFor, urlOf } from './http.ts';
import { type TestApp, startTestApp } from './test-app.ts';

/** A free port on the loopback interface, for an app whose issuer must be known before it listens. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface OpenIdTestApp extends TestApp {
  issuer: string;
}

/** A test app listening on a real port, its issuer that address: the provider is driven over HTTP. */
export async function startOpenIdApp(env: Record<string, string> = {}): Promise<OpenIdTestApp> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const t = await startTestApp({ PUBLIC_URL: issuer, ...env });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { ...t, issuer };
}

/** A browser's cookies for one origin, enough for the provider's interaction and session cookies. */
export class CookieJar {
  #cookies = new Map<string, string>();

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  set(name: string, value: string): void {
    this.#cookies.set(name, value);
  }
}

/** One request as a browser makes it: its cookies sent and kept, no redirect followed. */
export async function browse(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, {
    ...init,
    redirect: 'manual',
    headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
  });
  jar.take(response);
  return response;
}

/** An app with one client of `client.productCode` (esguard unless given): where most provider tests start. */
export async function startWithClient(
  client: Partial<NewClient> = {},
  env: Record<string, string> = {},
): Promise<{ t: OpenIdTestApp; client: TestClient }> {
  const t = await startOpenIdApp(env);
  return { t, client: await registerClient(t, { productCode: 'esguard', ...client }) };
}

/** A person signed in to the portal, member of a new company that has `products`. */
export async function signedInMember(
  t: TestApp,
  products: ProductCode[],
  options: { role?: 'admin' | 'member'; user?: UserInput } = {},
) {
  const user = await createUser(t.app, options.user);
  const { enterpriseId, domain } = await createCompany(t.app, {
    products,
    members: [{ userId: user.id, role: options.role }],
  });
  return { user, enterpriseId, domain, token: await tokenFor(t.app, user.account, PASSWORD) };
}

export interface TestClient {
  clientId: string;
  secret: string | null;
  redirectUri: string;
  config: oidc.Configuration;
}

/** A client of `product` registered with the operator's library, and openid-client configured for it. */
export async function registerClient(
  t: OpenIdTestApp,
  input: Partial<NewClient> & { productCode: NewClient['productCode'] },
): Promise<TestClient> {
  const redirectUri = input.redirectUris?.[0] ?? 'http://127.0.0.1:9/callback';
  const { client, secret } = await addClient(t.app.ctx, {
    firstParty: true,
    redirectUris: [redirectUri],
    postLogoutRedirectUris: ['http://127.0.0.1:9/signed-out'],
    ...input,
    environment: input.environment ?? `test${Math.random().toString(36).slice(2, 8)}`,
  });
  const auth = secret
    ? client.authMethod === 'client_secret_post'
      ? oidc.ClientSecretPost(secret)
      : oidc.ClientSecretBasic(secret)
    : oidc.None();
  // a client registered for ES256 tells its library so, as docs/openid-provider.md says: openid-client
  // then refuses an ID token of any other algorithm
  const metadata = input.idTokenAlg ? { id_token_signed_response_alg: input.idTokenAlg } : undefined;
  const config = await oidc.discovery(new URL(t.issuer), client.clientId, metadata, auth, {
    execute: [oidc.allowInsecureRequests],
  });
  return { clientId: client.clientId, secret, redirectUri, config };
}

/**
 * An authorization request of a client with a PKCE S256 challenge of `verifier`: its redirect URI and
 * scope openid, `params` over them (null leaves one out).
 */
export async function authorizationUrl(
  client: Pick<TestClient, 'config' | 'redirectUri'>,
  params: Record<string, string | null> = {},
  verifier = oidc.randomPKCECodeVerifier(),
): Promise<URL> {
  const all = Object.entries({
    redirect_uri: client.redirectUri,
    scope: 'openid',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...params,
  }).filter((entry): entry is [string, string] => entry[1] !== null);
  return oidc.buildAuthorizationUrl(client.config, Object.fromEntries(all));
}

export interface Authorization {
  /** The address the provider sent the browser back to, with `code` and `state` (or `error`). */
  callback: URL;
  verifier: string;
  state: string;
  nonce: string;
  jar: CookieJar;
}

/** An answer of the portal's API as the browser reads it. */
export interface ScreenReply<T = any> {
  status: number;
  code: number;
  msg: string;
  data: T;
}

/**
 * A call of the portal's sign-in screen as the browser makes it: over HTTP to the listening app, with
 * the browser's cookies (the provider's interaction cookie among them) and the person's portal session.
 */
export async function screenCall<T = AuthorizeStep>(
  t: OpenIdTestApp,
  jar: CookieJar,
  declaration: CallDeclaration,
  { uid, token, body }: { uid: string; token?: string | null; body?: unknown },
): Promise<ScreenReply<T>> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await browse(jar, `${t.issuer}${urlOf(declaration, { params: { uid } })}`, {
    method: declaration.method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as { code: number; msg: string; data: T };
  return { status: response.status, code: json.code, msg: json.msg, data: json.data };
}

/** A product's sign-in request with its own state, nonce and PKCE verifier; `params` over the helper's own. */
async function signInRequest(client: TestClient, params: Record<string, string | null> = {}) {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = await authorizationUrl(
    client,
    { scope: 'openid profile company offline_access', state, nonce, prompt: 'consent', ...params },
    verifier,
  );
  return { url, verifier, state, nonce };
}

export interface StartedSignIn extends Omit<Authorization, 'callback'> {
  /** The interaction the provider sent the browser to the portal's screen with. */
  uid: string;
}

/**
 * The authorization request of a product as the browser `jar` sends it, up to the portal's screen:
 * the provider's interaction cookie is in the jar. `params` go over the helper's own (null leaves one out).
 */
export async function startSignIn(
  t: OpenIdTestApp,
  client: TestClient,
  params: Record<string, string | null> = {},
  jar = new CookieJar(),
): Promise<StartedSignIn> {
  const { url, verifier, state, nonce } = await signInRequest(client, params);
  const response = await browse(jar, url.href);
  const screen = new URL(response.headers.get('location') ?? '', t.issuer);
  const uid = screen.searchParams.get('interaction');
  if (screen.pathname !== '/authorize' || !uid) {
    throw new Error(`the provider did not send the browser to the screen: ${response.status} ${screen.href}`);
  }
  return { uid, verifier, state, nonce, jar };
}

/**
 * The form a page of the provider submits by itself (`form_post`: the library's way of signing the
 * browser's old account out before another one's sign-in resumes), submitted as the browser does.
 */
async function submitSelfPostingForm(t: OpenIdTestApp, jar: CookieJar, page: string): Promise<Response | null> {
  const form = page.match(/<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/);
  if (!form || !page.includes('document.forms[0].submit()')) return null;
  const unescape = (value: string) =>
    value
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const fields = [...form[2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)];
  return browse(jar, new URL(unescape(form[1]!), t.issuer).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields.map(([, name, value]): [string, string] => [name!, unescape(value!)])).toString(),
  });
}

/** The browser `jar` follows the provider's redirects from `url` until it leaves the issuer or reaches the screen. */
export async function follow(t: OpenIdTestApp, client: TestClient, jar: CookieJar, url: string): Promise<URL> {
  let response = await browse(jar, new URL(url, t.issuer).href);
  for (let hops = 0; hops < 10; hops++) {
    const location = response.headers.get('location');
    if (!location) {
      const page = await response.text();
      const posted = response.status === 200 ? await submitSelfPostingForm(t, jar, page) : null;
      if (!posted) throw new Error(`the provider answered ${response.status} without a redirect: ${page}`);
      response = posted;
      continue;
    }
    const next = new URL(location, t.issuer);
    if (next.origin !== t.issuer || next.pathname === new URL(client.redirectUri).pathname) return next;
    if (next.pathname === '/authorize') return next;
    response = await browse(jar, next.href);
  }
  throw new Error('too many redirects');
}

/**
 * A product's sign-in as a browser goes through it: the authorization request, the portal's screen
 * (its calls over HTTP with the browser's cookies and the person's portal session), and the provider's
 * resume, up to the product's redirect URI. The screen goes on by itself at `continue`; `choose`
 * answers a company step, `consent` a consent step, `abort` the first step. `steps` are the screen's
 * steps as they came; `step` is the one it stopped at, short of the product.
 */
export async function authorize(
  t: OpenIdTestApp,
  client: TestClient,
  portalToken: string | null,
  options: {
    /** Parameters of the authorization request over the helper's own; null leaves one out. */
    params?: Record<string, string | null>;
    jar?: CookieJar;
    choose?: number;
    consent?: boolean;
    abort?: boolean;
  } = {},
): Promise<Authorization & { steps: string[]; step?: AuthorizeStep }> {
  const jar = options.jar ?? new CookieJar();
  // a browser signed in to the portal holds the portal's session cookie, which the provider's session follows
  if (portalToken) jar.set(COOKIE_TOKEN, encodeURIComponent(portalToken));
  const { url, verifier, state, nonce } = await signInRequest(client, options.params);
  const steps: string[] = [];
  let next = await follow(t, client, jar, url.href);
  for (let screens = 0; screens < 3 && next.origin === t.issuer && next.pathname === '/authorize'; screens++) {
    const uid = next.searchParams.get('interaction')!;
    const on = (declaration: CallDeclaration, body?: unknown) =>
      screenCall(t, jar, declaration, { uid, token: portalToken, body });
    let step = (await on(contract.interactionStep)).data;
    steps.push(step.step);
    if (options.abort) step = (await on(contract.abortInteraction, {})).data;
    if (step.step === 'continue') {
      step = (await on(contract.continueInteraction, {})).data;
      steps.push(step.step);
    }
    if (step.step === 'company' && options.choose !== undefined) {
      step = (await on(contract.chooseInteractionCompany, { enterpriseId: options.choose })).data;
      steps.push(step.step);
    }
    if (step.step === 'consent' && options.consent) {
      step = (await on(contract.consentInteraction, {})).data;
      steps.push(step.step);
    }
    if (step.step !== 'redirect') return { callback: next, verifier, state, nonce, jar, steps, step };
    next = await follow(t, client, jar, step.to);
  }
  return { callback: next, verifier, state, nonce, jar, steps };
}

/** The code of an authorization exchanged for tokens, with every check openid-client makes. */
export async function redeem(client: TestClient, authorization: Authorization) {
  return oidc.authorizationCodeGrant(client.config, authorization.callback, {
    pkceCodeVerifier: authorization.verifier,
    expectedState: authorization.state,
    expectedNonce: authorization.nonce,
    idTokenExpected: true,
  });
}

/** A product's sign-in through the portal's screen, its code redeemed: the tokens the product gets. */
export async function productTokens(
  t: OpenIdTestApp,
  client: TestClient,
  portalToken: string | null,
  options?: Parameters<typeof authorize>[3],
) {
  return redeem(client, await authorize(t, client, portalToken, options));
}

/**
 * A JWT of the provider checked as a relying party or a resource server checks it: its signature
 * against the published key set (fetched afresh, as a verifier meeting an unknown `kid` does), its
 * issuer, audience and expiry; its algorithm the one the client was registered for (RS256 unless said).
 */
export async function verifyJwt(
  t: OpenIdTestApp,
  token: string,
  audience: string,
  algorithm: 'RS256' | 'ES256' = 'RS256',
): Promise<JWTVerifyResult<JWTPayload & Record<string, unknown>>> {
  const keys = createRemoteJWKSet(new URL(`${t.issuer}/oidc/jwks`));
  return jwtVerify(token, keys, { issuer: t.issuer, audience, algorithms: [algorithm] });
}

/** The key a JWT says it was signed with. */
export function kidOf(token: string): string | undefined {
  return decodeProtectedHeader(token).kid;
}

/** `at_hash` (OpenID Connect Core 3.1.3.6): the left half of the access token's SHA-256, base64url. */
export function accessTokenHash(accessToken: string): string {
  const digest = createHash('sha256').update(accessToken).digest();
  return digest.subarray(0, digest.length / 2).toString('base64url');
}

/**
 * The OAuth error (`error` of RFC 6749 5.2) a rejected call of openid-client carries: in the answer's
 * body, or in its `WWW-Authenticate` challenge (a 401 of client authentication). Anything else is
 * thrown on.
 */
export async function oauthErrorOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const { error: code, cause } = error as { error?: unknown; cause?: unknown };
    if (typeof code === 'string') return code;
    const challenge = Array.isArray(cause) ? (cause[0] as { parameters?: { error?: unknown } }) : undefined;
    if (typeof challenge?.parameters?.error === 'string') return challenge.parameters.error;
    throw error;
  }
  throw new Error('the request succeeded');
}

/** The provider as seen by a client that presents `secret`, right or wrong. */
export function configWithSecret(client: TestClient, secret: string): oidc.Configuration {
  const config = new oidc.Configuration(
    client.config.serverMetadata(),
    client.clientId,
    undefined,
    oidc.ClientSecretBasic(secret),
  );
  oidc.allowInsecureRequests(config);
  return config;
}
