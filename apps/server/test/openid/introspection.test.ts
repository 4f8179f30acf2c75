import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type OpenIdTestApp,
  productTokens,
  registerClient,
  signedInMember,
  startOpenIdApp,
} from '../support/openid.ts';
import { ENGINE } from '../support/test-app.ts';

describe(`who may introspect a token (${ENGINE})`, () => {
  let t: OpenIdTestApp;
  beforeAll(async () => {
    t = await startOpenIdApp();
  });
  afterAll(async () => t?.close());

  it("tells a client of its own tokens, a first-party product's server of others', a third party of none", async () => {
    const { token } = await signedInMember(t, ['esguard', 'mgguard']);
    const issuing = await registerClient(t, { productCode: 'esguard' });
    const firstParty = await registerClient(t, { productCode: 'mgguard' });
    const thirdParty = await registerClient(t, { productCode: 'mgguard', firstParty: false });
    const tokens = await productTokens(t, issuing, token);

    const active = async (client: typeof issuing) =>
      (await oidc.tokenIntrospection(client.config, tokens.access_token)).active;
    expect(await active(issuing)).toBe(true);
    expect(await active(firstParty)).toBe(true);
    expect(await active(thirdParty)).toBe(false);
  });
});
