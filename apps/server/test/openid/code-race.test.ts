import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type OpenIdTestApp,
  type TestClient,
  authorize,
  oauthErrorOf,
  redeem,
  signedInMember,
  startWithClient,
} from '../support/openid.ts';
import { ENGINE } from '../support/test-app.ts';

const RACERS = 30;

/** A code is single-use however many requests present it at once (RFC 6749 4.1.2). */
describe(`OpenID provider: one code raced for (${ENGINE})`, () => {
  let t: OpenIdTestApp;
  let client: TestClient;
  let portalToken: string;
  beforeAll(async () => {
    ({ t, client } = await startWithClient());
    ({ token: portalToken } = await signedInMember(t, ['esguard']));
  });
  afterAll(async () => t?.close());

  it(`gives tokens to exactly one of ${RACERS} concurrent redemptions; the others get invalid_grant`, async () => {
    const authorization = await authorize(t, client, portalToken);
    const results = await Promise.allSettled(Array.from({ length: RACERS }, () => redeem(client, authorization)));

    const won = results.filter((result) => result.status === 'fulfilled');
    expect(won).toHaveLength(1);
    const errors = await Promise.all(
      results
        .filter((result) => result.status === 'rejected')
        .map((result) => oauthErrorOf(Promise.reject(result.reason))),
    );
    expect(errors).toEqual(Array.from({ length: RACERS - 1 }, () => 'invalid_grant'));
  });

  it('revokes what the winner got: the code was presented more than once', async () => {
    const authorization = await authorize(t, client, portalToken);
    const results = await Promise.allSettled(Array.from({ length: RACERS }, () => redeem(client, authorization)));
    const [won] = results.filter((result) => result.status === 'fulfilled');
    const tokens = won!.value;
    expect((await oidc.tokenIntrospection(client.config, tokens.access_token)).active).toBe(false);
    expect(await oauthErrorOf(oidc.refreshTokenGrant(client.config, tokens.refresh_token!))).toBe('invalid_grant');
  });
});
