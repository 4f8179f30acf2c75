import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductCode } from '@portal/shared/products';
import { productConfig } from '../../../../examples/product-app/config.ts';
import { connectPortal } from '../../../../examples/product-app/portal.ts';
import { runCli } from '../../src/cli.ts';
import { productResource } from '../../src/libraries/openid/provider.ts';
import { deleteEnterpriseProducts, findProductsByCode } from '../../src/queries/products.ts';
import {
  CookieJar,
  type OpenIdTestApp,
  type TestClient,
  authorize,
  oauthErrorOf,
  productTokens,
  redeem,
  registerClient,
  signedInMember,
  startOpenIdApp,
  verifyJwt,
} from '../support/openid.ts';
import { ENGINE } from '../support/test-app.ts';

/**
 * Resource indicators (RFC 8707): an access token for a product's API goes only to a client that may
 * reach it (its own product's API, or those the operator listed), with the person's consent to the
 * `product` scope, for a company that has that product's right when the token is issued, refresh
 * included.
 */
describe(`a client gets tokens only for what it may reach (${ENGINE})`, () => {
  let t: OpenIdTestApp;
  let storage: string;
  let microgrid: string;
  beforeAll(async () => {
    t = await startOpenIdApp();
    storage = productResource(t.app.ctx, 'esguard');
    microgrid = productResource(t.app.ctx, 'mgguard');
  });
  afterAll(async () => t?.close());

  const forApi = (resource: string, extra: Record<string, string | null> = {}) => ({
    params: { scope: 'openid company product offline_access', resource, prompt: 'consent', ...extra },
  });
  const errorOf = (authorization: { callback: URL }) => authorization.callback.searchParams.get('error');

  /** `portal clients ...` against the app's database and issuer, in this process. */
  async function portal(...args: string[]): Promise<{ exitCode: number; stdout: string }> {
    const database = t.testDb.config;
    let stdout = '';
    const exitCode = await runCli(args, {
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: database.kind === 'sqlite' ? `sqlite:${database.file}` : database.url,
        PUBLIC_URL: t.issuer,
        LOG_LEVEL: 'silent',
      },
      stdout: { write: (text) => (stdout += text) },
      stderr: { write: (text) => (stdout += text) },
    });
    return { exitCode, stdout };
  }

  async function takeRight(enterpriseId: number, product: ProductCode) {
    const ids = (await findProductsByCode(t.app.ctx.db, [product])).map((row) => row.id);
    await deleteEnterpriseProducts(t.app.ctx.db, enterpriseId, ids);
  }

  it("refuses another product's API to a client: invalid_target, at sign-in and by client credentials", async () => {
    const client = await registerClient(t, { productCode: 'esguard' });
    const { token } = await signedInMember(t, ['esguard']);

    expect(errorOf(await authorize(t, client, token, forApi(microgrid)))).toBe('invalid_target');
    expect(
      await oauthErrorOf(oidc.clientCredentialsGrant(client.config, { resource: microgrid, scope: 'product' })),
    ).toBe('invalid_target');

    // its own product's API it gets, and a refresh cannot turn that grant into another API's token
    const tokens = await productTokens(t, client, token, forApi(storage));
    expect((await verifyJwt(t, tokens.access_token, storage)).payload).toMatchObject({ aud: storage });
    expect(
      await oauthErrorOf(oidc.refreshTokenGrant(client.config, tokens.refresh_token!, { resource: microgrid })),
    ).toBe('invalid_target');
  });

  it("refuses a third-party client consented to openid alone a silent token for its product's API", async () => {
    const partner = await registerClient(t, { productCode: 'esguard', firstParty: false });
    const { token } = await signedInMember(t, ['esguard']);
    const jar = new CookieJar();
    const consented = await authorize(t, partner, token, { jar, consent: true, params: { scope: 'openid' } });
    expect(consented.steps).toEqual(['consent', 'redirect']);
    await redeem(partner, consented);

    // the person never consented to `product`: no token for the API without asking them
    const silent = await authorize(t, partner, token, {
      jar,
      params: { scope: 'openid', prompt: 'none', resource: storage },
    });
    expect(errorOf(silent)).toBe('invalid_target');
    const withScope = await authorize(t, partner, token, {
      jar,
      params: { scope: 'openid product', prompt: 'none', resource: storage },
    });
    expect(errorOf(withScope)).toBe('consent_required');
  });

  it('names the API on the consent screen of a third-party client, and gives its token once consented', async () => {
    const partner = await registerClient(t, { productCode: 'esguard', firstParty: false });
    const { token } = await signedInMember(t, ['esguard']);
    const asked = await authorize(t, partner, token, forApi(storage));
    expect(asked.step).toMatchObject({
      step: 'consent',
      scopes: expect.arrayContaining(['product']),
      resources: [{ uri: storage, productCode: 'esguard' }],
    });
    const tokens = await productTokens(t, partner, token, { ...forApi(storage), consent: true });
    const { payload } = await verifyJwt(t, tokens.access_token, storage);
    expect(payload).toMatchObject({ client_id: partner.clientId, product: 'esguard' });
    expect(String(payload.scope).split(' ')).toContain('product');
  });

  it('refuses a token for an API whose product the company lacks, at issue and at refresh', async () => {
    const client = await registerClient(t, { productCode: 'esguard', resources: [storage, microgrid] });
    const person = await signedInMember(t, ['esguard']);

    // the client may ask for the microgrid API, but this company has no right to it
    const foreign = await authorize(t, client, person.token, forApi(microgrid));
    expect(await oauthErrorOf(redeem(client, foreign))).toBe('invalid_target');
  });

  it("refuses a refresh's token for the product's API once the company lost the product's right", async () => {
    const client = await registerClient(t, { productCode: 'esguard' });
    const person = await signedInMember(t, ['esguard']);
    const tokens = await productTokens(t, client, person.token, forApi(storage));
    const refreshed = await oidc.refreshTokenGrant(client.config, tokens.refresh_token!);
    expect((await verifyJwt(t, refreshed.access_token, storage)).payload).toMatchObject({ product: 'esguard' });

    await takeRight(person.enterpriseId, 'esguard');
    expect(['invalid_target', 'invalid_grant']).toContain(
      await oauthErrorOf(oidc.refreshTokenGrant(client.config, refreshed.refresh_token!)),
    );
  });

  it("honours the operator's list (portal clients set-resources), and a client without one its own API only", async () => {
    const client: TestClient = await registerClient(t, { productCode: 'esguard' });
    const { token } = await signedInMember(t, ['esguard', 'mgguard']);
    expect(errorOf(await authorize(t, client, token, forApi(microgrid)))).toBe('invalid_target');

    const set = await portal('clients', 'set-resources', client.clientId, '--resource', microgrid);
    expect(set.exitCode, set.stdout).toBe(0);
    expect(set.stdout).toContain(microgrid);
    const tokens = await productTokens(t, client, token, forApi(microgrid));
    expect((await verifyJwt(t, tokens.access_token, microgrid)).payload).toMatchObject({
      aud: microgrid,
      client_id: client.clientId,
    });
    // the list is what the client may reach: its own product's API, left off it, is refused now
    expect(errorOf(await authorize(t, client, token, forApi(storage)))).toBe('invalid_target');
    expect(
      (await oidc.clientCredentialsGrant(client.config, { resource: microgrid, scope: 'product' })).access_token,
    ).toEqual(expect.any(String));

    const cleared = await portal('clients', 'set-resources', client.clientId);
    expect(cleared.exitCode, cleared.stdout).toBe(0);
    expect(errorOf(await authorize(t, client, token, forApi(microgrid)))).toBe('invalid_target');
    await productTokens(t, client, token, forApi(storage));

    const wrong = await portal(
      'clients',
      'set-resources',
      client.clientId,
      '--resource',
      'https://elsewhere.example/api',
    );
    expect(wrong.exitCode).toBe(1);
    expect(wrong.stdout).toContain("is no product's API");
  });

  it("the sample product's API serves its own client's token for its product, and no other client's", async () => {
    const own = await registerClient(t, { productCode: 'esguard' });
    // a client of another product that the operator let reach the storage API: its token has that audience
    const other = await registerClient(t, { productCode: 'mgguard', resources: [storage] });
    const { token } = await signedInMember(t, ['esguard', 'mgguard']);
    const api = connectPortal(
      productConfig({
        PORTAL_ISSUER: t.issuer,
        CLIENT_ID: own.clientId,
        CLIENT_SECRET: own.secret!,
        PRODUCT_RESOURCE: storage,
        PRODUCT_CODE: 'esguard',
      }),
    );

    const mine = await productTokens(t, own, token, forApi(storage));
    expect(await api.verifyAccessToken(mine.access_token)).toMatchObject({
      client_id: own.clientId,
      product: 'esguard',
    });
    const theirs = await productTokens(t, other, token, forApi(storage));
    expect((await verifyJwt(t, theirs.access_token, storage)).payload).toMatchObject({
      aud: storage,
      product: 'mgguard',
    });
    await expect(api.verifyAccessToken(theirs.access_token)).rejects.toThrow('a client this API does not serve');
  });
});
