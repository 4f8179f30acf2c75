/**
 * The OpenID provider's endpoints that products' servers call all the time, for `--only provider`:
 * a client registered on the bench's database as the operator's command would, its client-credentials
 * token, and the loads of the JWKS, discovery and introspection; and the ID token signature of each
 * algorithm a client may choose, the part of a refresh that the choice changes.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { loadConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { openDatabase } from '../src/db/database.ts';
import { addClient } from '../src/libraries/openid/clients.ts';
import { DISCOVERY_PATH, OIDC_ROUTES } from '../src/libraries/openid/provider.ts';
import type { Figure } from './figures.ts';
import { type LoadOptions, randomClientAddress } from './load.ts';

const CONNECTIONS = 16;

export interface BenchClient {
  basic: string;
  accessToken: string;
}

/** A confidential client on the database at `databaseUrl`, and an opaque access token of its own from
 *  the running portal at `url`, for introspection. */
export async function benchClient(databaseUrl: string, url: string): Promise<BenchClient> {
  const config = loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }, null);
  const database = openDatabase(config.database);
  let basic: string;
  try {
    // the library needs the database, the configuration and the clock of a context
    const ctx = { db: database.db, config, now: Date.now } as unknown as AppContext;
    const { client, secret } = await addClient(ctx, {
      productCode: 'esguard',
      environment: 'bench',
      redirectUris: ['http://127.0.0.1:9/callback'],
      firstParty: true,
    });
    basic = `Basic ${Buffer.from(`${client.clientId}:${secret}`).toString('base64')}`;
  } finally {
    await database.close();
  }
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
