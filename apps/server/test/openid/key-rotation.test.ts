import { type JSONWebKeySet, createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productResource } from '../../src/libraries/openid/provider.ts';
import { rotateSigningKeys } from '../../src/libraries/openid/signing-keys.ts';
import {
  type OpenIdTestApp,
  type TestClient,
  kidOf,
  productTokens,
  registerClient,
  signedInMember,
  startWithClient,
  verifyJwt,
} from '../support/openid.ts';
import { ENGINE } from '../support/test-app.ts';

/** The operator's key rotation as relying parties and product APIs live through it: nothing fails. */
describe(`OpenID provider: signing key rotation (${ENGINE})`, () => {
  let t: OpenIdTestApp;
  let client: TestClient;
  /** A client whose ID tokens are ES256: its keys rotate beside the RS256 ones. */
  let esClient: TestClient;
  let portalToken: string;
  let resource: string;
  beforeAll(async () => {
    ({ t, client } = await startWithClient());
    esClient = await registerClient(t, { productCode: 'esguard', idTokenAlg: 'ES256' });
    ({ token: portalToken } = await signedInMember(t, ['esguard']));
    resource = productResource(t.app.ctx, 'esguard');
  });
  afterAll(async () => t?.close());

  const publishedKeys = async () => (await (await fetch(`${t.issuer}/oidc/jwks`)).json()) as JSONWebKeySet;
  const kids = (set: JSONWebKeySet) => set.keys.map((key) => key.kid);
  const signIn = async (by: TestClient = client) =>
    productTokens(t, by, portalToken, {
      params: { scope: 'openid company product offline_access', resource, prompt: 'consent' },
    });
  const rotate = async () => {
    const rotation = await rotateSigningKeys(t.app.ctx);
    await t.app.openid.refresh();
    return rotation;
  };

  it('signs with the key published ahead of its turn; tokens of the old key still verify', async () => {
    const before = await signIn();
    const setBefore = await publishedKeys();
    const oldKid = kidOf(before.id_token!);
    expect(kidOf(before.access_token)).toBe(oldKid);

    const rotation = (await rotate()).RS256;
    expect(rotation.retired).toEqual([oldKid]);
    // the key that signs now was published before the rotation: verifiers holding the old set know it
    expect(kids(setBefore)).toContain(rotation.signing);
    const setAfter = await publishedKeys();
    expect(kids(setAfter)).toEqual(expect.arrayContaining([oldKid, rotation.signing, rotation.next]));

    await verifyJwt(t, before.id_token!, client.clientId);
    await verifyJwt(t, before.access_token, resource);

    const after = await signIn();
    expect(kidOf(after.id_token!)).toBe(rotation.signing);
    expect(kidOf(after.access_token)).toBe(rotation.signing);
    const cachedBefore = createLocalJWKSet(setBefore);
    await jwtVerify(after.id_token!, cachedBefore, { issuer: t.issuer, audience: client.clientId });
    await jwtVerify(after.access_token, cachedBefore, { issuer: t.issuer, audience: resource });
  });

  it("rotates the ES256 keys the same way: an ES256 client's old and new ID tokens verify", async () => {
    const before = await signIn(esClient);
    const setBefore = await publishedKeys();
    const oldKid = kidOf(before.id_token!);
    const rotation = await rotate();
    expect(rotation.ES256.retired).toEqual([oldKid]);
    expect(kids(setBefore)).toContain(rotation.ES256.signing);
    expect(kids(await publishedKeys())).toEqual(
      expect.arrayContaining([oldKid, rotation.ES256.signing, rotation.ES256.next]),
    );
    // the old token through the overlap, and the new ones by the set verifiers cached before
    await verifyJwt(t, before.id_token!, esClient.clientId, 'ES256');
    const after = await signIn(esClient);
    expect(decodeProtectedHeader(after.id_token!)).toMatchObject({ alg: 'ES256', kid: rotation.ES256.signing });
    // its access tokens are RS256, as every client's
    expect(decodeProtectedHeader(after.access_token)).toMatchObject({ alg: 'RS256', kid: rotation.RS256.signing });
    const cachedBefore = createLocalJWKSet(setBefore);
    await jwtVerify(after.id_token!, cachedBefore, {
      issuer: t.issuer,
      audience: esClient.clientId,
      algorithms: ['ES256'],
    });
    const refreshed = await oidc.refreshTokenGrant(esClient.config, before.refresh_token!);
    expect(kidOf(refreshed.id_token!)).toBe(rotation.ES256.signing);
    await verifyJwt(t, refreshed.id_token!, esClient.clientId, 'ES256');
  });

  it('refreshes tokens issued before a rotation, with the new key, and refresh goes on', async () => {
    const before = await signIn();
    const rotation = (await rotate()).RS256;
    const refreshed = await oidc.refreshTokenGrant(client.config, before.refresh_token!);
    expect(kidOf(refreshed.id_token!)).toBe(rotation.signing);
    expect(kidOf(refreshed.access_token)).toBe(rotation.signing);
    await verifyJwt(t, refreshed.id_token!, client.clientId);
    await verifyJwt(t, refreshed.access_token, resource);
    const again = await oidc.refreshTokenGrant(client.config, refreshed.refresh_token!);
    await verifyJwt(t, again.access_token, resource);
  });

  it('fails no request made while a rotation happens', async () => {
    const sessions = await Promise.all([signIn(), signIn(), signIn()]);
    const requests = [
      ...sessions.map((tokens) => oidc.refreshTokenGrant(client.config, tokens.refresh_token!)),
      ...Array.from({ length: 6 }, () => oidc.clientCredentialsGrant(client.config, { resource, scope: 'product' })),
      signIn(),
    ];
    const [rotation, ...answers] = await Promise.all([rotate(), ...requests]);
    expect(rotation.RS256.signing).toEqual(expect.any(String));
    for (const answer of answers) await verifyJwt(t, answer.access_token, resource);
  });
});
