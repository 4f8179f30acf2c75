import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli.ts';
import { BackchannelReceiver } from '../support/backchannel-receiver.ts';
import {
  type OpenIdTestApp,
  productTokens,
  registerClient,
  signedInMember,
  startOpenIdApp,
} from '../support/openid.ts';
import { ENGINE } from '../support/test-app.ts';

describe(`a company loses a product's right (${ENGINE})`, () => {
  let t: OpenIdTestApp;
  let receiver: BackchannelReceiver;
  beforeAll(async () => {
    [t, receiver] = await Promise.all([startOpenIdApp(), BackchannelReceiver.start()]);
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  /** `portal revoke` in this process, against the app's database and issuer. */
  async function revoke(domain: string, product: string): Promise<number> {
    const database = t.testDb.config;
    return runCli(['revoke', '--enterprise', domain, '--product', product], {
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: database.kind === 'sqlite' ? `sqlite:${database.file}` : database.url,
        PUBLIC_URL: t.issuer,
        LOG_LEVEL: 'silent',
      },
      stdout: { write: () => {} },
      stderr: { write: () => {} },
    });
  }

  it("ends that product's sessions in that company, and leaves the other product's", async () => {
    const { domain, token } = await signedInMember(t, ['esguard', 'mgguard']);
    const storage = await registerClient(t, { productCode: 'esguard', backchannelLogoutUri: receiver.uri });
    const microgrid = await registerClient(t, { productCode: 'mgguard', backchannelLogoutUri: receiver.uri });
    const inStorage = await productTokens(t, storage, token);
    const inMicrogrid = await productTokens(t, microgrid, token);

    expect(await revoke(domain, 'esguard')).toBe(0);

    // the command waits for the logout before it ends: the token is there already
    expect(receiver.of(String(inStorage.claims()!.sid))).toHaveLength(1);
    expect(receiver.of(String(inMicrogrid.claims()!.sid))).toEqual([]);
    await expect(oidc.refreshTokenGrant(storage.config, inStorage.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    expect((await oidc.tokenIntrospection(microgrid.config, inMicrogrid.access_token)).active).toBe(true);
  });
});
