import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import type { AnswerOf } from '@portal/shared/api/contract/define';
import { PASSKEY_CHALLENGE_TTL_SECONDS } from '@portal/shared/api/passkeys';
import { isAllowedOrigin, relyingPartyId } from '../src/libraries/account-security/passkeys.ts';
import { purgeExpired } from '../src/libraries/platform/retention.ts';
import { auditEventsOf } from './support/audit.ts';
import { PASSWORD, createCompany, createUser } from './support/fixtures.ts';
import { call, tokenFor } from './support/http.ts';
import { registerPasskey as register, signInWithPasskey as signInWith } from './support/passkey-ceremonies.ts';
import { createCredential, signInResponse } from './support/software-authenticator.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

type Passkey = AnswerOf<typeof contract.passkeys>[number];

describe(`passkeys (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const list = async (token: string) => (await call(t.app, contract.passkeys, { token })).data;
  const audits = (userId: number, action: string) => auditEventsOf(t.app, userId, action);

  it('registers discoverable passkeys for the relying party, lists, renames and removes them', async () => {
    const user = await createUser(t.app, { nickname: 'Pass Key' });
    const token = await tokenFor(t.app, user.account, PASSWORD);
    expect(await list(token)).toEqual([]);

    const first = await register(t.app, token, { name: '  Laptop  ' });
    expect(first.options).toMatchObject({
      rp: { id: 'localhost', name: '智慧能源云平台' },
      user: { name: user.account, displayName: 'Pass Key' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      attestation: 'none',
      excludeCredentials: [],
    });
    expect(first.reply.code, first.reply.msg).toBe(0);
    expect(first.reply.data).toMatchObject({
      name: 'Laptop',
      lastUsedAt: null,
      deviceType: 'singleDevice',
      backedUp: false,
    });

    // the second's options exclude the first, so that one authenticator holds one passkey of the account
    const second = await register(t.app, token);
    expect(second.options.excludeCredentials).toEqual([
      { id: first.credential.id.toString('base64url'), type: 'public-key', transports: ['internal'] },
    ]);
    expect(second.reply.data.name).toBeNull();
    const [a, b] = (await list(token)) as [Passkey, Passkey];
    expect([a.id, a.name, b.id, b.name]).toEqual([first.reply.data.id, 'Laptop', second.reply.data.id, null]);
    expect(Date.parse(a.createdAt)).toBeGreaterThan(0);

    expect(await call(t.app, contract.renamePasskey, { token, body: { id: b.id, name: '手机' } })).toMatchObject({
      code: 0,
      data: null,
    });
    const tooLong = await call(t.app, contract.renamePasskey, {
      token,
      body: { id: b.id, name: '张'.repeat(26) },
    });
    expect([tooLong.code, tooLong.data.fields.name]).toEqual([1000400, 'validation.passkeyNameTooLong']);
    const blank = await call(t.app, contract.renamePasskey, { token, body: { id: b.id, name: '  ' } });
    expect([blank.code, blank.data.fields.name]).toEqual([1000400, 'validation.passkeyNameRequired']);
    expect((await list(token)).map((p) => p.name)).toEqual(['Laptop', '手机']);

    expect(await call(t.app, contract.removePasskey, { token, body: { id: a.id } })).toMatchObject({ code: 0 });
    expect((await list(token)).map((p) => p.id)).toEqual([b.id]);
    // the removed passkey no longer signs in
    expect((await signInWith(t.app, first.credential)).code).toBe(1009117);
    expect((await audits(user.id, 'passkey.add')).length).toBe(2);
    expect((await audits(user.id, 'passkey.remove')).map((e) => JSON.parse(e.detail!))).toEqual([{ passkeyId: a.id }]);

    // a session is needed for all of it
    for (const [method, url] of [
      ['GET', contract.passkeys.path],
      ['POST', contract.passkeyRegistrationOptions.path],
    ] as const) {
      expect((await call(t.app, method, url)).status).toBe(401);
    }
  });

  it("signs in with a passkey, as a password does, and counts the authenticator's counter", async () => {
    const user = await createUser(t.app);
    const company = await createCompany(t.app, { members: [{ userId: user.id }] });
    const token = await tokenFor(t.app, user.account, PASSWORD);
    const { credential } = await register(t.app, token, { name: 'Key' });

    const options = await call(t.app, contract.passkeySignInOptions);
    expect(options.data.options).toMatchObject({ rpId: 'localhost', userVerification: 'preferred' });
    expect(options.data.options.allowCredentials ?? []).toEqual([]);
    expect(options.data.challengeId).toBe(options.data.options.challenge);

    const signedIn = await signInWith(t.app, credential);
    expect(signedIn.code, signedIn.msg).toBe(0);
    expect(signedIn.data.expiresAt).toEqual(expect.any(String));
    const me = await call(t.app, contract.currentUser, { token: signedIn.data.token });
    expect(me.data.userId).toBe(user.id);
    const [passkey] = await list(token);
    expect(passkey!.lastUsedAt).not.toBeNull();
    const success = await audits(user.id, 'sign-in.success');
    expect(success.at(-1)).toMatchObject({ enterprise_id: company.enterpriseId });
    expect(JSON.parse(success.at(-1)!.detail!)).toEqual({ loginType: 'passkey' });

    // the counter was 1 at registration, 2 at the first sign-in: a replayed or cloned 2 is refused
    expect((await signInWith(t.app, credential, { counter: 2 })).code).toBe(1009117);
    expect((await signInWith(t.app, credential, { counter: 1 })).code).toBe(1009117);
    expect((await signInWith(t.app, credential, { counter: 7 })).code).toBe(0);
    const failures = await audits(user.id, 'sign-in.failure');
    expect(failures.length).toBe(2);
    expect(JSON.parse(failures[0]!.detail!)).toEqual({ loginType: 'passkey' });
  });

  it('takes an authenticator without a counter (always 0)', async () => {
    const user = await createUser(t.app);
    const token = await tokenFor(t.app, user.account, PASSWORD);
    const { credential, reply } = await register(t.app, token, { ceremony: { counter: null } });
    expect(reply.code, reply.msg).toBe(0);
    expect((await signInWith(t.app, credential)).code).toBe(0);
    expect((await signInWith(t.app, credential)).code).toBe(0);
  });

  it('refuses answers from another origin or relying party, and without user verification', async () => {
    const user = await createUser(t.app);
    const token = await tokenFor(t.app, user.account, PASSWORD);

    for (const ceremony of [
      { origin: 'https://evil.example' },
      { origin: 'http://localhost:8081' },
      { rpId: 'evil.example' },
      { verified: false },
    ]) {
      const { reply } = await register(t.app, token, { ceremony });
      expect(reply.code, JSON.stringify(ceremony)).toBe(1009171);
    }
    expect(await list(token)).toEqual([]);

    const { credential } = await register(t.app, token);
    for (const ceremony of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }, { verified: false }]) {
      expect((await signInWith(t.app, credential, ceremony)).code, JSON.stringify(ceremony)).toBe(1009117);
    }
    expect((await signInWith(t.app, credential)).code).toBe(0);
  });

  it('uses each challenge once and only while it lives; a registration challenge is its user’s only', async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    const token = await tokenFor(t.app, user.account, PASSWORD);
    const otherToken = await tokenFor(t.app, other.account, PASSWORD);

    // registration: an answer to another user's options, then the same answer twice
    const started = await call(t.app, contract.passkeyRegistrationOptions, { token });
    const fresh = createCredential(started.data);
    const add = (bearer: string) =>
      call(t.app, contract.addPasskey, { token: bearer, body: { response: fresh.response } });
    expect((await add(otherToken)).code).toBe(1009170);
    expect((await add(token)).code).toBe(0);
    expect((await add(token)).code).toBe(1009170);
    expect(await list(otherToken)).toEqual([]);
    const late = await call(t.app, contract.passkeyRegistrationOptions, { token });
    t.clock.advance(PASSKEY_CHALLENGE_TTL_SECONDS * 1000 + 1);
    const lateCredential = createCredential(late.data);
    expect((await call(t.app, contract.addPasskey, { token, body: { response: lateCredential.response } })).code).toBe(
      1009170,
    );

    // sign-in: a replayed answer, and one to an expired challenge
    const options = await call(t.app, contract.passkeySignInOptions);
    const answer = signInResponse(fresh.credential, options.data.challengeId);
    const body = { challengeId: options.data.challengeId, response: answer };
    expect((await call(t.app, contract.passkeySignIn, { body })).code).toBe(0);
    expect((await call(t.app, contract.passkeySignIn, { body })).code).toBe(1009170);
    const expiring = await call(t.app, contract.passkeySignInOptions);
    t.clock.advance(PASSKEY_CHALLENGE_TTL_SECONDS * 1000 + 1);
    const expired = {
      challengeId: expiring.data.challengeId,
      response: signInResponse(fresh.credential, expiring.data.challengeId),
    };
    expect((await call(t.app, contract.passkeySignIn, { body: expired })).code).toBe(1009170);
    // an answer signed over another challenge than the one it names
    const named = await call(t.app, contract.passkeySignInOptions);
    const signed = await call(t.app, contract.passkeySignInOptions);
    const mixed = {
      challengeId: named.data.challengeId,
      response: signInResponse(fresh.credential, signed.data.challengeId),
    };
    expect((await call(t.app, contract.passkeySignIn, { body: mixed })).code).toBe(1009117);

    // a day after they expired, the scheduled purge deletes them
    const challenges = () => t.app.ctx.db.selectFrom('webauthn_challenges').select('id').execute();
    expect((await challenges()).length).toBeGreaterThan(0);
    t.clock.advance(PASSKEY_CHALLENGE_TTL_SECONDS * 1000 + 86_400_000);
    expect((await purgeExpired(t.app.ctx)).webauthnChallenges).toBeGreaterThan(0);
    expect(await challenges()).toEqual([]);
  });

  it("answers an unknown passkey like a wrong password, and leaves another user's passkeys alone", async () => {
    const owner = await createUser(t.app);
    const stranger = await createUser(t.app);
    const ownerToken = await tokenFor(t.app, owner.account, PASSWORD);
    const strangerToken = await tokenFor(t.app, stranger.account, PASSWORD);
    const { reply, credential } = await register(t.app, ownerToken, { name: 'Mine' });
    const id = reply.data.id;

    expect(await call(t.app, contract.removePasskey, { token: strangerToken, body: { id } })).toMatchObject({
      status: 404,
      code: 1000404,
    });
    expect(
      (await call(t.app, contract.renamePasskey, { token: strangerToken, body: { id, name: 'Theirs' } })).code,
    ).toBe(1000404);
    expect(await list(strangerToken)).toEqual([]);
    expect((await list(ownerToken)).map((p) => p.name)).toEqual(['Mine']);

    // a credential nobody registered, and a registered credential whose handle names someone else
    const started = await call(t.app, contract.passkeyRegistrationOptions, { token: strangerToken });
    const unknown = createCredential(started.data).credential;
    expect((await signInWith(t.app, unknown)).code).toBe(1009117);
    const forged = { ...credential, userHandle: started.data.user.id };
    expect((await signInWith(t.app, forged)).code).toBe(1009117);
    expect((await signInWith(t.app, credential)).code).toBe(0);

    // the same credential cannot be added twice, by anyone
    const again = await call(t.app, contract.passkeyRegistrationOptions, { token: strangerToken });
    const copy = createCredential(again.data, { id: credential.id });
    const duplicate = await call(t.app, contract.addPasskey, {
      token: strangerToken,
      body: { response: copy.response },
    });
    expect(duplicate.code).toBe(1009172);
    expect(await list(strangerToken)).toEqual([]);
  });

  it('counts passkey failures under the per-IP sign-in cap and the account wait', async () => {
    const user = await createUser(t.app);
    const token = await tokenFor(t.app, user.account, PASSWORD);
    const { credential } = await register(t.app, token);
    const ip = '198.51.100.7';
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await signInWith(t.app, credential, { verified: false }, ip)).code);
    // the fifth failure starts the account's wait: the sixth try waits, unchecked
    expect(answers).toEqual([1009117, 1009117, 1009117, 1009117, 1009117, 1000429]);
    expect((await signInWith(t.app, credential, {}, '198.51.100.8')).code).toBe(1000429);
  });

  it('refuses a disabled account only after a valid passkey', async () => {
    const user = await createUser(t.app);
    const token = await tokenFor(t.app, user.account, PASSWORD);
    const { credential } = await register(t.app, token);
    await t.app.ctx.db.updateTable('users').set({ disabled: 1 }).where('id', '=', user.id).execute();
    expect((await signInWith(t.app, credential)).code).toBe(1008117);
    expect((await signInWith(t.app, credential, { verified: false })).code).toBe(1009117);
  });

  it('refuses malformed answers with 1000400 before any work', async () => {
    const options = await call(t.app, contract.passkeySignInOptions);
    const bad = await call(t.app, contract.passkeySignIn, {
      body: { challengeId: options.data.challengeId, response: { id: 'x', extra: 1 } },
    });
    expect([bad.status, bad.code]).toEqual([400, 1000400]);
    const control = await call(t.app, contract.passkeySignIn, {
      body: { challengeId: 'a\u0000b', response: {} },
    });
    expect(control.code).toBe(1000400);
  });
});

describe('the relying party', () => {
  it('is MAIN_DOMAIN when set, so that company sub-hosts share passkeys, else the host of PUBLIC_URL', () => {
    expect(relyingPartyId({ publicUrl: 'https://portal.energy.test', mainDomain: null })).toBe('portal.energy.test');
    expect(relyingPartyId({ publicUrl: 'https://portal.energy.test', mainDomain: 'energy.test' })).toBe('energy.test');
  });

  it("accepts PUBLIC_URL's origin, and with MAIN_DOMAIN its sub-hosts with the same scheme and port", () => {
    const alone = { publicUrl: 'https://portal.energy.test', mainDomain: null };
    expect(isAllowedOrigin(alone, 'https://portal.energy.test')).toBe(true);
    expect(isAllowedOrigin(alone, 'https://acme.energy.test')).toBe(false);

    const shared = { publicUrl: 'https://portal.energy.test', mainDomain: 'energy.test' };
    for (const origin of ['https://portal.energy.test', 'https://acme.energy.test', 'https://energy.test']) {
      expect(isAllowedOrigin(shared, origin), origin).toBe(true);
    }
    for (const origin of [
      'http://acme.energy.test',
      'https://acme.energy.test:8443',
      'https://evilenergy.test',
      'https://energy.test.evil.example',
      'https://acme.energy.test/path',
      'not a url',
    ]) {
      expect(isAllowedOrigin(shared, origin), origin).toBe(false);
    }
  });

  it('signs in on a company sub-host with a passkey made on the portal', async () => {
    const t = await startTestApp({ PUBLIC_URL: 'https://portal.energy.test', MAIN_DOMAIN: 'energy.test' });
    try {
      const user = await createUser(t.app);
      const token = await tokenFor(t.app, user.account, PASSWORD);
      const { reply, credential, options } = await register(t.app, token, {
        ceremony: { origin: 'https://portal.energy.test' },
      });
      expect(options.rp.id).toBe('energy.test');
      expect(reply.code, reply.msg).toBe(0);
      const onSubHost = await signInWith(t.app, credential, {
        origin: 'https://acme.energy.test',
        rpId: 'energy.test',
      });
      expect(onSubHost.code, onSubHost.msg).toBe(0);
      const elsewhere = await signInWith(t.app, credential, { origin: 'https://acme.other.test', rpId: 'energy.test' });
      expect(elsewhere.code).toBe(1009117);
    } finally {
      await t.close();
    }
  });
});
