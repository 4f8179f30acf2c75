import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type OpenIdTestApp,
  type TestClient,
  productTokens,
  registerClient,
  signedInMember,
  startOpenIdApp,
} from '../support/openid.ts';
import { statementLog } from '../support/statements.ts';
import { ENGINE } from '../support/test-app.ts';

/**
 * The provider's calls that products' servers make on every request of their own: userinfo,
 * introspection and a refresh, each in few statements (the bench gives their rates).
 */
describe(`the provider's reads, in few statements (${ENGINE})`, () => {
  const log = statementLog();
  let t: OpenIdTestApp;
  let client: TestClient;
  let tokens: Awaited<ReturnType<typeof productTokens>>;
  beforeAll(async () => {
    t = await startOpenIdApp({}, log.plugin);
    await t.app.outboxWorker.close();
    client = await registerClient(t, { productCode: 'esguard' });
    const { token } = await signedInMember(t, ['esguard']);
    tokens = await productTokens(t, client, token);
  });
  afterAll(async () => t?.close());

  const reads = (statements: string[], table: string) =>
    statements.filter((s) => s.startsWith('select') && s.includes(`from "${table}"`)).length;
  /** The statements of the company claims: the grant with its company and the person's role, and
   *  which ways to sites the person has at all; a person who holds no site (as this one) is read
   *  none of the three reads of sites (their own company's, granted ones, the support's). */
  const CLAIMS = 2;

  it('answers userinfo in the token, the client, the person, the grant and the claims', async () => {
    const statements = await log.of(() =>
      oidc.fetchUserInfo(client.config, tokens.access_token, oidc.skipSubjectCheck),
    );
    expect(reads(statements, 'oidc_clients')).toBe(1);
    expect(reads(statements, 'oidc_grant_links')).toBe(1);
    expect(statements).toHaveLength(4 + CLAIMS);
  });

  it('introspects a token in three statements: the client once, the token under all its models at once', async () => {
    const statements = await log.of(() => oidc.tokenIntrospection(client.config, tokens.access_token));
    expect(reads(statements, 'oidc_clients')).toBe(1);
    expect(statements.filter((s) => /"oidc_models" where "model" in \(\?, \?, \?\)/.test(s))).toHaveLength(1);
    // the token, the client, and the grant it belongs to
    expect(statements).toHaveLength(3);
  });

  it('refreshes with the claims read once for the ID token and the access token', async () => {
    const statements = await log.of(() => oidc.refreshTokenGrant(client.config, tokens.refresh_token!));
    expect(reads(statements, 'oidc_clients')).toBe(1);
    expect(reads(statements, 'oidc_grant_links')).toBe(1);
    // the client, the refresh token, the grant, the person, the claims; the old token consumed, the
    // new refresh and access tokens stored
    expect(statements).toHaveLength(4 + CLAIMS + 3);
  });
});
