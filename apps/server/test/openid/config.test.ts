import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenIdTestApp, startOpenIdApp } from '../support/openid.ts';
import { ENGINE } from '../support/test-app.ts';

/** The conformance suite's config plan: what a stock library learns from discovery and the key set. */
describe(`oidcc-config: the provider's configuration and keys (${ENGINE})`, () => {
  let t: OpenIdTestApp;
  beforeAll(async () => {
    t = await startOpenIdApp();
  });
  afterAll(async () => t?.close());

  it('publishes a discovery document: the issuer is PUBLIC_URL, its endpoints under /oidc, code flow with S256 only', async () => {
    const response = await fetch(`${t.issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const document = (await response.json()) as Record<string, unknown>;
    expect(document.issuer).toBe(t.issuer);
    for (const [name, path] of Object.entries({
      authorization_endpoint: '/oidc/auth',
      token_endpoint: '/oidc/token',
      userinfo_endpoint: '/oidc/me',
      jwks_uri: '/oidc/jwks',
      end_session_endpoint: '/oidc/session/end',
      revocation_endpoint: '/oidc/token/revocation',
      introspection_endpoint: '/oidc/token/introspection',
    })) {
      expect(document[name], name).toBe(`${t.issuer}${path}`);
    }
    expect(document.response_types_supported).toEqual(['code']);
    expect(document.code_challenge_methods_supported).toEqual(['S256']);
    // each client's choice (clients add --id-token-alg)
    expect(document.id_token_signing_alg_values_supported).toEqual(['RS256', 'ES256']);
    expect(document.subject_types_supported).toContain('public');
    expect(document.grant_types_supported).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token', 'client_credentials']),
    );
    expect(document.token_endpoint_auth_methods_supported).toEqual(
      expect.arrayContaining(['client_secret_basic', 'client_secret_post', 'none']),
    );
  });

  it('lists the company scope and its claims, and back-channel logout with a session id', async () => {
    const document = (await (await fetch(`${t.issuer}/.well-known/openid-configuration`)).json()) as Record<
      string,
      unknown
    >;
    expect(document.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'offline_access', 'profile', 'email', 'phone', 'company', 'product']),
    );
    expect(document.claims_supported).toEqual(
      expect.arrayContaining(['sub', 'company_id', 'company_name', 'company_role', 'product']),
    );
    expect(document.backchannel_logout_supported).toBe(true);
    expect(document.backchannel_logout_session_supported).toBe(true);
  });

  it('publishes RS256 and ES256 public keys only, cacheable for a while', async () => {
    const response = await fetch(`${t.issuer}/oidc/jwks`);
    expect(response.status).toBe(200);
    const maxAge = Number(response.headers.get('cache-control')?.match(/max-age=(\d+)/)?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    const { keys } = (await response.json()) as { keys: Record<string, unknown>[] };
    // of each algorithm the key that signs and the one published ahead of its turn
    expect(keys.map((key) => key.alg).sort()).toEqual(['ES256', 'ES256', 'RS256', 'RS256']);
    expect(new Set(keys.map((key) => key.kid)).size).toBe(keys.length);
    for (const key of keys) {
      expect(key).toMatchObject(
        key.alg === 'ES256' ? { kty: 'EC', crv: 'P-256', use: 'sig' } : { kty: 'RSA', alg: 'RS256', use: 'sig' },
      );
      expect(key.kid).toEqual(expect.any(String));
      for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(key, secret).not.toHaveProperty(secret);
    }
  });
});
