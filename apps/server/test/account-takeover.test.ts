import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { createInvitation } from '../src/libraries/company/invitations.ts';
import { call, latestCode, signInWithPassword, tokenFor } from './support/http.ts';
import { NEW_PASSWORD, accountFields, newCompany, newPhone, ticketFor } from './support/registration-flow.ts';
import { companyWithAdmin } from './support/settings.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

/**
 * An administrator may type any phone or email into an account it hands out. That account must never
 * become its owner's: the owner's registration, sign-in and verification by code go to an account of
 * the owner's own, with the owner's password, and the administrator's account keeps nothing of theirs.
 */
describe(`pre-registration takeover through an administrator's account (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  /** An administrator makes an account with the victim's phone and email, knows its password, removes it. */
  async function plantAccount(phone: string, email: string) {
    const attacker = await companyWithAdmin(t.app, 'Attacker');
    const account = `planted.${phone}`;
    const created = await call(t.app, contract.createMember, {
      token: attacker.token,
      body: {
        account,
        nickname: 'Planted',
        password: 'Planted2026',
        phone,
        email,
      },
    });
    expect(created.code, created.msg).toBe(0);
    const removed = await call(t.app, contract.removeMember, {
      token: attacker.token,
      body: {
        userId: created.data.userId,
      },
    });
    expect(removed.code).toBe(0);
    return { attacker, account, userId: created.data.userId as number };
  }

  /** What the planted account can reach: its companies, as its own sign-in sees them. */
  async function companiesOf(account: string) {
    const portal = await call(t.app, contract.portalInfo, {
      token: await tokenFor(t.app, account, 'Planted2026'),
    });
    return portal.data?.enterpriseProduct.map((e: { enterpriseId: number }) => e.enterpriseId) ?? [];
  }

  it('admin/signup: the owner proving the phone gets an account of their own, with their own password', async () => {
    const phone = newPhone();
    const email = `owner.${phone}@example.com`;
    const planted = await plantAccount(phone, email);

    const link = await createInvitation(t.app.ctx, { kind: 'admin', enterpriseId: null });
    const ticket = await ticketFor(t.app, phone);
    // the owner's phone has no account yet, as far as the owner's proof can tell
    expect((await call(t.app, contract.signUpCheck, { body: { ticket } })).data).toEqual({
      registered: false,
      joined: false,
    });
    const signedUp = await call(t.app, contract.adminSignUp, {
      body: { referralId: link.id, ticket, ...accountFields('Real Owner'), email, enterprise: newCompany() },
    });
    expect(signedUp.code, signedUp.msg).toBe(0);
    const me = await call(t.app, contract.currentUser, { token: signedUp.data.token });
    expect(me.data.userId).not.toBe(planted.userId);
    expect(me.data).toMatchObject({ nickname: 'Real Owner', phone, phoneCertified: true });

    // the phone and the owner's password open the owner's account; the planted password opens nothing by phone
    const byPhone = await signInWithPassword(t.app, 'phone', phone, NEW_PASSWORD);
    expect(byPhone.code).toBe(0);
    const owner = await call(t.app, contract.currentUser, { token: byPhone.data.token });
    expect(owner.data.userId).toBe(me.data.userId);
    expect((await signInWithPassword(t.app, 'phone', phone, 'Planted2026')).code).toBe(1009117);
    // and the administrator's account did not join the owner's new company
    expect(await companiesOf(planted.account)).not.toContain(signedUp.data.enterpriseId);
  });

  it('a member link: the owner registers afresh, and the planted account cannot join or sign in by code', async () => {
    const phone = newPhone();
    const planted = await plantAccount(phone, `member.${phone}@example.com`);
    const company = await companyWithAdmin(t.app, 'Inviting Admin');
    const link = await createInvitation(t.app.ctx, { kind: 'member', enterpriseId: company.enterpriseId });

    // boundEnterprise (join with the phone's account) has no account to join with
    const ticket = await ticketFor(t.app, phone);
    expect((await call(t.app, contract.bindEnterprise, { body: { referralId: link.id, ticket } })).code).toBe(1008118);
    const joined = await call(t.app, contract.memberSignUp, {
      body: { referralId: link.id, ticket, ...accountFields('Member Owner') },
    });
    expect(joined.code, joined.msg).toBe(0);
    expect(await companiesOf(planted.account)).not.toContain(company.enterpriseId);

    // a login code to the phone signs in the owner's account, never the planted one
    t.clock.advance(61_000);
    expect((await call(t.app, contract.sendSms, { body: { phone, scene: 'login' } })).code).toBe(0);
    const code = await latestCode(t.app, phone);
    const byCode = await call(t.app, contract.login, {
      body: { loginType: 'code', identifierType: 'phone', identifier: phone, code },
    });
    expect(byCode.code).toBe(0);
    const me = await call(t.app, contract.currentUser, { token: byCode.data.token });
    expect(me.data).toMatchObject({ nickname: 'Member Owner' });
  });

  it('the planted account cannot verify the phone once its owner has proven it; the owner can bind it anywhere', async () => {
    const phone = newPhone();
    const planted = await plantAccount(phone, `verify.${phone}@example.com`);
    const plantedToken = await tokenFor(t.app, planted.account, 'Planted2026');
    const owner = await companyWithAdmin(t.app, 'Phone Owner');
    // the owner binds the phone to an existing account with a bind code: the planted copy does not block it
    expect((await call(t.app, contract.sendSms, { body: { phone, scene: 'bind' } })).code).toBe(0);
    const bound = await call(t.app, contract.updatePhone, {
      token: owner.token,
      body: { phone, code: await latestCode(t.app, phone) },
    });
    expect(bound.code, bound.msg).toBe(0);
    // now the planted account proving "its" phone is told it is bound elsewhere, and stays unverified
    t.clock.advance(61_000);
    expect((await call(t.app, contract.sendSms, { token: plantedToken, body: { phone, scene: 'certify' } })).code).toBe(
      0,
    );
    const certify = await call(t.app, contract.phoneAuth, {
      token: plantedToken,
      body: { phone, code: await latestCode(t.app, phone) },
    });
    expect(certify.code).toBe(1009106);
    const planted2 = await call(t.app, contract.currentUser, { token: plantedToken });
    expect(planted2.data.phoneCertified).toBe(false);
  });
});
