import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { createInvitation } from '../src/libraries/company/invitations.ts';
import { findMembership } from '../src/queries/memberships.ts';
import { call } from './support/http.ts';
import { accountFields, newCompany, newPhone, referralInfo, ticketFor } from './support/registration-flow.ts';
import { companyWithAdmin } from './support/settings.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

const HOUR = 3_600_000;

describe(`settings centre: invitations (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const create = (token: string, body: Record<string, unknown>) =>
    call(t.app, contract.createInvitation, { token, body });
  const list = async (token: string) => {
    const reply = await call(t.app, contract.invitations, { token });
    expect(reply.code, reply.msg).toBe(0);
    return reply.data.items as {
      id: number;
      status: string;
      uses: number;
      maxUses: number;
      createdBy: string | null;
    }[];
  };
  const revoke = (token: string, id: number) => call(t.app, contract.revokeInvitation, { token, body: { id } });
  const memberSignUp = async (referralId: string, nickname = 'Invited Person') =>
    call(t.app, contract.memberSignUp, {
      body: { referralId, ticket: await ticketFor(t.app, newPhone()), ...accountFields(nickname) },
    });

  it('a member link works end to end: the person joins the department, and the list then says used', async () => {
    const a = await companyWithAdmin(t.app, 'Grace Admin');
    const department = await call(t.app, contract.createDepartment, { token: a.token, body: { name: 'Sites' } });
    const made = await create(a.token, { kind: 'member', departmentId: department.data.id, expiresInHours: 24 });
    expect(made.code, made.msg).toBe(0);
    expect(made.data).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{32,}$/),
      url: `http://localhost:8080/register-common-ordinary?referralId=${made.data.id}`,
      expiresAt: expect.any(String),
      invitationId: expect.any(Number),
    });
    expect(Date.parse(made.data.expiresAt) - t.app.ctx.now()).toBeGreaterThan(24 * HOUR - 60_000);
    expect(Date.parse(made.data.expiresAt) - t.app.ctx.now()).toBeLessThanOrEqual(24 * HOUR);

    expect((await referralInfo(t.app, made.data.id)).data).toMatchObject({
      status: 'valid',
      kind: 'member',
      inviterName: 'Grace Admin',
      enterpriseDomain: a.domain,
    });
    expect(await list(a.token)).toEqual([
      {
        id: made.data.invitationId,
        kind: 'member',
        status: 'valid',
        uses: 0,
        maxUses: 1,
        expiresAt: made.data.expiresAt,
        createdBy: 'Grace Admin',
      },
    ]);

    const joined = await memberSignUp(made.data.id);
    expect(joined.code, joined.msg).toBe(0);
    expect(joined.data.enterpriseId).toBe(a.enterpriseId);
    const userId = (await call(t.app, contract.currentUser, { token: joined.data.token })).data.userId;
    expect(await findMembership(t.app.ctx.db, a.enterpriseId, userId)).toMatchObject({
      role: 'member',
      department_id: department.data.id,
    });
    expect(await list(a.token)).toEqual([expect.objectContaining({ status: 'used', uses: 1, maxUses: 1 })]);
    expect((await referralInfo(t.app, made.data.id)).data).toEqual({ status: 'used' });
    const members = await call(t.app, contract.members, { token: a.token });
    expect(members.data.items.map((m: { nickname: string }) => m.nickname)).toEqual(['Grace Admin', 'Invited Person']);

    const [event] = await t.app.ctx.db
      .selectFrom('audit_events')
      .select(['user_id', 'detail'])
      .where('enterprise_id', '=', a.enterpriseId)
      .where('action', '=', 'invitation.create')
      .execute();
    expect(event!.user_id).toBe(a.admin.id);
    expect(JSON.parse(event!.detail!)).toMatchObject({
      invitationId: made.data.invitationId,
      kind: 'member',
      maxUses: 1,
      departmentId: department.data.id,
    });
  });

  it('an owner link registers an owner company under this one; a link for several people counts its uses', async () => {
    const a = await companyWithAdmin(t.app);
    const owner = await create(a.token, { kind: 'owner' });
    expect(owner.data.url).toBe(`http://localhost:8080/register-owner-enterprise?referralId=${owner.data.id}`);
    // the default lifetime is 72 hours
    expect(Date.parse(owner.data.expiresAt) - t.app.ctx.now()).toBeGreaterThan(71 * HOUR);
    const registered = await call(t.app, contract.ownerSignUp, {
      body: {
        referralId: owner.data.id,
        ticket: await ticketFor(t.app, newPhone()),
        ...accountFields(),
        enterprise: newCompany(),
      },
    });
    expect(registered.code, registered.msg).toBe(0);
    const child = await t.app.ctx.db
      .selectFrom('enterprises')
      .select('parent_enterprise_id')
      .where('id', '=', registered.data.enterpriseId)
      .executeTakeFirst();
    expect(child?.parent_enterprise_id).toBe(a.enterpriseId);

    const team = await create(a.token, { kind: 'member', maxUses: 3 });
    expect((await memberSignUp(team.data.id, 'First')).code).toBe(0);
    expect((await memberSignUp(team.data.id, 'Second')).code).toBe(0);
    const listed = await list(a.token);
    expect(listed.map((i) => [i.id, i.status, i.uses, i.maxUses])).toEqual([
      [team.data.invitationId, 'valid', 2, 3],
      [owner.data.invitationId, 'used', 1, 1],
    ]);
  });

  it('revoking makes the link say revoked, for info, redemption and the list', async () => {
    const a = await companyWithAdmin(t.app);
    const made = await create(a.token, { kind: 'member' });
    const revoked = await revoke(a.token, made.data.invitationId);
    expect([revoked.code, revoked.data]).toEqual([0, null]);
    expect((await referralInfo(t.app, made.data.id)).data).toEqual({ status: 'revoked' });
    const late = await memberSignUp(made.data.id);
    expect([late.code, late.data]).toEqual([1008110, { status: 'revoked' }]);
    expect((await list(a.token))[0]).toMatchObject({ id: made.data.invitationId, status: 'revoked', uses: 0 });
    // revoking twice is harmless
    expect((await revoke(a.token, made.data.invitationId)).code).toBe(0);
    const events = await t.app.ctx.db
      .selectFrom('audit_events')
      .select('detail')
      .where('enterprise_id', '=', a.enterpriseId)
      .where('action', '=', 'invitation.revoke')
      .execute();
    expect(events.map((e) => JSON.parse(e.detail!))).toEqual([
      { invitationId: made.data.invitationId },
      { invitationId: made.data.invitationId },
    ]);
  });

  it("lists only this company's links, newest first, with expiry and the operator's links unnamed", async () => {
    const a = await companyWithAdmin(t.app);
    const b = await companyWithAdmin(t.app);
    const operator = await createInvitation(t.app.ctx, { kind: 'member', enterpriseId: a.enterpriseId });
    t.clock.advance(1000);
    const short = await create(a.token, { kind: 'member', expiresInHours: 0.5 });
    t.clock.advance(1000);
    await create(b.token, { kind: 'member' });
    t.clock.advance(HOUR);
    const listed = await list(a.token);
    expect(listed.map((i) => [i.id, i.status, i.createdBy])).toEqual([
      [short.data.invitationId, 'expired', expect.any(String)],
      [operator.invitationId, 'valid', null],
    ]);
    expect((await list(b.token)).map((i) => i.id)).not.toContain(operator.invitationId);
  });

  it("refuses another company's link (1000404) and leaves it valid", async () => {
    const a = await companyWithAdmin(t.app);
    const b = await companyWithAdmin(t.app);
    const theirs = await create(b.token, { kind: 'member' });
    const reply = await revoke(a.token, theirs.data.invitationId);
    expect([reply.status, reply.code]).toEqual([404, 1000404]);
    expect((await referralInfo(t.app, theirs.data.id)).data.status).toBe('valid');
    expect((await revoke(a.token, 999_999)).code).toBe(1000404);
  });

  it('refuses what a company administrator may not ask for with 1000400', async () => {
    const a = await companyWithAdmin(t.app);
    const b = await companyWithAdmin(t.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'admin' }, 'kind'],
      [{}, 'kind'],
      [{ kind: 'member', expiresInHours: 0 }, 'expiresInHours'],
      [{ kind: 'member', expiresInHours: 169 }, 'expiresInHours'],
      [{ kind: 'member', maxUses: 0 }, 'maxUses'],
      [{ kind: 'member', maxUses: 1001 }, 'maxUses'],
      [{ kind: 'member', maxUses: 1.5 }, 'maxUses'],
      // a department of another company, or one for an owner link
      [{ kind: 'member', departmentId: b.defaultDepartmentId }, 'departmentId'],
      [{ kind: 'owner', departmentId: a.defaultDepartmentId }, 'departmentId'],
      [{ kind: 'member', enterpriseId: b.enterpriseId }, 'enterpriseId'],
    ];
    for (const [body, field] of cases) {
      const reply = await create(a.token, body);
      expect([reply.status, reply.code], JSON.stringify(body)).toEqual([400, 1000400]);
      expect(Object.keys(reply.data.fields), JSON.stringify(body)).toContain(field);
    }
    expect(await list(a.token)).toEqual([]);
    expect((await create(a.token, { kind: 'member', expiresInHours: 168, maxUses: 1000 })).code).toBe(0);
  });
});
