import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../support/fixtures.ts';
import { tokenFor } from '../support/http.ts';
import {
  type OpenIdTestApp,
  type TestClient,
  authorize,
  redeem,
  signedInMember,
  startWithClient,
} from '../support/openid.ts';
import { ENGINE } from '../support/test-app.ts';

/** `prompt` and `max_age` (OpenID Connect Core 3.1.2.1): silent renewal, and a new sign-in on request. */
describe(`OpenID provider: prompt and max_age (${ENGINE})`, () => {
  let t: OpenIdTestApp;
  let client: TestClient;
  beforeAll(async () => {
    ({ t, client } = await startWithClient());
  });
  afterAll(async () => t?.close());

  /** A portal sign-in made `ms` before now, as the portal's clock tells it. */
  async function signedInAgo(account: string, ms: number): Promise<string> {
    t.clock.advance(-ms);
    try {
      return await tokenFor(t.app, account, PASSWORD);
    } finally {
      t.clock.advance(ms);
    }
  }

  it('renews silently with prompt=none in a browser with a provider session', async () => {
    const { user, enterpriseId, token } = await signedInMember(t, ['esguard']);
    const first = await authorize(t, client, token);
    await redeem(client, first);

    const silent = await authorize(t, client, null, {
      jar: first.jar,
      params: { prompt: 'none', scope: 'openid company' },
    });
    expect(silent.steps).toEqual([]);
    expect(silent.callback.searchParams.get('error')).toBeNull();
    const tokens = await redeem(client, silent);
    expect(tokens.claims()).toMatchObject({ sub: String(user.id), company_id: String(enterpriseId) });
  });

  it('answers consent_required to prompt=none with a portal session but no grant yet: the first sign-in has a screen', async () => {
    const { token } = await signedInMember(t, ['esguard']);
    const silent = await authorize(t, client, token, {
      params: { prompt: 'none', scope: 'openid company' },
    });
    expect(silent.steps).toEqual([]);
    expect(`${silent.callback.origin}${silent.callback.pathname}`).toBe(client.redirectUri);
    expect(silent.callback.searchParams.get('error')).toBe('consent_required');
    expect(silent.callback.searchParams.get('state')).toBe(silent.state);
    expect(silent.callback.searchParams.has('code')).toBe(false);
  });

  it('asks for a new proof with prompt=login when the portal session is older than the request', async () => {
    const { user } = await signedInMember(t, ['esguard']);
    const old = await signedInAgo(user.account, 5_000);
    const asked = await authorize(t, client, old, { params: { prompt: 'login consent' } });
    expect(asked.steps).toEqual(['reauthenticate']);
    // the portal's re-authentication, the portal session kept (step-up.test.ts follows it through)
    expect(asked.step).toMatchObject({ step: 'reauthenticate', methods: ['password'], secondFactor: false });
  });

  it('asks for a new proof when the portal session is older than max_age, and not when it is younger', async () => {
    const { user } = await signedInMember(t, ['esguard']);
    const old = await signedInAgo(user.account, 120_000);
    const asked = await authorize(t, client, old, { params: { max_age: '60' } });
    expect(asked.step).toMatchObject({ step: 'reauthenticate', methods: ['password'], secondFactor: false });

    const recent = await authorize(t, client, old, { params: { max_age: '600' } });
    expect(recent.callback.searchParams.get('code')).toEqual(expect.any(String));
    const tokens = await redeem(client, recent);
    expect(tokens.claims()!.auth_time).toBeLessThanOrEqual(Math.floor(t.app.ctx.now() / 1000) - 119);
  });
});
