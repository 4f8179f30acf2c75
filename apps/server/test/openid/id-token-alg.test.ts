import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { productResource } from '../../src/libraries/openid/provider.ts';
import { BackchannelReceiver } from '../support/backchannel-receiver.ts';
import { call } from '../support/http.ts';
import {
  type OpenIdTestApp,
  type TestClient,
  productTokens,
  registerClient,
  signedInMember,
  startWithClient,
  verifyJwt,
} from '../support/openid.ts';
import { ENGINE } from '../support/test-app.ts';

/** ES256 beside RS256, chosen per client (`clients add --id-token-alg`): a product's stock library
 *  signs in and refreshes with either, against the one published key set. */
describe(`OpenID provider: each client's ID token algorithm (${ENGINE})`, () => {
  let t: OpenIdTestApp;
  let rsClient: TestClient;
  let esClient: TestClient;
  let person: { id: number; token: string };
  const scope = 'openid company offline_access';
  beforeAll(async () => {
    ({ t, client: rsClient } = await startWithClient());
    esClient = await registerClient(t, { productCode: 'esguard', idTokenAlg: 'ES256' });
    const { user, token } = await signedInMember(t, ['esguard']);
    person = { id: user.id, token };
  });
  afterAll(async () => t?.close());

  it('signs an ES256 client’s ID tokens with ES256, at sign-in and at every refresh', async () => {
    const tokens = await productTokens(t, esClient, person.token, { params: { scope, prompt: 'consent' } });
    const signedIn = await verifyJwt(t, tokens.id_token!, esClient.clientId, 'ES256');
    expect(signedIn.protectedHeader).toMatchObject({ alg: 'ES256', kid: expect.any(String) });
    expect(signedIn.payload).toMatchObject({ sub: String(person.id), product: 'esguard' });
    // a verifier that takes RS256 alone refuses it: the algorithm is the signature's, not a label
    await expect(verifyJwt(t, tokens.id_token!, esClient.clientId)).rejects.toThrow();

    const refreshed = await oidc.refreshTokenGrant(esClient.config, tokens.refresh_token!);
    const again = await verifyJwt(t, refreshed.id_token!, esClient.clientId, 'ES256');
    expect(again.protectedHeader.kid).toBe(signedIn.protectedHeader.kid);
    expect(again.payload.sub).toBe(String(person.id));
    const twice = await oidc.refreshTokenGrant(esClient.config, refreshed.refresh_token!);
    await verifyJwt(t, twice.id_token!, esClient.clientId, 'ES256');
  });

  it('leaves a client registered without the choice on RS256, and every access token RS256', async () => {
    const tokens = await productTokens(t, rsClient, person.token, { params: { scope, prompt: 'consent' } });
    await verifyJwt(t, tokens.id_token!, rsClient.clientId);
    const refreshed = await oidc.refreshTokenGrant(rsClient.config, tokens.refresh_token!);
    expect(decodeProtectedHeader(refreshed.id_token!).alg).toBe('RS256');
    await verifyJwt(t, refreshed.id_token!, rsClient.clientId);

    const resource = productResource(t.app.ctx, 'esguard');
    const esTokens = await productTokens(t, esClient, person.token, {
      params: { scope: `${scope} product`, resource, prompt: 'consent' },
    });
    // the product's API verifies one algorithm whichever client the token was for
    await verifyJwt(t, esTokens.access_token, resource);
  });

  it("is refused by a library told RS256: the product's setting follows its registration", async () => {
    const toldRs256 = await oidc.discovery(
      new URL(t.issuer),
      esClient.clientId,
      { id_token_signed_response_alg: 'RS256' },
      oidc.ClientSecretBasic(esClient.secret!),
      { execute: [oidc.allowInsecureRequests] },
    );
    const tokens = await productTokens(t, esClient, person.token, { params: { scope, prompt: 'consent' } });
    const refused = await oidc.refreshTokenGrant(toldRs256, tokens.refresh_token!).catch((error: Error) => error);
    expect((refused as Error).cause).toMatchObject({
      message: 'unexpected JWT "alg" header parameter',
      cause: { header: { alg: 'ES256' }, expected: 'RS256' },
    });
  });

  it("signs an ES256 client's back-channel logout tokens with ES256, as its ID tokens", async () => {
    const receiver = await BackchannelReceiver.start();
    try {
      const client = await registerClient(t, {
        productCode: 'esguard',
        idTokenAlg: 'ES256',
        backchannelLogoutUri: receiver.uri,
      });
      const { token } = await signedInMember(t, ['esguard']);
      const sid = (await productTokens(t, client, token)).claims()!.sid as string;
      expect((await call(t.app, contract.logout, { token })).code).toBe(0);
      const logout = await receiver.waitFor(sid);
      expect(logout, 'no logout token within 2 s').toBeDefined();
      const { protectedHeader } = await jwtVerify(logout!.token, createRemoteJWKSet(new URL(`${t.issuer}/oidc/jwks`)), {
        issuer: t.issuer,
        audience: client.clientId,
        algorithms: ['ES256'],
        typ: 'logout+jwt',
      });
      expect(protectedHeader.alg).toBe('ES256');
    } finally {
      await receiver.close();
    }
  });
});
