/**
 * The OpenID provider's endpoints that products' servers call all the time, for `--only provider`:
 * a client registered on the bench's database as the operator's command would, its client-credentials
 * token, and the loads of the JWKS, discovery and introspection.
 */
import { loadConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { openDatabase } from '../src/db/database.ts';
import { addClient } from '../src/libraries/openid/clients.ts';
import { DISCOVERY_PATH, OIDC_ROUTES } from '../src/libraries/openid/provider.ts';
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
