import { createHash } from 'node:crypto';
import { createServer } from 'node:net';
import { type JWTPayload, type JWTVerifyResult, createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import type { ProductCode } from '@portal/shared/products';
import { addClient, type NewClient } from '../../src/libraries/openid/clients.ts';
import { authorize, redeem } from '../../test-kit/openid-flow.ts';
import { PASSWORD, type UserInput, createCompany, createUser } from './fixtures.ts';
import { tokenFor } from './http.ts';
import { type TestApp, startTestApp } from './test-app.ts';

export * from '../../test-kit/openid-flow.ts';

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
export async function startOpenIdApp(
  env: Record<string, string> = {},
  observer?: Parameters<typeof startTestApp>[2],
): Promise<OpenIdTestApp> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const t = await startTestApp({ PUBLIC_URL: issuer, ...env }, null, observer);
  await t.app.listen({ port, host: '127.0.0.1' });
  return { ...t, issuer };
}

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
