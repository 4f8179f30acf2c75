/**
 * The OpenID provider's endpoints that products' servers call all the time, for `--only provider`:
 * a client registered on the bench's database as the operator's command would, its client-credentials
 * token, people's product sign-ins through the portal's screen, and the loads of the JWKS, discovery,
 * introspection, userinfo and refresh; and the ID token signature of each algorithm a client may
 * choose, the part of a refresh that the choice changes.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import * as oidc from 'openid-client';
import { loadConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { openDatabase } from '../src/db/database.ts';
import { addClient } from '../src/libraries/openid/clients.ts';
import { DISCOVERY_PATH, OIDC_ROUTES } from '../src/libraries/openid/provider.ts';
import { authorize, redeem } from '../test-kit/openid-flow.ts';
import type { Figure } from './figures.ts';
import { type LoadOptions, randomClientAddress } from './load.ts';
import { oneCompanyUsersHolding } from './seed.ts';
import { signIn } from './sign-in-requests.ts';

const CONNECTIONS = 16;
const REDIRECT_URI = 'http://127.0.0.1:9/callback';

export interface BenchClient {
  basic: string;
  accessToken: string;
}

/** A confidential product client on the database at `databaseUrl`, as `portal clients add` makes it. */
async function registeredClient(databaseUrl: string) {
  const config = loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }, null);
  const database = openDatabase(config.database);
  try {
    // the library needs the database, the configuration and the clock of a context
    const ctx = { db: database.db, config, now: Date.now } as unknown as AppContext;
    const { client, secret } = await addClient(ctx, {
      productCode: 'esguard',
      environment: `bench${Math.random().toString(36).slice(2, 8)}`,
      redirectUris: [REDIRECT_URI],
      firstParty: true,
    });
    if (!secret) throw new Error('a confidential client has a secret');
    return {
      clientId: client.clientId,
      secret,
      basic: `Basic ${Buffer.from(`${client.clientId}:${secret}`).toString('base64')}`,
    };
  } finally {
    await database.close();
  }
}

/** A client on the database at `databaseUrl`, and an opaque access token of its own from the running
 *  portal at `url`, for introspection. */
