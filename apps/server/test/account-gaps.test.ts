import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import type { CallDeclaration } from '@portal/shared/api/contract/define';
import { FRESH_PROOF_MINUTES } from '@portal/shared/api/fresh-proof';
import { translate } from '@portal/shared/locales/catalog';
import { createInvitation } from '../src/libraries/company/invitations.ts';
import { answeredWorkDone } from '../src/libraries/platform/after-answer.ts';
import { PASSWORD, createCompany, createUser } from './support/fixtures.ts';
import { call, latestCode, otherCode, signInWithPassword, tokenFor } from './support/http.ts';
import { registerPasskey } from './support/passkey-ceremonies.ts';
import { accountFields, newCompany, ticketFor } from './support/registration-flow.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';
import { authenticatorCode, turnOnTwoStep } from './support/two-step.ts';

const STALE_MS = (FRESH_PROOF_MINUTES + 1) * 60_000;
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

describe(`the account's last gaps (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const post = (token: string, declaration: CallDeclaration, body?: unknown) =>
    call(t.app, declaration, {
      token,
      ...(body === undefined ? {} : { body }),
      headers: { 'user-agent': CHROME_WINDOWS },
    });

  /** Everything the development outbox holds for an address, newest first, once sent. */
  async function outbox(to: string): Promise<{ subject: string; text: string }[]> {
    await answeredWorkDone(t.app.ctx);
    await t.app.messenger.idle();
    return (await call(t.app, contract.devOutbox, { query: { to } })).data;
  }
  const notices = async (to: string) =>
    (await outbox(to)).filter((m) => m.subject === translate('en-US', 'notices.subject')).map((m) => m.text);

  async function certifyCode(phone: string) {
    const sent = await call(t.app, contract.sendSms, { body: { phone, scene: 'certify' } });
    expect(sent.code, sent.msg).toBe(0);
    return (await latestCode(t.app, phone))!;
  }

  /** A company that requires two-step sign-in, and a member of it who has not set it up. */
  async function requiredMember(input: Parameters<typeof createUser>[1] = {}) {
    const member = await createUser(t.app, { langCode: 'en-US', ...input });
    const company = await createCompany(t.app, { members: [{ userId: member.id }] });
    await t.app.ctx.db
      .updateTable('enterprises')
      .set({ require_two_step: 1 })
      .where('id', '=', company.enterpriseId)
      .execute();
    const session = await signInWithPassword(t.app, 'account', member.account, PASSWORD);
    expect(session.data).toMatchObject({ twoStepSetupRequired: true });
    return { member, token: session.data.token as string };
  }

  describe('user/phoneAuth', () => {
    it('replaces a verified phone only with a fresh proof (before the code is used), and tells both phones', async () => {
      const user = await createUser(t.app, { langCode: 'en-US' });
      const token = await tokenFor(t.app, user.account, PASSWORD);
      t.clock.advance(STALE_MS);
      const phone = `137${String(user.id).padStart(8, '0')}`;
      const code = await certifyCode(phone);
      expect((await post(token, contract.phoneAuth, { phone, code })).code).toBe(1009166);
      const row = await t.app.ctx.db.selectFrom('users').select('phone').where('id', '=', user.id).executeTakeFirst();
      expect(row?.phone).toBe(user.phone);

      expect((await post(token, contract.reauthenticate, { password: PASSWORD })).code).toBe(0);
      const bound = await post(token, contract.phoneAuth, { phone, code });
      expect(bound.code, bound.msg).toBe(0);
      const [notice] = await notices(user.email!);
      expect(notice).toMatch(/^The phone number of your account was changed to 137\*\*\*\*/);
      expect((await outbox(user.phone!)).map((m) => m.text)).toContainEqual(
        expect.stringMatching(/^The phone number of your account was changed/),
      );
    });

    it('verifies a first phone, or the same phone again, from a session of any age', async () => {
      const user = await createUser(t.app, { phoneCertified: false, langCode: 'en-US' });
      const token = await tokenFor(t.app, user.account, PASSWORD);
      t.clock.advance(STALE_MS);
      const first = await post(token, contract.phoneAuth, { phone: user.phone, code: await certifyCode(user.phone!) });
      expect(first.code, first.msg).toBe(0);
      t.clock.advance(61_000);
      const again = await post(token, contract.phoneAuth, { phone: user.phone, code: await certifyCode(user.phone!) });
      expect(again.code, again.msg).toBe(0);
    });

    it("does not replace a verified phone before a company's required two-step set-up (1009165)", async () => {
      const { member, token } = await requiredMember();
      const phone = `136${String(member.id).padStart(8, '0')}`;
      expect((await post(token, contract.phoneAuth, { phone, code: await certifyCode(phone) })).code).toBe(1009165);
    });

    it('before that set-up, verifies only the phone on record of an account with no verified channel (1009133)', async () => {
      // an administrator entered the member's phone; no code has proven it or an email
      const { member, token } = await requiredMember({ email: null, phoneCertified: false });
      expect((await post(token, contract.twoStepSetupCode)).code).toBe(1009130);
      // a session opened with the password alone proves a phone of its own choosing: refused, before
      // the code is used up, so that the set-up's code cannot go to it
      const own = `135${String(member.id).padStart(8, '0')}`;
      const code = await certifyCode(own);
      expect((await post(token, contract.phoneAuth, { phone: own, code })).code).toBe(1009133);
      const row = await t.app.ctx.db
        .selectFrom('users')
        .select(['phone', 'phone_certified'])
        .where('id', '=', member.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ phone: member.phone, phone_certified: 0 });
      expect((await post(token, contract.twoStepSetupCode)).code).toBe(1009130);

      // the phone on record is verified, and the set-up's code goes there
      const proven = await post(token, contract.phoneAuth, {
        phone: member.phone,
        code: await certifyCode(member.phone!),
      });
      expect(proven.code, proven.msg).toBe(0);
      t.clock.advance(61_000); // the phone's wait between two codes
      const sent = await post(token, contract.twoStepSetupCode);
      expect(sent.data).toMatchObject({
        channel: 'sms',
        to: `${member.phone!.slice(0, 3)}****${member.phone!.slice(-4)}`,
      });
      const setup = await post(token, contract.twoStepSetup);
      const confirmed = await post(token, contract.twoStepConfirm, {
        code: await authenticatorCode(t, setup.data.secret),
        setupCode: (await latestCode(t.app, member.phone!))!,
      });
      expect(confirmed.code, confirmed.msg).toBe(0);
      // set up: the person may now verify another phone, as anyone may (a first verified phone)
      t.clock.advance(61_000);
      const later = await post(token, contract.phoneAuth, { phone: own, code: await certifyCode(own) });
      expect(later.code).not.toBe(1009133);
    });
  });

  describe("a company's required two-step sign-in", () => {
    it('is set up only with a code sent to the verified email as well: a password alone enrols nothing', async () => {
      const { member, token } = await requiredMember();
      const state = await post(token, contract.twoStep);
      expect(state.data).toMatchObject({ enabled: false, required: true, setupCodeNeeded: true });
      const setup = await post(token, contract.twoStepSetup);
      expect(setup.code, setup.msg).toBe(0);
      const code = await authenticatorCode(t, setup.data.secret);
      expect((await post(token, contract.twoStepConfirm, { code })).code).toBe(1009104);

      const sent = await post(token, contract.twoStepSetupCode);
      expect(sent.code, sent.msg).toBe(0);
      expect(sent.data).toEqual({ channel: 'email', to: 'u***@example.com', cooldownSeconds: 60 });
      const setupCode = (await latestCode(t.app, member.email!))!;
      expect((await post(token, contract.twoStepConfirm, { code, setupCode: otherCode(setupCode) })).code).toBe(
        1009104,
      );
      const confirmed = await post(token, contract.twoStepConfirm, { code, setupCode });
      expect(confirmed.code, confirmed.msg).toBe(0);
    });

    it('sends the code to the verified phone when there is no verified email', async () => {
      const { member, token } = await requiredMember({ email: null });
      const toPhone = await post(token, contract.twoStepSetupCode);
      expect(toPhone.data).toMatchObject({
        channel: 'sms',
        to: `${member.phone!.slice(0, 3)}****${member.phone!.slice(-4)}`,
      });
      const setup = await post(token, contract.twoStepSetup);
      const confirmed = await post(token, contract.twoStepConfirm, {
        code: await authenticatorCode(t, setup.data.secret),
        setupCode: (await latestCode(t.app, member.phone!))!,
      });
      expect(confirmed.code, confirmed.msg).toBe(0);
    });

    it('without a company requirement, a fresh session sets it up with the app alone', async () => {
      const user = await createUser(t.app);
      const token = await tokenFor(t.app, user.account, PASSWORD);
      expect((await post(token, contract.twoStep)).data).toMatchObject({ setupCodeNeeded: false });
      await turnOnTwoStep(t, token);
    });
  });

  describe('a stale session', () => {
    it('cannot confirm a two-step set-up begun while fresh (1009166), until it proves it again', async () => {
      const user = await createUser(t.app);
      const token = await tokenFor(t.app, user.account, PASSWORD);
      const setup = await post(token, contract.twoStepSetup);
      expect(setup.code, setup.msg).toBe(0);
      t.clock.advance(STALE_MS);
      const code = await authenticatorCode(t, setup.data.secret);
      expect((await post(token, contract.twoStepConfirm, { code })).code).toBe(1009166);
      expect((await post(token, contract.reauthenticate, { password: PASSWORD })).code).toBe(0);
      expect((await post(token, contract.twoStepConfirm, { code })).code).toBe(0);
    });

    it('cannot remove a passkey (1009166), until it proves it again', async () => {
      const user = await createUser(t.app);
      const token = await tokenFor(t.app, user.account, PASSWORD);
      const { reply } = await registerPasskey(t.app, token);
      expect(reply.code, reply.msg).toBe(0);
      t.clock.advance(STALE_MS);
      expect((await post(token, contract.removePasskey, { id: reply.data.id })).code).toBe(1009166);
      expect((await post(token, contract.passkeys)).data).toHaveLength(1);
      expect((await post(token, contract.reauthenticate, { password: PASSWORD })).code).toBe(0);
      expect((await post(token, contract.removePasskey, { id: reply.data.id })).code).toBe(0);
    });
  });

  describe('joining through a link', () => {
    const membershipsOf = (userId: number) =>
      t.app.ctx.db.selectFrom('memberships').select(['enterprise_id', 'role']).where('user_id', '=', userId).execute();

    it('as an account with two-step sign-in writes nothing on the register code alone, and joins with its second step', async () => {
      const user = await createUser(t.app, { langCode: 'en-US' });
      const { secret } = await turnOnTwoStep(t, await tokenFor(t.app, user.account, PASSWORD));
      const company = await createCompany(t.app);
      const link = await createInvitation(t.app.ctx, { kind: 'member', enterpriseId: company.enterpriseId });
      const ticket = await ticketFor(t.app, user.phone!);

      const alone = await call(t.app, contract.bindEnterprise, { body: { referralId: link.id, ticket } });
      expect([alone.code, alone.data?.twoStep]).toEqual([1009160, undefined]);
      expect(await membershipsOf(user.id)).toEqual([]);
      const wrong = await call(t.app, contract.bindEnterprise, {
        body: { referralId: link.id, ticket, twoStepCode: otherCode(await authenticatorCode(t, secret)) },
      });
      expect(wrong.code).toBe(1009160);
      expect(await membershipsOf(user.id)).toEqual([]);
      expect(await notices(user.email!)).toContainEqual(expect.stringMatching(/but a wrong two-step code/));

      // the link and the ticket are still good: the same request with the code joins, signed in there
      const joined = await call(t.app, contract.bindEnterprise, {
        body: { referralId: link.id, ticket, twoStepCode: await authenticatorCode(t, secret) },
      });
      expect(joined.code, joined.msg).toBe(0);
      expect(joined.data).toMatchObject({ token: expect.any(String), enterpriseId: company.enterpriseId });
      expect(await membershipsOf(user.id)).toEqual([{ enterprise_id: company.enterpriseId, role: 'member' }]);
    });

    it("as such an account makes no company of an administrator's link before its second step", async () => {
      const user = await createUser(t.app);
      const { secret } = await turnOnTwoStep(t, await tokenFor(t.app, user.account, PASSWORD));
      const link = await createInvitation(t.app.ctx, { kind: 'admin', enterpriseId: null });
      const enterprise = newCompany();
      const body = { referralId: link.id, ticket: await ticketFor(t.app, user.phone!), ...accountFields(), enterprise };

      expect((await call(t.app, contract.adminSignUp, { body })).code).toBe(1009160);
      const made = () =>
        t.app.ctx.db.selectFrom('enterprises').select('id').where('full_name', '=', enterprise.fullName).execute();
      expect(await made()).toEqual([]);
      expect(await membershipsOf(user.id)).toEqual([]);

      const registered = await call(t.app, contract.adminSignUp, {
        body: { ...body, twoStepCode: await authenticatorCode(t, secret) },
      });
      expect(registered.code, registered.msg).toBe(0);
      const [created] = await made();
      expect(await membershipsOf(user.id)).toEqual([{ enterprise_id: created!.id, role: 'admin' }]);
    });
  });

  it('wrong re-authentications are told to the person: the third of a day tells, once a day', async () => {
    const user = await createUser(t.app, { langCode: 'en-US' });
    const token = await tokenFor(t.app, user.account, PASSWORD);
    const { secret } = await turnOnTwoStep(t, token);
    const before = (await notices(user.email!)).length;
    expect((await post(token, contract.reauthenticate, { password: 'Wrong2026' })).code).toBe(1009102);
    expect((await post(token, contract.reauthenticate, { code: '000000' })).code).toBe(1009160);
    expect(await notices(user.email!)).toHaveLength(before);
    expect((await post(token, contract.reauthenticate, { password: 'Wrong2026' })).code).toBe(1009102);
    const told = await notices(user.email!);
    expect(told).toHaveLength(before + 1);
    expect(told[0]).toMatch(
      /entered a wrong password or code several times on .*\(Chrome 126, Windows 10, local network\)/,
    );

    // the waits of the account hold the guesses; a right proof later still works, and nothing more is told today
    t.clock.advance(5 * 60_000);
    expect((await post(token, contract.reauthenticate, { password: 'Wrong2026' })).code).toBe(1009102);
    expect(await notices(user.email!)).toHaveLength(before + 1);
    t.clock.advance(15 * 60_000);
    expect((await post(token, contract.reauthenticate, { code: await authenticatorCode(t, secret) })).code).toBe(0);
  });
});
