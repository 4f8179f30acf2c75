import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { createInvitation, revokeInvitation } from '../src/libraries/company/invitations.ts';
import { hashSecret } from '../src/libraries/platform/secrets.ts';
import { findEnterpriseById, insertDepartment } from '../src/queries/enterprises.ts';
import { findInvitationByHash } from '../src/queries/invitations.ts';
import { findMembership } from '../src/queries/memberships.ts';
import { createCompany, createUser } from './support/fixtures.ts';
import { call } from './support/http.ts';
import { accountFields, newCompany, newPhone, referralInfo, ticketFor } from './support/registration-flow.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

const HOUR = 3_600_000;

describe(`invitations (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  /** A company with an administrator who invites (the settings centre's caller, later). */
  async function inviter() {
    const admin = await createUser(t.app, { nickname: 'Inviting Admin' });
    const company = await createCompany(t.app, { members: [{ userId: admin.id, role: 'admin' }] });
    return { admin, ...company };
  }

  const adminSignUp = (referralId: string, ticket: string, enterprise = newCompany()) =>
    call(t.app, contract.adminSignUp, { body: { referralId, ticket, ...accountFields(), enterprise } });
  const ownerSignUp = (referralId: string, ticket: string, enterprise = newCompany()) =>
    call(t.app, contract.ownerSignUp, {
      body: { referralId, ticket, ...accountFields(), enterprise },
    });
  const memberSignUp = (referralId: string, ticket: string, nickname = 'New Member') =>
    call(t.app, contract.memberSignUp, {
      body: { referralId, ticket, ...accountFields(nickname) },
    });

  async function companiesOf(token: string) {
    const info = await call(t.app, contract.portalInfo, { token });
    expect(info.code, info.msg).toBe(0);
    return info.data;
  }

  it('admin link: a new person registers a new common company and administers it; the link then says used', async () => {
    const link = await createInvitation(t.app.ctx, { kind: 'admin', enterpriseId: null });
    expect(link.url).toBe(`http://localhost:8080/register-common-admin?referralId=${link.id}`);
    const info = await referralInfo(t.app, link.id);
    expect(info.data).toEqual({
      status: 'valid',
      kind: 'admin',
      enterpriseName: null,
      enterpriseDomain: null,
      inviterName: null,
      expiresAt: link.expiresAt,
    });

    const phone = newPhone();
    const ticket = await ticketFor(t.app, phone);
    const enterprise = newCompany({ domain: 'sunrise-energy' });
    const signedUp = await call(t.app, contract.adminSignUp, {
      body: { referralId: link.id, ticket, ...accountFields('Ada Admin'), email: 'Ada@Example.com', enterprise },
      headers: { 'accept-language': 'en-US' },
    });
    expect(signedUp.code, signedUp.msg).toBe(0);
    expect(signedUp.data).toEqual({
      token: expect.any(String),
      enterpriseId: expect.any(Number),
      enterpriseName: enterprise.fullName,
      enterpriseDomain: 'sunrise-energy',
    });

    const current = await call(t.app, contract.currentUser, { token: signedUp.data.token });
    expect(current.data).toMatchObject({
      nickname: 'Ada Admin',
      phone,
      email: 'ada@example.com',
      account: null,
      langCode: 'en-US',
      userType: 'investors',
      phoneCertified: true,
      hasPassword: true,
    });
    const portal = await companiesOf(signedUp.data.token);
    expect(portal.enterpriseId).toBe(signedUp.data.enterpriseId);
    expect(portal.enterpriseProduct).toEqual([
      expect.objectContaining({
        enterpriseId: signedUp.data.enterpriseId,
        enterpriseName: enterprise.fullName,
        abbreviation: enterprise.abbreviation,
        domain: 'sunrise-energy',
        role: 'admin',
        // the link's default: the settings centre, to invite the others with
        productList: [expect.objectContaining({ productCode: 'settcntr' })],
      }),
    ]);
    const created = await findEnterpriseById(t.app.ctx.db, signedUp.data.enterpriseId);
    expect(created).toMatchObject({ kind: 'common', parent_enterprise_id: null });
    // the new person signs in with the password given
    const signIn = await call(t.app, contract.login, {
      body: { loginType: 'password', identifierType: 'phone', identifier: phone, password: accountFields().password },
    });
    expect(signIn.code).toBe(0);

    const again = await adminSignUp(link.id, await ticketFor(t.app, newPhone()));
    expect([again.code, again.data]).toEqual([1008110, { status: 'used' }]);
    expect((await referralInfo(t.app, link.id)).data).toEqual({ status: 'used' });
  });

  it("member link: a new person joins the inviting company as a member, in the link's department", async () => {
    const { admin, enterpriseId, domain } = await inviter();
    const departmentId = await insertDepartment(t.app.ctx.db, {
      enterprise_id: enterpriseId,
      name: 'Operations',
      parent_id: null,
      is_default: 0,
      created_at: t.app.ctx.now(),
    });
    const link = await createInvitation(t.app.ctx, { kind: 'member', enterpriseId, departmentId, createdBy: admin.id });
    expect(link.url).toBe(`http://localhost:8080/register-common-ordinary?referralId=${link.id}`);
    const company = await findEnterpriseById(t.app.ctx.db, enterpriseId);
    expect((await referralInfo(t.app, link.id)).data).toEqual({
      status: 'valid',
      kind: 'member',
      enterpriseName: company!.full_name,
      enterpriseDomain: domain,
      inviterName: 'Inviting Admin',
      expiresAt: link.expiresAt,
    });

    const ticket = await ticketFor(t.app, newPhone());
    const joined = await memberSignUp(link.id, ticket, 'Mo Member');
    expect(joined.code, joined.msg).toBe(0);
    expect(joined.data).toEqual({
      token: expect.any(String),
      enterpriseId,
      enterpriseName: company!.full_name,
      enterpriseDomain: domain,
    });
    expect((await call(t.app, contract.currentUser, { token: joined.data.token })).data.nickname).toBe('Mo Member');
    const portal = await companiesOf(joined.data.token);
    expect(portal.enterpriseId).toBe(enterpriseId);
    expect(portal.enterpriseProduct).toEqual([expect.objectContaining({ enterpriseId, role: 'member' })]);
    const userId = portal.userinfo.userId;
    expect((await findMembership(t.app.ctx.db, enterpriseId, userId))?.department_id).toBe(departmentId);

    const again = await memberSignUp(link.id, await ticketFor(t.app, newPhone()));
    expect([again.code, again.data]).toEqual([1008110, { status: 'used' }]);
    expect((await referralInfo(t.app, link.id)).data).toEqual({ status: 'used' });
  });

  it('member link without a department puts the member in the default department', async () => {
    const { enterpriseId, defaultDepartmentId } = await inviter();
    const link = await createInvitation(t.app.ctx, { kind: 'member', enterpriseId });
    const joined = await memberSignUp(link.id, await ticketFor(t.app, newPhone()));
    expect(joined.code, joined.msg).toBe(0);
    const userId = (await companiesOf(joined.data.token)).userinfo.userId;
    expect((await findMembership(t.app.ctx.db, enterpriseId, userId))?.department_id).toBe(defaultDepartmentId);
  });

  it('owner link: a new person registers an owner company under the inviting company and administers it', async () => {
    const { admin, enterpriseId } = await inviter();
    const link = await createInvitation(t.app.ctx, { kind: 'owner', enterpriseId, createdBy: admin.id });
    expect(link.url).toBe(`http://localhost:8080/register-owner-enterprise?referralId=${link.id}`);
    expect((await referralInfo(t.app, link.id)).data).toMatchObject({ status: 'valid', kind: 'owner' });

    const enterprise = newCompany();
    const signedUp = await ownerSignUp(link.id, await ticketFor(t.app, newPhone()), enterprise);
    expect(signedUp.code, signedUp.msg).toBe(0);
    // no domain given: the server picks a free one that follows the domain rule
    expect(signedUp.data.enterpriseDomain).toMatch(/^e[0-9a-z]{10}$/);
    expect(signedUp.data.enterpriseName).toBe(enterprise.fullName);
    const portal = await companiesOf(signedUp.data.token);
    expect(portal.enterpriseProduct).toEqual([
      expect.objectContaining({ enterpriseId: signedUp.data.enterpriseId, role: 'admin' }),
    ]);
    const created = await findEnterpriseById(t.app.ctx.db, signedUp.data.enterpriseId);
    expect(created).toMatchObject({ kind: 'owner', parent_enterprise_id: enterpriseId });

    const again = await ownerSignUp(link.id, await ticketFor(t.app, newPhone()));
    expect([again.code, again.data]).toEqual([1008110, { status: 'used' }]);
  });

  it('a used link tells the signed-in person who joined through it that they have joined', async () => {
    const { enterpriseId, domain } = await inviter();
    const company = await findEnterpriseById(t.app.ctx.db, enterpriseId);
    const infoFor = (id: string, token?: string) =>
      call(t.app, contract.referralInfo, { params: { id }, token }).then((reply) => reply.data);

    const memberLink = await createInvitation(t.app.ctx, { kind: 'member', enterpriseId });
    const member = await memberSignUp(memberLink.id, await ticketFor(t.app, newPhone()));
    expect(member.code, member.msg).toBe(0);
    expect(await infoFor(memberLink.id, member.data.token)).toEqual({
      status: 'used',
      joined: { enterpriseName: company!.full_name, enterpriseDomain: domain },
    });
    // anyone else is told only that the link is used
    expect(await infoFor(memberLink.id)).toEqual({ status: 'used' });
    const stranger = await memberSignUp(
      (await createInvitation(t.app.ctx, { kind: 'member', enterpriseId: (await inviter()).enterpriseId })).id,
      await ticketFor(t.app, newPhone()),
    );
    expect(await infoFor(memberLink.id, stranger.data.token)).toEqual({ status: 'used' });

    // an owner link names the owner company the person registered, not the inviting one
    const ownerLink = await createInvitation(t.app.ctx, { kind: 'owner', enterpriseId });
    const owner = await ownerSignUp(ownerLink.id, await ticketFor(t.app, newPhone()));
    expect(owner.code, owner.msg).toBe(0);
    expect(await infoFor(ownerLink.id, owner.data.token)).toEqual({
      status: 'used',
      joined: { enterpriseName: owner.data.enterpriseName, enterpriseDomain: owner.data.enterpriseDomain },
    });
    const adminLink = await createInvitation(t.app.ctx, { kind: 'admin', enterpriseId: null });
    const admin = await adminSignUp(adminLink.id, await ticketFor(t.app, newPhone()));
    expect(await infoFor(adminLink.id, admin.data.token)).toEqual({
      status: 'used',
      joined: { enterpriseName: admin.data.enterpriseName, enterpriseDomain: admin.data.enterpriseDomain },
    });
    // the owner company's administrator did not join through the admin link
    expect(await infoFor(adminLink.id, owner.data.token)).toEqual({ status: 'used' });
  });

  it('an expired link answers expired, for info and for redemption', async () => {
    const { enterpriseId } = await inviter();
    const link = await createInvitation(t.app.ctx, { kind: 'member', enterpriseId, hours: 1 });
    const adminLink = await createInvitation(t.app.ctx, { kind: 'admin', enterpriseId: null });
    t.clock.advance(HOUR + 1000);
    expect((await referralInfo(t.app, link.id)).data).toEqual({ status: 'expired' });
    const late = await memberSignUp(link.id, await ticketFor(t.app, newPhone()));
    expect([late.code, late.data]).toEqual([1008110, { status: 'expired' }]);
    // the default lifetime is 72 hours
    expect((await referralInfo(t.app, adminLink.id)).data.status).toBe('valid');
    t.clock.advance(71 * HOUR);
    expect((await referralInfo(t.app, adminLink.id)).data).toEqual({ status: 'expired' });
    const lateAdmin = await adminSignUp(adminLink.id, await ticketFor(t.app, newPhone()));
    expect([lateAdmin.code, lateAdmin.data]).toEqual([1008110, { status: 'expired' }]);
  });

  it('a revoked link answers revoked; only its own enterprise can revoke it', async () => {
    const { enterpriseId } = await inviter();
    const other = await inviter();
    const link = await createInvitation(t.app.ctx, { kind: 'member', enterpriseId, maxUses: 5 });
    await expect(revokeInvitation(t.app.ctx, other.enterpriseId, link.invitationId)).rejects.toMatchObject({
      code: 1000404,
    });
    expect((await referralInfo(t.app, link.id)).data.status).toBe('valid');
    await revokeInvitation(t.app.ctx, enterpriseId, link.invitationId);
    await revokeInvitation(t.app.ctx, enterpriseId, link.invitationId);
    expect((await referralInfo(t.app, link.id)).data).toEqual({ status: 'revoked' });
    const refused = await memberSignUp(link.id, await ticketFor(t.app, newPhone()));
    expect([refused.code, refused.data]).toEqual([1008110, { status: 'revoked' }]);
  });

  it('an unknown id, or a link of another kind than the call redeems, is invalid', async () => {
    expect((await referralInfo(t.app, 'no-such-link-0000000000000000000')).data).toEqual({ status: 'invalid' });
    const unknown = await adminSignUp('no-such-link', await ticketFor(t.app, newPhone()));
    expect([unknown.code, unknown.data]).toEqual([1008110, { status: 'invalid' }]);

    const { enterpriseId } = await inviter();
    const memberLink = await createInvitation(t.app.ctx, { kind: 'member', enterpriseId });
    const adminLink = await createInvitation(t.app.ctx, { kind: 'admin', enterpriseId: null });
    const ownerLink = await createInvitation(t.app.ctx, { kind: 'owner', enterpriseId });
    const ticket = await ticketFor(t.app, newPhone());
    for (const reply of [
      await adminSignUp(memberLink.id, ticket),
      await ownerSignUp(adminLink.id, ticket),
      await memberSignUp(ownerLink.id, ticket),
      await memberSignUp(adminLink.id, ticket),
    ]) {
      expect([reply.code, reply.data]).toEqual([1008110, { status: 'invalid' }]);
    }
    // nothing was used up: the right call still works with the same ticket
    expect((await memberSignUp(memberLink.id, ticket)).code).toBe(0);
  });

  it('a link with maxUses 3 lets three people in, not four', async () => {
    const { enterpriseId } = await inviter();
    const link = await createInvitation(t.app.ctx, { kind: 'member', enterpriseId, maxUses: 3 });
    for (let i = 0; i < 3; i++) {
      expect((await memberSignUp(link.id, await ticketFor(t.app, newPhone()))).code).toBe(0);
      expect((await referralInfo(t.app, link.id)).data.status).toBe(i < 2 ? 'valid' : 'used');
    }
    const fourth = await memberSignUp(link.id, await ticketFor(t.app, newPhone()));
    expect([fourth.code, fourth.data]).toEqual([1008110, { status: 'used' }]);
  });

  it('20 people redeeming one single-use link at once: exactly one gets in', async () => {
    const { enterpriseId } = await inviter();
    const link = await createInvitation(t.app.ctx, { kind: 'member', enterpriseId });
    const tickets: string[] = [];
    for (let i = 0; i < 20; i++) tickets.push(await ticketFor(t.app, newPhone()));
    const replies = await Promise.all(tickets.map((ticket, i) => memberSignUp(link.id, ticket, `Racer ${i}`)));
    const winners = replies.filter((r) => r.code === 0);
    const losers = replies.filter((r) => r.code !== 0);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(19);
    for (const loser of losers) expect([loser.code, loser.data]).toEqual([1008110, { status: 'used' }]);

    const members = await t.app.ctx.db
      .selectFrom('memberships')
      .select('user_id')
      .where('enterprise_id', '=', enterpriseId)
      .execute();
    expect(members).toHaveLength(2); // the inviting admin and the one winner
    const row = await findInvitationByHash(t.app.ctx.db, hashSecret(link.id));
    expect(row).toMatchObject({ uses: 1, max_uses: 1 });
    // the losers' tickets were not used up: each can still register elsewhere
    const loserTicket = tickets[replies.indexOf(losers[0]!)]!;
    const check = await call(t.app, contract.signUpCheck, { body: { ticket: loserTicket } });
    expect(check.data).toEqual({ registered: false, joined: false });
  });

  it('records invitation.redeem and enterprise.create in the audit trail', async () => {
    const { admin, enterpriseId } = await inviter();
    const ownerLink = await createInvitation(t.app.ctx, { kind: 'owner', enterpriseId, createdBy: admin.id });
    const owner = await ownerSignUp(ownerLink.id, await ticketFor(t.app, newPhone()));
    expect(owner.code, owner.msg).toBe(0);
    const memberLink = await createInvitation(t.app.ctx, { kind: 'member', enterpriseId, createdBy: admin.id });
    const member = await memberSignUp(memberLink.id, await ticketFor(t.app, newPhone()));
    expect(member.code, member.msg).toBe(0);

    const ownerUserId = (await companiesOf(owner.data.token)).userinfo.userId;
    const memberUserId = (await companiesOf(member.data.token)).userinfo.userId;
    const events = await t.app.ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('user_id', 'in', [ownerUserId, memberUserId])
      .orderBy('id')
      .execute();
    expect(events.map((e) => [e.action, e.user_id, e.enterprise_id])).toEqual([
      ['enterprise.create', ownerUserId, owner.data.enterpriseId],
      ['invitation.redeem', ownerUserId, owner.data.enterpriseId],
      // the inviting company's log shows its owner link used
      ['invitation.redeem', ownerUserId, enterpriseId],
      ['invitation.redeem', memberUserId, enterpriseId],
    ]);
    expect(JSON.parse(events[0]!.detail!)).toMatchObject({ kind: 'owner', parentEnterpriseId: enterpriseId });
    expect(JSON.parse(events[3]!.detail!)).toMatchObject({ kind: 'member', newUser: true });
    expect(events.every((e) => e.ip !== null)).toBe(true);
  });

  describe('createInvitation', () => {
    it('stores only the hash of a 192-bit id, expires after 72 hours by default and is single-use', async () => {
      const { enterpriseId } = await inviter();
      const before = t.app.ctx.now();
      const link = await createInvitation(t.app.ctx, { kind: 'member', enterpriseId });
      expect(link.id).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const row = await findInvitationByHash(t.app.ctx.db, hashSecret(link.id));
      expect(row).toMatchObject({
        kind: 'member',
        enterprise_id: enterpriseId,
        max_uses: 1,
        uses: 0,
        revoked_at: null,
      });
      expect(row!.token_hash).not.toContain(link.id);
      expect(row!.expires_at - before).toBeGreaterThanOrEqual(72 * HOUR);
      expect(row!.expires_at - before).toBeLessThan(72 * HOUR + 60_000);
      expect(Date.parse(link.expiresAt)).toBe(row!.expires_at);
    });

    it('refuses more than 7 days, a non-positive lifetime, a bad maxUses and a department of another company', async () => {
      const { enterpriseId } = await inviter();
      const other = await inviter();
      const bad = (input: Parameters<typeof createInvitation>[1]) =>
        expect(createInvitation(t.app.ctx, input)).rejects.toMatchObject({ code: 1000400 });
      await bad({ kind: 'member', enterpriseId, hours: 7 * 24 + 1 });
      await bad({ kind: 'member', enterpriseId, hours: 0 });
      await bad({ kind: 'member', enterpriseId, maxUses: 0 });
      await bad({ kind: 'member', enterpriseId, maxUses: 1.5 });
      await bad({ kind: 'member', enterpriseId, departmentId: other.defaultDepartmentId });
      await bad({ kind: 'owner', enterpriseId, departmentId: (await inviter()).defaultDepartmentId });
      const week = await createInvitation(t.app.ctx, { kind: 'member', enterpriseId, hours: 7 * 24 });
      expect(Date.parse(week.expiresAt) - t.app.ctx.now()).toBeGreaterThan(7 * 24 * HOUR - 60_000);
      // a kind without its enterprise is a programming error, not a user's
      await expect(createInvitation(t.app.ctx, { kind: 'admin', enterpriseId })).rejects.toThrow(/no enterprise/);
      await expect(createInvitation(t.app.ctx, { kind: 'member', enterpriseId: null })).rejects.toThrow(/needs/);
    });
  });
});