export async function benchClient(databaseUrl: string, url: string): Promise<BenchClient> {
  const { basic } = await registeredClient(databaseUrl);
  const response = await fetch(`${url}${OIDC_ROUTES.token}`, {
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  const { access_token: accessToken } = (await response.json()) as { access_token?: string };
  if (!accessToken) throw new Error(`no client-credentials token (${response.status})`);
  return { basic, accessToken };
}

const publicDocument = (name: string, url: string, path: string): LoadOptions => ({
  name,
  url,
  method: 'GET',
  path,
  connections: CONNECTIONS,
  next: () => ({ headers: { 'x-forwarded-for': randomClientAddress() } }),
  served: (status) => status === 200,
});

export const jwksLoad = (url: string) => publicDocument('JWKS', url, OIDC_ROUTES.jwks);
export const discoveryLoad = (url: string) => publicDocument('discovery', url, DISCOVERY_PATH);

export const introspectionLoad = (url: string, client: BenchClient): LoadOptions => ({
  name: 'introspection',
  url,
  method: 'POST',
  path: OIDC_ROUTES.introspection,
  connections: CONNECTIONS,
  next: () => ({
    headers: {
      authorization: client.basic,
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': randomClientAddress(),
    },
    body: `token=${encodeURIComponent(client.accessToken)}`,
  }),
  served: (status, body) => status === 200 && body.includes('"active":true'),
});

export interface PersonTokens {
  accessTokens: string[];
  refreshTokens: string[];
  basic: string;
}

/**
 * `count` people's product sign-ins through the portal's screen, as a browser signed in to the portal
 * makes them (test-kit/openid-flow.ts), their codes redeemed by openid-client: an access token for
 * userinfo and a refresh token for the refresh load, each person's own.
 */
export async function personTokens(databaseUrl: string, url: string, count: number): Promise<PersonTokens> {
  // esguard, the bench client's product, is the catalogue's first: their sign-ins ask no company choice
  const portalTokens = await signIn(url, oneCompanyUsersHolding(0, count));
  const { clientId, basic, secret } = await registeredClient(databaseUrl);
  // the portal's issuer is its PUBLIC_URL (localhost by default), not the address the bench reaches it at
  const { issuer } = (await (await fetch(`${url}${DISCOVERY_PATH}`)).json()) as { issuer: string };
  const config = await oidc.discovery(new URL(issuer), clientId, undefined, oidc.ClientSecretBasic(secret), {
    execute: [oidc.allowInsecureRequests],
  });
  const client = { clientId, secret, redirectUri: REDIRECT_URI, config };
  const accessTokens: string[] = [];
  const refreshTokens: string[] = [];
  for (const token of portalTokens) {
    const tokens = await redeem(client, await authorize({ issuer }, client, token));
    accessTokens.push(tokens.access_token);
    refreshTokens.push(tokens.refresh_token!);
  }
  return { accessTokens, refreshTokens, basic };
}

export function userinfoLoad(url: string, tokens: PersonTokens): LoadOptions {
  let next = 0;
  return {
    name: 'userinfo',
    url,
    method: 'GET',
    path: OIDC_ROUTES.userinfo,
    connections: CONNECTIONS,
    next: () => ({
      headers: {
        authorization: `Bearer ${tokens.accessTokens[next++ % tokens.accessTokens.length]}`,
        'x-forwarded-for': randomClientAddress(),
      },
    }),
    served: userinfoServed,
  };
}

/** A userinfo answer that names its person: the provider's answers carry no envelope. */
export const userinfoServed = (status: number, body: string) => status === 200 && body.includes('"sub"');

/**
 * Refreshes as products' servers make them: each request spends one person's refresh token and the
 * answer's rotated one goes back into the pool, so every token is used once. The pool holds more
 * tokens than there are connections: a request never waits for a token.
 */
export function refreshLoad(url: string, tokens: PersonTokens): LoadOptions {
  const pool = [...tokens.refreshTokens];
  const ROTATED = /"refresh_token":"([^"]+)"/;
  return {
    name: 'refresh',
    url,
    method: 'POST',
    path: OIDC_ROUTES.token,
    connections: CONNECTIONS,
    next: () => ({
      headers: {
        authorization: tokens.basic,
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': randomClientAddress(),
      },
      body: `grant_type=refresh_token&refresh_token=${encodeURIComponent(pool.shift() ?? '')}`,
    }),
    served: (status, body) => {
      const rotated = ROTATED.exec(body)?.[1];
      if (rotated) pool.push(rotated);
      return status === 200 && rotated !== undefined;
    },
  };
}

/** How long each algorithm signs for its figure. */
const SIGNING_MS = 1_000;

/**
 * ID token signatures per second on one core, RS256 (RSA 2048) and ES256 (P-256) as the provider's keys
 * are, over the signing input of a typical refreshed ID token. A refresh's other work (the client's
 * secret, the grant, the database) is the same for both; the refresh itself needs a person's code
 * flow, which the bench does not drive yet.
 */
export function idTokenSignatureFigures(): Figure[] {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = {
    sub: '1042',
    iss: 'https://energy.example.com',
    aud: 'esguard-production',
    iat: 1_800_000_000,
    exp: 1_800_003_600,
    auth_time: 1_799_990_000,
    acr: 'urn:portal:password',
    amr: ['pwd'],
    company_id: '37',
    company_name: 'A storage company',
    company_role: 'admin',
    product: 'esguard',
  };
  const keys = {
    RS256: { key: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey },
    ES256: { key: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey, dsaEncoding: 'ieee-p1363' as const },
  };
  return Object.entries(keys).map(([alg, key]) => {
    const input = Buffer.from(`${part({ alg, kid: 'bench', typ: 'JWT' })}.${part(claims)}`);
    let signed = 0;
    const start = performance.now();
    while (performance.now() - start < SIGNING_MS) {
      for (let i = 0; i < 20; i++) sign('sha256', input, key);
      signed += 20;
    }
    return {
      name: `ID token signature ${alg}, one core`,
      value: Math.round(signed / ((performance.now() - start) / 1_000)),
      unit: 'signatures/s',
      note:
        alg === 'ES256'
          ? 'a client registered with --id-token-alg ES256'
          : "every client's unless registered otherwise",
    };
  });
}
