import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import type { CallDeclaration } from '@portal/shared/api/contract/define';
import { FRESH_PROOF_MINUTES } from '@portal/shared/api/fresh-proof';
import { PASSKEY_CHALLENGE_TTL_SECONDS } from '@portal/shared/api/passkeys';
import { PASSWORD, createUser } from './support/fixtures.ts';
import { call, tokenFor } from './support/http.ts';
import { passkeyProof, registerPasskey, signInWithPasskey } from './support/passkey-ceremonies.ts';
import { signInResponse } from './support/software-authenticator.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

const STALE_MS = (FRESH_PROOF_MINUTES + 1) * 60_000;

describe(`a fresh proof by passkey (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const post = (token: string, declaration: CallDeclaration, body?: unknown) =>
    call(t.app, declaration, { token, ...(body === undefined ? {} : { body }) });
  const options = (token: string) => post(token, contract.reauthenticatePasskeyOptions);

  /** An account with a passkey, whose session's proof has gone stale. */
  async function staleWithPasskey(ceremony: { counter?: number | null } = {}) {
    const user = await createUser(t.app);
    const token = await tokenFor(t.app, user.account, PASSWORD);
    const { reply, credential } = await registerPasskey(t.app, token, { ceremony });
    expect(reply.code, reply.msg).toBe(0);
    t.clock.advance(STALE_MS);
    return { user, token, credential, passkeyId: reply.data.id as number };
  }

  it('lets a stale session remove a passkey and add one, which answered 1009166 before', async () => {
    const { token, credential, passkeyId } = await staleWithPasskey();
    expect((await post(token, contract.removePasskey, { id: passkeyId })).code).toBe(1009166);
    expect((await post(token, contract.passkeyRegistrationOptions)).code).toBe(1009166);

    const proven = await post(token, contract.reauthenticate, await passkeyProof(t.app, token, credential));
    expect(proven.code, proven.msg).toBe(0);
    expect(proven.data).toBeNull();
    const listed = await post(token, contract.passkeys);
    expect(listed.data[0].lastUsedAt).toEqual(expect.any(String));

    const added = await registerPasskey(t.app, token, { name: 'Second' });
    expect(added.reply.code, added.reply.msg).toBe(0);
    expect((await post(token, contract.removePasskey, { id: passkeyId })).code).toBe(0);
    expect((await post(token, contract.passkeys)).data).toHaveLength(1);
  });

  it("offers the account's own passkeys with user verification required, on a challenge of its own", async () => {
    const user = await createUser(t.app);
    const token = await tokenFor(t.app, user.account, PASSWORD);
    const first = await registerPasskey(t.app, token);
    const second = await registerPasskey(t.app, token);
    const started = await options(token);
    expect(started.code, started.msg).toBe(0);
    expect(started.data.challengeId).toBe(started.data.options.challenge);
    expect(started.data.options).toMatchObject({
      rpId: 'localhost',
      userVerification: 'required',
      timeout: PASSKEY_CHALLENGE_TTL_SECONDS * 1000,
    });
    expect(started.data.options.allowCredentials.map((c: { id: string }) => c.id)).toEqual([
      first.credential.id.toString('base64url'),
      second.credential.id.toString('base64url'),
    ]);
    // not a sign-in's: the sign-in does not take it
    const response = signInResponse(first.credential, started.data.challengeId);
    const signIn = await call(t.app, contract.passkeySignIn, {
      body: { challengeId: started.data.challengeId, response },
    });
    expect(signIn.code).toBe(1009170);
  });

  it('answers 1000404 for the options of an account without a passkey', async () => {
    const user = await createUser(t.app);
    const token = await tokenFor(t.app, user.account, PASSWORD);
    expect((await options(token)).code).toBe(1000404);
  });

  it("refuses another account's passkey with 1009171, and leaves the session stale", async () => {
    const { token } = await staleWithPasskey();
    const other = await staleWithPasskey();
    const started = await options(token);
    const response = signInResponse(other.credential, started.data.challengeId);
    const refused = await post(token, contract.reauthenticate, {
      passkey: { challengeId: started.data.challengeId, response },
    });
    expect(refused.code).toBe(1009171);
    expect((await post(token, contract.passkeyRegistrationOptions)).code).toBe(1009166);
    // nor does the other account's own challenge serve for it
    const theirs = await passkeyProof(t.app, other.token, other.credential);
    expect((await post(token, contract.reauthenticate, theirs)).code).toBe(1009170);
  });

  it('uses a challenge once, only while it lives, and only for the account it was issued to (1009170)', async () => {
    const { token, credential } = await staleWithPasskey();
    const proof = await passkeyProof(t.app, token, credential);
    expect((await post(token, contract.reauthenticate, proof)).code).toBe(0);
    expect((await post(token, contract.reauthenticate, proof)).code).toBe(1009170);

    // a challenge of another account, answered with this account's passkey
    const other = await staleWithPasskey();
    const theirs = await options(other.token);
    const response = signInResponse(credential, theirs.data.challengeId);
    const body = { passkey: { challengeId: theirs.data.challengeId, response } };
    expect((await post(token, contract.reauthenticate, body)).code).toBe(1009170);

    // a sign-in's challenge is another kind
    const signIn = await call(t.app, contract.passkeySignInOptions);
    const signInBody = {
      passkey: { challengeId: signIn.data.challengeId, response: signInResponse(credential, signIn.data.challengeId) },
    };
    expect((await post(token, contract.reauthenticate, signInBody)).code).toBe(1009170);

    const late = await passkeyProof(t.app, token, credential);
    t.clock.advance(PASSKEY_CHALLENGE_TTL_SECONDS * 1000 + 1000);
    expect((await post(token, contract.reauthenticate, late)).code).toBe(1009170);
  });

  it('refuses an answer without user verification, from another origin, or with a counter that did not grow (1009171)', async () => {
    const { token, credential } = await staleWithPasskey();
    const unverified = await passkeyProof(t.app, token, credential, { verified: false });
    expect((await post(token, contract.reauthenticate, unverified)).code).toBe(1009171);
    const elsewhere = await passkeyProof(t.app, token, credential, { origin: 'https://evil.example' });
    expect((await post(token, contract.reauthenticate, elsewhere)).code).toBe(1009171);
    const otherParty = await passkeyProof(t.app, token, credential, { rpId: 'evil.example' });
    expect((await post(token, contract.reauthenticate, otherParty)).code).toBe(1009171);
    // the registration reported 1: the same counter again is a cloned authenticator's
    const replayed = await passkeyProof(t.app, token, credential, { counter: 1 });
    expect((await post(token, contract.reauthenticate, replayed)).code).toBe(1009171);
    expect((await post(token, contract.passkeyRegistrationOptions)).code).toBe(1009166);

    const proven = await post(token, contract.reauthenticate, await passkeyProof(t.app, token, credential));
    expect(proven.code, proven.msg).toBe(0);
  });

  it('counts each try as a failed sign-in of the account: after the free ones the account waits (1000429)', async () => {
    const { token, credential } = await staleWithPasskey();
    const other = await staleWithPasskey();
    let code = 0;
    for (let i = 0; i < 10 && code !== 1000429; i++) {
      const started = await options(token);
      if (started.code !== 0) {
        code = started.code;
        break;
      }
      const response = signInResponse(other.credential, started.data.challengeId);
      code = (
        await post(token, contract.reauthenticate, { passkey: { challengeId: started.data.challengeId, response } })
      ).code;
    }
    expect(code).toBe(1000429);
    // the account's own sign-in waits as well
    expect((await signInWithPasskey(t.app, credential)).code).toBe(1000429);
  });

  it('bounds the live challenges of an account (1000429), also when they are asked for at once', async () => {
    const { token } = await staleWithPasskey();
    const codes = (await Promise.all(Array.from({ length: 12 }, () => options(token)))).map((reply) => reply.code);
    expect(codes.filter((code) => code === 0)).toHaveLength(10);
    expect(codes.filter((code) => code !== 0)).toEqual([1000429, 1000429]);
    t.clock.advance(PASSKEY_CHALLENGE_TTL_SECONDS * 1000 + 1000);
    expect((await options(token)).code).toBe(0);
  });
});
