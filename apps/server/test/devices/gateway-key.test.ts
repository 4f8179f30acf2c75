import { generateKeyPairSync } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import type { DevicePublicKey } from '@portal/shared/api/devices';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { call } from '../support/http.ts';
import { type OpenIdTestApp, startOpenIdApp, verifyJwt } from '../support/openid.ts';
import { type SiteCompany, newSite, siteCompany } from '../support/sites.ts';
import { ENGINE } from '../support/test-app.ts';

/**
 * A gateway that registers its own key pair when it exchanges its claim: its client holds no secret
 * and proves itself with a JWT signed by the private key it never sends (private_key_jwt), as a
 * gateway written with oauth4webapi does.
 */
describe(`a gateway with its own key (${ENGINE})`, () => {
  let t: OpenIdTestApp;
  let owner: SiteCompany;
  let siteId: string;
  let as: oauth.AuthorizationServer;
  let serials = 0;
  const options = { [oauth.allowInsecureRequests]: true } as const;

  beforeAll(async () => {
    t = await startOpenIdApp();
    owner = await siteCompany(t.app);
    siteId = await newSite(t.app, owner, { productCodes: ['esguard'] });
    const issuer = new URL(t.issuer);
    as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, options));
  });
  afterAll(async () => t?.close());

  async function claim() {
    const serial = `GW-KEY-${++serials}`;
    const reply = await call(t.app, contract.claimDevice, {
      token: owner.token,
      body: { siteId, serial, claimCode: 'ab12-cd34', productCode: 'esguard' },
    });
    expect(reply.code, reply.msg).toBe(0);
    return { claim: reply.data.claim as string, serial, claimCode: 'AB12CD34' };
  }

  function keyPair() {
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    return { privateKey, publicKey: { ...jwk, alg: 'ES256', kid: 'gw-1' } as DevicePublicKey };
  }

  async function tokenWith(clientId: string, privateKey: oauth.CryptoKey, resource: string) {
    const client = { client_id: clientId };
    const response = await oauth.clientCredentialsGrantRequest(
      as,
      client,
      oauth.PrivateKeyJwt({ key: privateKey, kid: 'gw-1' }),
      new URLSearchParams({ resource, scope: 'product' }),
      options,
    );
    return oauth.processClientCredentialsResponse(as, client, response);
  }

  const webKey = (key: ReturnType<typeof keyPair>['privateKey']) =>
    crypto.subtle.importKey(
      'pkcs8',
      key.export({ format: 'der', type: 'pkcs8' }),
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['sign'],
    );

  it('gets a client with no secret, and tokens for its key alone', async () => {
    const { privateKey, publicKey } = keyPair();
    const exchanged = await call(t.app, contract.exchangeDeviceClaim, { body: { ...(await claim()), publicKey } });
    expect(exchanged.code, exchanged.msg).toBe(0);
    expect(exchanged.data).toMatchObject({ authMethod: 'private_key_jwt', clientSecret: null });

    const tokens = await tokenWith(exchanged.data.clientId, await webKey(privateKey), exchanged.data.resource);
    const { payload } = await verifyJwt(t, tokens.access_token, exchanged.data.resource);
    expect(payload).toMatchObject({ site_id: siteId, client_id: exchanged.data.clientId });

    // another key, or none, gets nothing
    const stranger = keyPair();
    const refused = await tokenWith(
      exchanged.data.clientId,
      await webKey(stranger.privateKey),
      exchanged.data.resource,
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(oauth.ResponseBodyError);
    expect((refused as oauth.ResponseBodyError).error).toBe('invalid_client');
  });

  it('refuses a private key sent as its public one, or a key of another algorithm, and leaves the claim unspent', async () => {
    const body = await claim();
    const { privateKey, publicKey } = keyPair();
    const withPrivate = { ...privateKey.export({ format: 'jwk' }), alg: 'ES256' };
    const refusal = async (key: object) => {
      const refused = await call(t.app, contract.exchangeDeviceClaim, { body: { ...body, publicKey: key } });
      expect(refused.code).toBe(ErrorCode.BadRequest);
      return refused.data.fields as Record<string, string>;
    };
    // the private part is a field the key may not have
    expect(await refusal(withPrivate)).toEqual({ d: 'validation.unknownField' });
    for (const key of [
      { ...publicKey, alg: 'RS256' },
      { ...publicKey, x: 'AAAA' },
    ])
      expect(await refusal(key)).toEqual({ publicKey: 'validation.invalidValue' });
    const exchanged = await call(t.app, contract.exchangeDeviceClaim, { body: { ...body, publicKey } });
    expect(exchanged.code, exchanged.msg).toBe(0);
  });
});
