import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type OpenIdTestApp,
  type TestClient,
  oauthErrorOf,
  productTokens,
  signedInMember,
  startWithClient,
} from '../support/openid.ts';
import { ENGINE } from '../support/test-app.ts';

/**
 * A refresh token is used once however many requests present it at once (OAuth 2.0 Security BCP 4.14.2):
 * of concurrent refreshes one wins, the others are refused, and the refused use is taken for theft: the
 * grant ends, so the winner's new refresh token is refused too.
 */
describe(`oidcc-refresh-token: one refresh token raced for (${ENGINE})`, () => {
  let t: OpenIdTestApp;
  let client: TestClient;
  let portalToken: string;
  beforeAll(async () => {
    ({ t, client } = await startWithClient());
    ({ token: portalToken } = await signedInMember(t, ['esguard']));
  });
  afterAll(async () => t?.close());

  /** `racers` refreshes of one fresh refresh token at once: who won, and what the others were told. */
  async function race(racers: number) {
    const tokens = await productTokens(t, client, portalToken);
    const results = await Promise.allSettled(
      Array.from({ length: racers }, () => oidc.refreshTokenGrant(client.config, tokens.refresh_token!)),
    );
    const won = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const errors = await Promise.all(
      results.flatMap((result) => (result.status === 'rejected' ? [oauthErrorOf(Promise.reject(result.reason))] : [])),
    );
    return { won, errors };
  }

  it('gives new tokens to exactly one of two concurrent refreshes, in each of 10 rounds', async () => {
    const winners: number[] = [];
    for (let round = 0; round < 10; round++) {
      const { won, errors } = await race(2);
      winners.push(won.length);
      expect(errors).toEqual(Array.from({ length: 2 - won.length }, () => 'invalid_grant'));
    }
    expect(winners).toEqual(Array(10).fill(1));
  });

  it('gives new tokens to exactly one of 20 concurrent refreshes; the others get invalid_grant', async () => {
    const { won, errors } = await race(20);
    expect(won).toHaveLength(1);
    expect(errors).toEqual(Array(19).fill('invalid_grant'));
  });

  it("ends the grant: the winner's new refresh token and access token are refused too", async () => {
    const { won } = await race(2);
    expect(won).toHaveLength(1);
    const [winner] = won;
    expect(await oauthErrorOf(oidc.refreshTokenGrant(client.config, winner!.refresh_token!))).toBe('invalid_grant');
    expect((await oidc.tokenIntrospection(client.config, winner!.access_token)).active).toBe(false);
  });
});
