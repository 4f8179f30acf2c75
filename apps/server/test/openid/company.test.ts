import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, createCompany, createUser } from '../support/fixtures.ts';
import { tokenFor } from '../support/http.ts';
import {
  CookieJar,
  type OpenIdTestApp,
  type TestClient,
  authorize,
  redeem,
  registerClient,
  startWithClient,
} from '../support/openid.ts';
import { ENGINE } from '../support/test-app.ts';

/** The company a product signs a person into: chosen, named by the product, refused, and consented to. */
describe(`OpenID provider: the company of a sign-in (${ENGINE})`, () => {
  let t: OpenIdTestApp;
  let client: TestClient;
  beforeAll(async () => {
    ({ t, client } = await startWithClient());
  });
  afterAll(async () => t?.close());

  /** A person signed in to the portal, member of one company per entry: with the product or without. */
  async function memberOf(...companies: ('esguard' | 'none')[]) {
    const user = await createUser(t.app);
    const ids: number[] = [];
    for (const product of companies) {
      const { enterpriseId } = await createCompany(t.app, {
        products: product === 'none' ? [] : [product],
        members: [{ userId: user.id, role: ids.length ? 'member' : 'admin' }],
      });
      ids.push(enterpriseId);
    }
    return { user, ids, token: await tokenFor(t.app, user.account, PASSWORD) };
  }

  it('asks a person of two companies which one, and puts the chosen one in the tokens', async () => {
    const { user, ids, token } = await memberOf('esguard', 'esguard');
    const asked = await authorize(t, client, token);
    expect(asked.steps).toEqual(['company']);
    expect(asked.step).toMatchObject({
      step: 'company',
      client: { productCode: 'esguard', firstParty: true },
      companies: ids.map((enterpriseId) => ({ enterpriseId, entitled: true })),
    });

    const chosen = await authorize(t, client, token, { choose: ids[1] });
    expect(chosen.steps).toEqual(['company', 'redirect']);
    const tokens = await redeem(client, chosen);
    expect(tokens.claims()).toMatchObject({
      sub: String(user.id),
      company_id: String(ids[1]),
      company_role: 'member',
      product: 'esguard',
    });
  });

  it('takes the company the product names with company_id without asking', async () => {
    const { ids, token } = await memberOf('esguard', 'esguard');
    const named = await authorize(t, client, token, { params: { company_id: String(ids[0]) } });
    expect(named.steps).toEqual(['continue', 'redirect']);
    const tokens = await redeem(client, named);
    expect(tokens.claims()).toMatchObject({ company_id: String(ids[0]), company_role: 'admin' });
  });

  it("takes a company_id that is none of the person's companies for no name: the person chooses", async () => {
    const { ids, token } = await memberOf('esguard', 'esguard');
    const stranger = await createCompany(t.app, { products: ['esguard'] });
    for (const companyId of [String(stranger.enterpriseId), 'not-a-number']) {
      const asked = await authorize(t, client, token, { params: { company_id: companyId } });
      expect(asked.step, companyId).toMatchObject({
        step: 'company',
        companies: ids.map((enterpriseId) => ({ enterpriseId })),
      });
    }
  });

  it("refuses a company without the product's right; going back gives the product access_denied", async () => {
    const { token } = await memberOf('none');
    const refused = await authorize(t, client, token);
    expect(refused.steps).toEqual(['denied']);
    expect(refused.step).toMatchObject({ step: 'denied', otherCompanies: false });

    const back = await authorize(t, client, token, { abort: true });
    expect(back.steps).toEqual(['denied']);
    expect(`${back.callback.origin}${back.callback.pathname}`).toBe(client.redirectUri);
    expect(back.callback.searchParams.get('error')).toBe('access_denied');
    expect(back.callback.searchParams.get('state')).toBe(back.state);
    expect(back.callback.searchParams.has('code')).toBe(false);
  });

  it('offers another company with the right after a refusal', async () => {
    const { ids, token } = await memberOf('none', 'esguard');
    const refused = await authorize(t, client, token, { params: { company_id: String(ids[0]) } });
    expect(refused.step).toMatchObject({ step: 'denied', otherCompanies: true });
    const chosen = await authorize(t, client, token, { choose: ids[1] });
    expect(chosen.steps).toEqual(['company', 'redirect']);
    expect((await redeem(client, chosen)).claims()).toMatchObject({ company_id: String(ids[1]) });
  });

  it('asks for consent to a third-party product, and signs in once given', async () => {
    const thirdParty = await registerClient(t, { productCode: 'esguard', firstParty: false });
    const { ids, token } = await memberOf('esguard');
    const asked = await authorize(t, thirdParty, token);
    expect(asked.steps).toEqual(['consent']);
    expect(asked.step).toMatchObject({
      step: 'consent',
      client: { firstParty: false },
      company: { enterpriseId: ids[0] },
      scopes: expect.arrayContaining(['openid', 'profile', 'company', 'offline_access']),
    });

    const given = await authorize(t, thirdParty, token, { consent: true });
    expect(given.steps).toEqual(['consent', 'redirect']);
    expect((await redeem(thirdParty, given)).claims()).toMatchObject({ company_id: String(ids[0]) });

    const declined = await authorize(t, thirdParty, token, { abort: true });
    expect(declined.callback.searchParams.get('error')).toBe('access_denied');
  });

  /** What the portal says of an access token's company at userinfo and at introspection. */
  async function companyOf(accessToken: string, sub: string) {
    const info = await oidc.fetchUserInfo(client.config, accessToken, sub);
    const introspected = await oidc.tokenIntrospection(client.config, accessToken);
    return { userinfo: info.company_id, introspection: introspected.company_id };
  }

  it('keeps the company of the tokens of a sign-in after a later one for another company', async () => {
    const { user, ids, token } = await memberOf('esguard', 'esguard');
    const jar = new CookieJar();
    const inA = await redeem(client, await authorize(t, client, token, { jar, choose: ids[0] }));
    const inB = await redeem(client, await authorize(t, client, token, { jar, choose: ids[1] }));
    expect(inB.claims()).toMatchObject({ company_id: String(ids[1]) });

    const a = String(ids[0]);
    const b = String(ids[1]);
    expect(await companyOf(inA.access_token, String(user.id))).toEqual({ userinfo: a, introspection: a });
    expect(await companyOf(inB.access_token, String(user.id))).toEqual({ userinfo: b, introspection: b });

    // the refresh of each keeps its company too
    const refreshedA = await oidc.refreshTokenGrant(client.config, inA.refresh_token!);
    expect(refreshedA.claims()).toMatchObject({ company_id: a });
    expect(await companyOf(refreshedA.access_token, String(user.id))).toEqual({ userinfo: a, introspection: a });
  });

  it('takes the company a later request names with company_id, although a grant exists', async () => {
    const { ids, token } = await memberOf('esguard', 'esguard', 'none');
    const jar = new CookieJar();
    // a product that renews silently asks without prompt=consent: the provider's grant answers at once
    const silently = { prompt: null, scope: 'openid company' };
    const first = await authorize(t, client, token, { jar, params: { ...silently, company_id: String(ids[0]) } });
    expect((await redeem(client, first)).claims()).toMatchObject({ company_id: String(ids[0]) });
    const same = await authorize(t, client, token, { jar, params: { ...silently, company_id: String(ids[0]) } });
    expect(same.steps).toEqual([]);
    expect((await redeem(client, same)).claims()).toMatchObject({ company_id: String(ids[0]) });

    const other = await authorize(t, client, token, { jar, params: { ...silently, company_id: String(ids[1]) } });
    expect(other.steps).toEqual(['continue', 'redirect']);
    expect((await redeem(client, other)).claims()).toMatchObject({ company_id: String(ids[1]) });

    const without = await authorize(t, client, token, { jar, params: { ...silently, company_id: String(ids[2]) } });
    expect(without.steps).toEqual(['denied']);
    expect(without.callback.searchParams.has('code')).toBe(false);
  });
});
