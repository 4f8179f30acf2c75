import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_AUTH_FAILURES_PER_ADDRESS,
  CLIENT_AUTH_FAILURES_PER_CLIENT_ADDRESS,
} from '../../src/libraries/openid/client-auth-throttle.ts';
import { DISCOVERY_PATH } from '../../src/libraries/openid/provider.ts';
import {
  type OpenIdTestApp,
  type TestClient,
  authorizationUrl,
  authorize,
  productTokens,
  redeem,
  registerClient,
  signedInMember,
  startWithClient,
} from '../support/openid.ts';
import { ENGINE } from '../support/test-app.ts';

interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request as anybody may send it, Host and forwarding headers included (fetch sets its own Host). */
function raw(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: options.method ?? 'GET', headers: options.headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

const form = (fields: Record<string, string>) => ({
  'content-type': 'application/x-www-form-urlencoded',
  body: new URLSearchParams(fields).toString(),
});

function basic(clientId: string, secret: string): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`;
}

/** Hosts an attacker names: the Host header itself, and the headers a proxy would set. */
const FORGED: Record<string, string>[] = [
  { host: 'evil.example' },
  { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
  { host: 'evil.example', 'x-forwarded-host': 'evil.example:8443', 'x-forwarded-proto': 'https' },
];

describe(`the provider's URLs are the issuer's, whatever Host a request names (${ENGINE})`, () => {
  for (const trustProxy of ['', 'true']) {
    describe(`TRUST_PROXY=${trustProxy || 'unset'}`, () => {
      let t: OpenIdTestApp;
      let client: TestClient;
      beforeAll(async () => {
        ({ t, client } = await startWithClient({}, trustProxy ? { TRUST_PROXY: trustProxy } : {}));
      });
      afterAll(async () => t?.close());

      it('discovery names the issuer and its endpoints only', async () => {
        for (const headers of FORGED) {
          const reply = await raw(`${t.issuer}${DISCOVERY_PATH}`, { headers });
          expect(reply.status).toBe(200);
          expect(reply.body).not.toContain('evil.example');
          const document = JSON.parse(reply.body) as Record<string, unknown>;
          for (const [name, value] of Object.entries(document)) {
            if (typeof value === 'string' && /^https?:/.test(value))
              expect(value.startsWith(`${t.issuer}/`) || value === t.issuer, name).toBe(true);
          }
        }
      });

      it("the authorization redirect: the portal's screen and the resume address are the issuer's", async () => {
        for (const headers of FORGED) {
          const url = await authorizationUrl(client, { state: 's', nonce: 'n' });
          const reply = await raw(url.href, { headers });
          expect(reply.status).toBe(303);
          const location = new URL(String(reply.headers.location), t.issuer);
          expect(location.origin).toBe(t.issuer);
          expect(location.pathname).toBe('/authorize');
          const uid = location.searchParams.get('interaction')!;
          const interaction = await (await t.app.openid.provider()).Interaction.find(uid);
          expect(interaction?.returnTo).toBe(`${t.issuer}/oidc/auth/${uid}`);
          for (const cookie of [reply.headers['set-cookie'] ?? []].flat()) expect(cookie).not.toMatch(/evil/i);
        }
      });

      it("end_session: the confirmation's form posts to the issuer", async () => {
        for (const headers of FORGED) {
          const reply = await raw(`${t.issuer}/oidc/session/end?client_id=${client.clientId}`, { headers });
          expect(reply.status).toBe(200);
          expect(reply.body).not.toContain('evil.example');
          expect(reply.body).toContain(`action="${t.issuer}/oidc/session/end/confirm"`);
        }
      });
    });
  }
});

describe(`a NUL byte in client_id or token is an ordinary refusal (${ENGINE})`, () => {
  let t: OpenIdTestApp;
  let client: TestClient;
  beforeAll(async () => {
    ({ t, client } = await startWithClient());
  });
  afterAll(async () => t?.close());

  const NUL_ID = 'esguard\u0000test';
  /** What the provider answers a client_id it cannot use: a malformed request, or an unknown client. */
  const REFUSED = [
    [400, 'invalid_request'],
    [401, 'invalid_client'],
  ];

  it('at the authorization and end-session endpoints: invalid_client, no 500', async () => {
    for (const path of ['/oidc/auth', '/oidc/session/end']) {
      const url = new URL(path, t.issuer);
      url.searchParams.set('client_id', NUL_ID);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', 'openid');
      url.searchParams.set('redirect_uri', client.redirectUri);
      const reply = await raw(url.href);
      expect(reply.status, path).toBe(400);
      expect(reply.body, path).toContain('invalid_client');
    }
  });

  it('at the token, introspection and revocation endpoints: invalid_client for the client, nothing for the token', async () => {
    for (const path of ['/oidc/token', '/oidc/token/introspection', '/oidc/token/revocation']) {
      const { body, ...headers } = form({
        client_id: NUL_ID,
        client_secret: 'x',
        grant_type: 'client_credentials',
        token: 'x',
      });
      const byForm = await raw(`${t.issuer}${path}`, { method: 'POST', headers, body });
      expect(REFUSED, path).toContainEqual([byForm.status, JSON.parse(byForm.body).error]);
      const byHeader = await raw(`${t.issuer}${path}`, {
        method: 'POST',
        headers: { ...form({}), authorization: basic(NUL_ID, 'x') },
        body: new URLSearchParams({ grant_type: 'client_credentials', token: 'x' }).toString(),
      });
      expect(REFUSED, path).toContainEqual([byHeader.status, JSON.parse(byHeader.body).error]);
    }
    const token = 'a\u0000b';
    const introspected = await raw(`${t.issuer}/oidc/token/introspection`, {
      method: 'POST',
      headers: { ...form({}), authorization: basic(client.clientId, client.secret!) },
      body: new URLSearchParams({ token }).toString(),
    });
    expect([introspected.status, JSON.parse(introspected.body)]).toEqual([200, { active: false }]);
    const revoked = await raw(`${t.issuer}/oidc/token/revocation`, {
      method: 'POST',
      headers: { ...form({}), authorization: basic(client.clientId, client.secret!) },
      body: new URLSearchParams({ token }).toString(),
    });
    expect(revoked.status).toBe(200);
    const refreshed = await raw(`${t.issuer}/oidc/token`, {
      method: 'POST',
      headers: { ...form({}), authorization: basic(client.clientId, client.secret!) },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token }).toString(),
    });
    expect([refreshed.status, JSON.parse(refreshed.body).error]).toEqual([400, 'invalid_grant']);
  });

  it('at userinfo: invalid_token', async () => {
    const reply = await raw(`${t.issuer}/oidc/me`, {
      method: 'POST',
      ...(({ body, ...headers }) => ({ headers, body }))(form({ access_token: 'a\u0000b' })),
    });
    expect([reply.status, JSON.parse(reply.body).error]).toEqual([401, 'invalid_token']);
  });
});

describe(`the provider's answers carry the portal's headers (${ENGINE})`, () => {
  let t: OpenIdTestApp;
  let client: TestClient;
  beforeAll(async () => {
    ({ t, client } = await startWithClient());
  });
  afterAll(async () => t?.close());

  const expectPortalHeaders = (response: Response, what: string) => {
    expect(response.headers.get('x-request-id'), what).toMatch(/^[A-Za-z0-9._-]+$/);
    expect(response.headers.get('x-content-type-options'), what).toBe('nosniff');
    expect(response.headers.get('strict-transport-security'), what).toMatch(/max-age=\d+/);
    expect(response.headers.get('x-frame-options'), what).toBe('SAMEORIGIN');
  };

  it('on its JSON answers', async () => {
    for (const path of [DISCOVERY_PATH, '/oidc/jwks']) expectPortalHeaders(await fetch(`${t.issuer}${path}`), path);
    expectPortalHeaders(await fetch(`${t.issuer}/oidc/token`, { method: 'POST' }), 'token');
  });

  it('on its pages: a policy that no other site may frame them under, and whose inline style is allowed by hash', async () => {
    const confirmation = await fetch(`${t.issuer}/oidc/session/end?client_id=${client.clientId}`);
    const error = await fetch(`${t.issuer}/oidc/auth?client_id=nobody`);
    for (const [what, response] of Object.entries({ confirmation, error })) {
      expect(response.headers.get('content-type'), what).toMatch(/^text\/html/);
      expectPortalHeaders(response, what);
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy, what).toMatch(/frame-ancestors 'self'/);
      expect(policy, what).toMatch(/default-src 'self'/);
      expect(policy, what).not.toContain("'unsafe-inline'");
      const style = /<style>([\s\S]*?)<\/style>/.exec(await response.text())?.[1];
      if (style !== undefined) {
        expect(policy, what).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
      }
    }
  });

  it('on the form_post page, whose script the provider allows by its hash', async () => {
    // no session: the page that posts the error back to the product
    const url = await authorizationUrl(client, { response_mode: 'form_post', prompt: 'none', state: 's', nonce: 'n' });
    const page = await fetch(url.href);
    const html = await page.text();
    expect(html).toContain(`action="${client.redirectUri}"`);
    expectPortalHeaders(page, 'form_post');
    const policy = page.headers.get('content-security-policy') ?? '';
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect(policy).toContain(`'sha256-${createHash('sha256').update(script!).digest('base64')}'`);
    expect(policy).not.toContain("'unsafe-inline'");
    // the form goes on to the product's origin
    expect(policy).not.toMatch(/form-action/);
  });
});

describe(`failed client authentication is throttled (${ENGINE})`, () => {
  let t: OpenIdTestApp;
  let attacked: TestClient;
  let other: TestClient;
  beforeAll(async () => {
    // the addresses below are told apart as the balancer names them
    ({ t, client: attacked } = await startWithClient({}, { TRUST_PROXY: 'true' }));
    other = await registerClient(t, { productCode: 'esguard' });
  });
  afterAll(async () => t?.close());

  const tokenRequest = (client: TestClient, secret: string, address: string, path = '/oidc/token') =>
    raw(`${t.issuer}${path}`, {
      method: 'POST',
      headers: { ...form({}), authorization: basic(client.clientId, secret), 'x-forwarded-for': address },
      body: new URLSearchParams({ grant_type: 'client_credentials', token: 'x' }).toString(),
    });

  it("wrong secrets for a product's client id from other addresses never hold up the product's own sign-ins and refreshes", async () => {
    const { token } = await signedInMember(t, ['esguard']);
    const signedIn = await productTokens(t, attacked, token);
    // a person's sign-in in progress: the product holds its code while the strangers try
    const pending = await authorize(t, attacked, token);
    expect(pending.callback.searchParams.get('code')).toEqual(expect.any(String));

    const paths = ['/oidc/token', '/oidc/token/introspection', '/oidc/token/revocation'];
    const spread: number[] = [];
    for (let i = 0; i < CLIENT_AUTH_FAILURES_PER_CLIENT_ADDRESS + 5; i++) {
      // each from an address of its own: none of them meets a limit
      const reply = await tokenRequest(attacked, `wrong-${i}`, `10.1.${i}.7`, paths[i % 3]);
      expect(JSON.parse(reply.body).error).toBe('invalid_client');
      spread.push(reply.status);
    }
    expect(spread.every((status) => status === 401)).toBe(true);
    const insistent: RawReply[] = [];
    for (let i = 0; i < CLIENT_AUTH_FAILURES_PER_CLIENT_ADDRESS + 2; i++) {
      insistent.push(await tokenRequest(attacked, `wrong-${i}`, '10.1.200.7', paths[i % 3]));
    }
    expect(insistent.filter((reply) => reply.status === 401)).toHaveLength(CLIENT_AUTH_FAILURES_PER_CLIENT_ADDRESS);
    for (const reply of insistent.slice(CLIENT_AUTH_FAILURES_PER_CLIENT_ADDRESS)) {
      expect([reply.status, JSON.parse(reply.body).error]).toEqual([429, 'invalid_client']);
      expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
    }

    // the product, from its own address, redeems the code and refreshes as ever
    const redeemed = await redeem(attacked, pending);
    expect(redeemed.claims()).toMatchObject({ aud: attacked.clientId });
    const refreshed = await oidc.refreshTokenGrant(attacked.config, signedIn.refresh_token!);
    expect(refreshed.access_token).toEqual(expect.any(String));
    // a right secret is compared even past a limit: from the insistent address itself it goes through
    expect((await tokenRequest(attacked, attacked.secret!, '10.1.200.7')).status).toBe(200);
    expect((await tokenRequest(attacked, 'wrong-again', '10.1.200.7')).status).toBe(429);

    const tokens = await oidc.clientCredentialsGrant(other.config, { scope: 'openid' }).catch((error) => error);
    expect(tokens).toMatchObject({ token_type: expect.stringMatching(/bearer/i) });
    expect((await tokenRequest(other, other.secret!, '10.1.0.7')).status).toBe(200);
  });

  it('the API description declares the refusal at each of the three endpoints', () => {
    const document = t.app.swagger() as {
      paths: Record<string, { post?: { responses: Record<string, { headers?: object }> } }>;
    };
    for (const path of ['/oidc/token', '/oidc/token/introspection', '/oidc/token/revocation']) {
      expect(document.paths[path]?.post?.responses['429']?.headers, path).toHaveProperty('retry-after');
    }
  });

  it('a burst of wrong secrets from one address is throttled across clients', async () => {
    const clients = await Promise.all(Array.from({ length: 4 }, () => registerClient(t, { productCode: 'esguard' })));
    const statuses: number[] = [];
    for (let i = 0; i < CLIENT_AUTH_FAILURES_PER_ADDRESS + 5; i++) {
      statuses.push((await tokenRequest(clients[i % clients.length]!, `wrong-${i}`, '10.3.0.1')).status);
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(CLIENT_AUTH_FAILURES_PER_ADDRESS);
    expect(statuses.at(-1)).toBe(429);
    // another address with the right secret of one of them is not held up, nor the right secret from this one
    expect((await tokenRequest(clients[0]!, clients[0]!.secret!, '10.3.0.2')).status).toBe(200);
    expect((await tokenRequest(clients[1]!, clients[1]!.secret!, '10.3.0.1')).status).toBe(200);
    expect((await tokenRequest(clients[2]!, 'wrong-again', '10.3.0.1')).status).toBe(429);
  });
});

describe(`oidcc-config: discovery advertises only what is served (${ENGINE})`, () => {
  let t: OpenIdTestApp;
  let client: TestClient;
  let metadata: Record<string, unknown>;
  beforeAll(async () => {
    ({ t, client } = await startWithClient());
    metadata = (await (await fetch(`${t.issuer}${DISCOVERY_PATH}`)).json()) as Record<string, unknown>;
  });
  afterAll(async () => t?.close());

  it('offers no pushed authorization requests', () => {
    expect(metadata.pushed_authorization_request_endpoint).toBeUndefined();
    expect(metadata.require_pushed_authorization_requests).toBeUndefined();
    expect(client.config.serverMetadata().pushed_authorization_request_endpoint).toBeUndefined();
    expect(client.config.serverMetadata().supportsPKCE()).toBe(true);
  });

  it("so a stock relying party does not try it: openid-client's buildAuthorizationUrlWithPAR stops before any request", async () => {
    const params = { redirect_uri: client.redirectUri, scope: 'openid', code_challenge: 'x'.repeat(43) };
    const refusal = await oidc.buildAuthorizationUrlWithPAR(client.config, params).catch((error: Error) => error);
    expect(refusal).toBeInstanceOf(Error);
    // refused for the metadata it lacks, not for an endpoint that answered 404
    expect(String((refusal as Error).message)).toMatch(/pushed_authorization_request_endpoint/);
  });

  it('every endpoint it names answers, by the methods the API description gives it', async () => {
    const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const endpoints = Object.entries(metadata).filter(
      (entry): entry is [string, string] => entry[0].endsWith('_endpoint') || entry[0] === 'jwks_uri',
    );
    expect(endpoints.length).toBeGreaterThanOrEqual(7);
    for (const [name, url] of endpoints) {
      const methods = Object.keys(document.paths[new URL(url).pathname] ?? {}).filter((key) => key !== 'servers');
      expect(methods.length, name).toBeGreaterThan(0);
      for (const method of methods) {
        const reply = await raw(url, {
          method: method.toUpperCase(),
          ...(method === 'post' ? { headers: form({}), body: `client_id=${client.clientId}` } : {}),
        });
        expect(reply.status, `${method} ${name}`).not.toBe(404);
        expect(reply.status, `${method} ${name}`).toBeLessThan(500);
      }
    }
  });

  it('a sign-in or sign-out request by POST, which the description does not offer, is answered with a JSON error', async () => {
    const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const url = await authorizationUrl(client, { state: 's', nonce: 'n' });
    for (const path of ['/oidc/auth', '/oidc/session/end']) {
      expect(document.paths[path]?.post, path).toBeUndefined();
      const reply = await raw(`${t.issuer}${path}`, {
        method: 'POST',
        headers: form({}),
        body: url.searchParams.toString(),
      });
      expect(reply.headers['content-type'], path).toMatch(/^application\/json/);
      expect(JSON.parse(reply.body), path).toMatchObject({ error: 'invalid_request' });
    }
  });

  it('answers an unknown address under /oidc/ with a JSON error, not plain text', async () => {
    for (const [method, path] of [
      ['GET', '/oidc/request'],
      ['POST', '/oidc/request'],
      ['GET', '/oidc/nothing-here'],
    ] as const) {
      const reply = await raw(`${t.issuer}${path}`, { method });
      expect(reply.status, path).toBe(404);
      expect(reply.headers['content-type'], path).toMatch(/^application\/json/);
      expect(JSON.parse(reply.body), path).toMatchObject({ error: expect.any(String) });
    }
  });
});
