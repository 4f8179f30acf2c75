import { randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type OpenIdTestApp,
  productTokens,
  registerClient,
  signedInMember,
  startOpenIdApp,
} from '../support/openid.ts';
import { ENGINE } from '../support/test-app.ts';

const TOKEN = randomBytes(24).toString('base64url');

/** The value of the sample of `name` with exactly these labels, or 0 when there is none yet. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = `${name}{${Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .join(',')}} `;
  const line = text.split('\n').find((l) => l.startsWith(wanted));
  return line ? Number(line.slice(wanted.length)) : 0;
}

describe(`metrics of the OpenID provider (${ENGINE})`, () => {
  let t: OpenIdTestApp;
  beforeAll(async () => {
    t = await startOpenIdApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => t?.close());

  const scrape = async () => {
    const response = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('count sign-ins by client, tokens issued by grant type, and refused refresh tokens by client', async () => {
    const client = await registerClient(t, { productCode: 'esguard' });
    const { token: portalToken } = await signedInMember(t, ['esguard']);
    const before = await scrape();

    const tokens = await productTokens(t, client, portalToken);
    const refreshed = await oidc.refreshTokenGrant(client.config, tokens.refresh_token!);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    // the rotated-away refresh token, used again: refused (and its grant revoked)
    await expect(oidc.refreshTokenGrant(client.config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    await oidc.clientCredentialsGrant(client.config);

    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(delta('portal_oidc_sign_ins_total', { client: client.clientId })).toBe(1);
    expect(delta('portal_oidc_tokens_issued_total', { grant_type: 'authorization_code' })).toBe(1);
    expect(delta('portal_oidc_tokens_issued_total', { grant_type: 'refresh_token' })).toBe(1);
    expect(delta('portal_oidc_tokens_issued_total', { grant_type: 'client_credentials' })).toBe(1);
    expect(delta('portal_oidc_refresh_failures_total', { client: client.clientId })).toBe(1);
  });
});
