import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type ClientMetadata, type KoaContextWithOIDC, interactionPolicy } from 'oidc-provider';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addPromptDetails,
  followLoadedSessions,
  newSession,
  replaceClientSecretCheck,
  requestedScopes,
  useSession,
} from '../../src/libraries/openid/provider-internals.ts';

/** A signing key of the test's own: the library's quick-start keys would warn on every provider. */
const SIGNING_KEY = {
  ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
  alg: 'RS256',
};

const CLIENT: ClientMetadata & { client_id: string; redirect_uris: string[] } = {
  client_id: 'internals-client',
  client_secret: 'internals-secret',
  grant_types: ['client_credentials', 'authorization_code'],
  response_types: ['code'],
  redirect_uris: ['https://product.example.com/callback'],
};

/**
 * What the portal relies on inside oidc-provider, each on a bare provider of the installed version
 * with nothing of the portal's: an upgrade that changes one of them fails here, by its name.
 */
describe('the members of oidc-provider the portal touches', () => {
  const servers: ReturnType<typeof createServer>[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  async function start(configure: (provider: Provider) => void, configuration: object = {}) {
    const provider = new Provider('http://127.0.0.1', {
      clients: [CLIENT],
      jwks: { keys: [SIGNING_KEY] },
      features: { clientCredentials: { enabled: true }, devInteractions: { enabled: false } },
      pkce: { required: () => false },
      ...configuration,
    });
    configure(provider);
    const server = createServer(provider.callback());
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  const authorization = (base: string, extra: Record<string, string> = {}) =>
    fetch(
      `${base}/auth?${new URLSearchParams({
        client_id: CLIENT.client_id,
        response_type: 'code',
        redirect_uri: CLIENT.redirect_uris[0]!,
        scope: 'openid profile',
        ...extra,
      })}`,
      { redirect: 'manual' },
    );

  it('checks a client secret through Client#compareClientSecret, in the request of the token endpoint', async () => {
    const seen: { clientId: string; presented: string; path?: string }[] = [];
    const base = await start((provider) =>
      replaceClientSecretCheck(provider, async (client, presented, koa) => {
        seen.push({ clientId: client.clientId, presented, path: koa?.path });
        return presented === 'accepted';
      }),
    );
    const token = (secret: string) =>
      fetch(`${base}/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${CLIENT.client_id}:${secret}`).toString('base64')}`,
        },
        body: 'grant_type=client_credentials',
      });
    expect((await token('internals-secret')).status).toBe(401);
    expect((await token('accepted')).status).toBe(200);
    expect(seen).toEqual([
      { clientId: CLIENT.client_id, presented: 'internals-secret', path: '/token' },
      { clientId: CLIENT.client_id, presented: 'accepted', path: '/token' },
    ]);
  });

  it("loads an authorization request's session with Session.get, and saves one made the request's and touched", async () => {
    const routes: string[] = [];
    const base = await start((provider) =>
      followLoadedSessions(provider, async (koa, session) => {
        routes.push(String(koa.oidc?.route));
        if (koa.oidc?.route !== 'authorization') return session;
        const replaced = newSession(provider);
        replaced.loginAccount({ accountId: 'person-1' });
        useSession(koa, replaced, true);
        return replaced;
      }),
    );
    const answer = await authorization(base);
    expect(routes).toContain('authorization');
    // saved with its cookie at the end of the request, only because it was touched
    expect(answer.headers.getSetCookie().some((cookie) => cookie.startsWith('_session='))).toBe(true);
  });

  it('keeps the scopes an authorization request asked for in ctx.oidc.requestParamScopes', async () => {
    const asked: string[][] = [];
    const base = await start(
      (provider) =>
        followLoadedSessions(provider, async (koa, session) => {
          if (koa.oidc?.route !== 'authorization') return session;
          session.loginAccount({ accountId: 'person-1' });
          useSession(koa, session, false);
          return session;
        }),
      {
        claims: { profile: ['name'] },
        // asked for once the request's parameters are read and a person is signed in
        loadExistingGrant: async (koa: KoaContextWithOIDC) => {
          asked.push([...requestedScopes(koa)].sort());
          return undefined;
        },
      },
    );
    await authorization(base);
    expect(asked).toEqual([['openid', 'profile']]);
  });

  it("builds an interaction's prompt details by calling the prompt's details(ctx)", async () => {
    let uid = '';
    let provider!: Provider;
    const policy = interactionPolicy.base();
    addPromptDetails(policy.get('login')!, () => ({ requestedAt: 1234 }));
    const base = await start(
      (bare) => {
        provider = bare;
      },
      {
        interactions: {
          policy,
          url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${(uid = interaction.uid)}`,
        },
      },
    );
    const answer = await authorization(base, { prompt: 'login' });
    expect(answer.headers.get('location')).toBe(`/interaction/${uid}`);
    const interaction = await provider.Interaction.find(uid);
    expect(interaction?.prompt.name).toBe('login');
    expect(interaction?.prompt.details).toMatchObject({ requestedAt: 1234 });
  });
});
