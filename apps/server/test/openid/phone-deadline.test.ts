import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { call } from '../support/http.ts';
import {
  CookieJar,
  type OpenIdTestApp,
  authorizationUrl,
  browse,
  registerClient,
  signedInMember,
  startOpenIdApp,
} from '../support/openid.ts';
import { ENGINE } from '../support/test-app.ts';

describe(`a product's sign-in and the portal's phone deadline (${ENGINE})`, () => {
  let t: OpenIdTestApp;
  beforeAll(async () => {
    t = await startOpenIdApp({ PHONE_CERTIFY_DEADLINE: '2020-01-01' });
  });
  afterAll(async () => t?.close());

  it('sends a person whose phone is unverified after the deadline to verify it, as every other screen does', async () => {
    const { token } = await signedInMember(t, ['esguard'], { user: { phoneCertified: false } });
    const client = await registerClient(t, { productCode: 'esguard' });
    const url = await authorizationUrl(client, { scope: 'openid company' });
    const response = await browse(new CookieJar(), url.href);
    const uid = new URL(response.headers.get('location')!, t.issuer).searchParams.get('interaction')!;

    const step = await call(t.app, contract.interactionStep, { params: { uid }, token });
    expect(step.code).toBe(1009130);
  });
});
