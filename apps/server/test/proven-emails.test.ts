import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { createInvitation } from '../src/libraries/company/invitations.ts';
import { PASSWORD, createUser } from './support/fixtures.ts';
import { call, latestCode, signInWithPassword, tokenFor } from './support/http.ts';
import { NEW_PASSWORD, accountFields, newCompany, newPhone, ticketFor } from './support/registration-flow.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

/** An email signs in and receives sign-in and reset codes only once its owner has proven it by a code. */
describe(`proven emails (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const sendEmail = (email: string, scene: string, token?: string) =>
    call(t.app, contract.sendEmail, { body: { email, scene }, token });
  const updateEmail = (token: string, email: string, code: string | null) =>
    call(t.app, contract.updateEmail, { token, body: { email, code } });

  /** A new company administrator who gave `email` on the registration form. */
  async function registerWithEmail(email: string) {
    const link = await createInvitation(t.app.ctx, { kind: 'admin', enterpriseId: null });
    const reply = await call(t.app, contract.adminSignUp, {
      body: {
        referralId: link.id,
        ticket: await ticketFor(t.app, newPhone()),
        ...accountFields(),
        email,
        enterprise: newCompany(),
      },
    });
    expect(reply.code, reply.msg).toBe(0);
    return reply.data.token as string;
  }

  it('an email given at registration receives no sign-in or reset code and signs in to nothing until proven', async () => {
    const email = `unproven.${Date.now()}@example.com`;
    const token = await registerWithEmail(email);
    expect((await call(t.app, contract.currentUser, { token })).data).toMatchObject({
      email,
      emailVerified: false,
    });
    for (const scene of ['login', 'reset']) {
      expect((await sendEmail(email, scene)).code).toBe(0);
      t.clock.advance(61_000);
    }
    expect(await latestCode(t.app, email)).toBeNull();
    // the right password is told why; a wrong one learns nothing of the email
    expect((await signInWithPassword(t.app, 'email', email, NEW_PASSWORD)).code).toBe(1009132);
    expect((await signInWithPassword(t.app, 'email', email, 'Wrong2026x')).code).toBe(1009117);

    // proving it (the account's own email, so not "already bound") makes it sign in
    expect((await sendEmail(email, 'bind')).code).toBe(0);
    const proven = await updateEmail(token, email, await latestCode(t.app, email));
    expect(proven.code, proven.msg).toBe(0);
    expect((await call(t.app, contract.currentUser, { token })).data.emailVerified).toBe(true);
    expect((await signInWithPassword(t.app, 'email', email, NEW_PASSWORD)).code).toBe(0);
    // proven now: told before any code is spent
    expect((await updateEmail(token, email, '123456')).code).toBe(1009129);
  });

  it('an email another account holds unproven never blocks its owner from proving and binding it', async () => {
    const email = `squatted.${Date.now()}@example.com`;
    const squatterToken = await registerWithEmail(email);
    const owner = await createUser(t.app);
    const ownerToken = await tokenFor(t.app, owner.account, PASSWORD);

    t.clock.advance(61_000);
    expect((await sendEmail(email, 'bind')).code).toBe(0);
    const bound = await updateEmail(ownerToken, email, await latestCode(t.app, email));
    expect(bound.code, bound.msg).toBe(0);
    const byEmail = await signInWithPassword(t.app, 'email', email, PASSWORD);
    expect(byEmail.code).toBe(0);
    expect((await call(t.app, contract.currentUser, { token: byEmail.data.token })).data.userId).toBe(owner.id);

    // the squatter, now facing a proven owner, is told after its code that the email is taken
    t.clock.advance(61_000);
    expect((await sendEmail(email, 'bind')).code).toBe(0);
    expect((await updateEmail(squatterToken, email, await latestCode(t.app, email))).code).toBe(1008119);
  });
});
