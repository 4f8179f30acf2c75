import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { PASSKEY_LIMIT } from '@portal/shared/api/passkeys';
import { PASSWORD, createUser } from './support/fixtures.ts';
import { call, tokenFor } from './support/http.ts';
import { createCredential } from './support/software-authenticator.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

const CONCURRENT = 30;

describe(`the passkey limit under concurrent adds (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it(`lets exactly one of ${CONCURRENT} concurrent adds take the last place`, async () => {
    const user = await createUser(t.app);
    const token = await tokenFor(t.app, user.account, PASSWORD);
    const now = t.app.ctx.now();
    await t.app.ctx.db
      .insertInto('passkeys')
      .values(
        Array.from({ length: PASSKEY_LIMIT - 1 }, (_, i) => ({
          user_id: user.id,
          credential_id: randomBytes(16).toString('base64url'),
          public_key: randomBytes(77),
          counter: 0,
          transports: null,
          device_type: 'singleDevice',
          backed_up: 0,
          name: `Key ${i}`,
          created_at: now,
          last_used_at: null,
        })),
      )
      .execute();

    // every answer ready first, so that the adds themselves run side by side
    const answers = [];
    for (let i = 0; i < CONCURRENT; i++) {
      const options = await call(t.app, contract.passkeyRegistrationOptions, { token });
      expect(options.code, options.msg).toBe(0);
      answers.push(createCredential(options.data).response);
    }
    const codes = await Promise.all(
      answers.map(async (response) => (await call(t.app, contract.addPasskey, { token, body: { response } })).code),
    );
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === 1009173)).toHaveLength(CONCURRENT - 1);
    const held = await t.app.ctx.db.selectFrom('passkeys').select('id').where('user_id', '=', user.id).execute();
    expect(held).toHaveLength(PASSKEY_LIMIT);
  });
});
