import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import type { CompanyEvent, EventType } from '@portal/shared/api/integrations';
import { createInvitation } from '../../src/libraries/company/invitations.ts';
import { grantProducts, revokeProducts } from '../../src/libraries/company/product-rights.ts';
import { insertDepartment } from '../../src/queries/enterprises.ts';
import { PASSWORD, createUser } from '../support/fixtures.ts';
import { call, tokenFor } from '../support/http.ts';
import { accountFields, newCompany, newPhone, ticketFor } from '../support/registration-flow.ts';
import { companyWithAdmin, pngImage, uploadIcon } from '../support/settings.ts';
import { ENGINE, type TestApp, startTestApp } from '../support/test-app.ts';
import { turnOnTwoStep } from '../support/two-step.ts';

/** Every change of the event catalogue records its event with the change, once; a change refused or
 *  rolled back records none. Read back through the feed, as a company's systems read them. */
describe(`events recorded with their changes (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  /** The whole feed of the token's company, page after page. */
  async function feed(token: string): Promise<CompanyEvent[]> {
    const events: CompanyEvent[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await call(t.app, contract.companyEvents, {
        token,
        query: { pageSize: 200, ...(cursor ? { cursor } : {}) },
      });
      expect(page.code, page.msg).toBe(0);
      events.push(...page.data.items);
      if (page.data.items.length === 0) return events;
      cursor = page.data.nextCursor;
    }
  }
  /** The feed's events since `before` (events already read), as type and data. */
  async function since(token: string, before: number): Promise<{ type: EventType; data: unknown }[]> {
    return (await feed(token)).slice(before).map(({ type, data }) => ({ type, data }));
  }

  const createMember = (token: string, body: Record<string, unknown>) =>
    call(t.app, contract.createMember, { token, body });
  const newMember = (n: string) => ({ account: `Event.${n}`, nickname: `Event ${n}`, password: 'Staff2026x' });

  it('each event carries its id, type, version, company and time, as a webhook does', async () => {
    const a = await companyWithAdmin(t.app);
    const before = t.app.ctx.now();
    const made = await createMember(a.token, newMember(`shape${Date.now()}`));
    const after = t.app.ctx.now();
    expect(made.code, made.msg).toBe(0);
    const [event, ...rest] = await feed(a.token);
    expect(rest).toEqual([]);
    expect(event).toEqual({
      id: expect.stringMatching(/^evt_[\w-]{22}$/),
      type: 'member.joined',
      version: 1,
      companyId: a.enterpriseId,
      occurredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      data: { userId: made.data.userId, role: 'member', departmentId: a.defaultDepartmentId, via: 'created' },
    });
    expect(Date.parse(event!.occurredAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(event!.occurredAt)).toBeLessThanOrEqual(after);
  });

  it('members: joined, each thing an update changed, left; refusals record nothing', async () => {
    const a = await companyWithAdmin(t.app);
    const sales = await insertDepartment(t.app.ctx.db, {
      enterprise_id: a.enterpriseId,
      name: 'Sales',
      parent_id: a.defaultDepartmentId,
      is_default: 0,
      created_at: t.app.ctx.now(),
    });
    const account = `Event.m${Date.now()}`;
    const made = await createMember(a.token, { ...newMember('x'), account, role: 'admin', departmentId: sales });
    expect(made.code, made.msg).toBe(0);
    const userId = made.data.userId as number;
    expect(await since(a.token, 0)).toEqual([
      { type: 'member.joined', data: { userId, role: 'admin', departmentId: sales, via: 'created' } },
    ]);

    // a taken account name rolls the creation back: no member, no event
    const taken = await createMember(a.token, { ...newMember('y'), account });
    expect(taken.code).toBe(1000400);
    expect(await since(a.token, 1)).toEqual([]);

    const update = (body: Record<string, unknown>) => call(t.app, contract.updateMember, { token: a.token, body });
    expect((await update({ userId, role: 'member', departmentId: a.defaultDepartmentId })).code).toBe(0);
    expect(await since(a.token, 1)).toEqual([
      { type: 'member.role_changed', data: { userId, from: 'admin', to: 'member' } },
      { type: 'member.department_changed', data: { userId, from: sales, to: a.defaultDepartmentId } },
    ]);
    // what is saved as it was changes nothing
    expect((await update({ userId, role: 'member', departmentId: a.defaultDepartmentId })).code).toBe(0);
    expect((await update({ userId, departmentId: sales })).code).toBe(0);
    expect(await since(a.token, 3)).toEqual([
      { type: 'member.department_changed', data: { userId, from: a.defaultDepartmentId, to: sales } },
    ]);

    // the last administrator can be neither demoted nor removed
    expect((await update({ userId: a.admin.id, role: 'member' })).code).toBe(1000403);
    const removeLast = await call(t.app, contract.removeMember, { token: a.token, body: { userId: a.admin.id } });
    expect(removeLast.code).toBe(1000403);
    expect(await since(a.token, 4)).toEqual([]);

    const removed = await call(t.app, contract.removeMember, { token: a.token, body: { userId } });
    expect(removed.code, removed.msg).toBe(0);
    expect(await since(a.token, 4)).toEqual([{ type: 'member.left', data: { userId, role: 'member' } }]);
  });

  it('invitations: created, revoked once, used by the person who joined through it', async () => {
    const a = await companyWithAdmin(t.app);
    const create = (body: Record<string, unknown>) => call(t.app, contract.createInvitation, { token: a.token, body });
    const revoked = await create({ kind: 'member', maxUses: 2, expiresInHours: 24 });
    const kept = await create({ kind: 'member', maxUses: 3 });
    expect([revoked.code, kept.code]).toEqual([0, 0]);
    const revoke = () =>
      call(t.app, contract.revokeInvitation, { token: a.token, body: { id: revoked.data.invitationId } });
    expect((await revoke()).code).toBe(0);
    expect((await revoke()).code).toBe(0);
    expect(await since(a.token, 0)).toEqual([
      {
        type: 'invitation.created',
        data: {
          invitationId: revoked.data.invitationId,
          kind: 'member',
          departmentId: null,
          maxUses: 2,
          expiresAt: revoked.data.expiresAt,
        },
      },
      {
        type: 'invitation.created',
        data: {
          invitationId: kept.data.invitationId,
          kind: 'member',
          departmentId: null,
          maxUses: 3,
          expiresAt: kept.data.expiresAt,
        },
      },
      { type: 'invitation.revoked', data: { invitationId: revoked.data.invitationId } },
    ]);

    const signUp = async (referralId: string, nickname: string) =>
      call(t.app, contract.memberSignUp, {
        body: { referralId, ticket: await ticketFor(t.app, newPhone()), ...accountFields(nickname) },
      });
    const join = async (referralId: string, nickname: string) => {
      const joined = await signUp(referralId, nickname);
      expect(joined.code, joined.msg).toBe(0);
      return (await call(t.app, contract.currentUser, { token: joined.data.token })).data.userId as number;
    };
    // a revoked link lets nobody in, and records nothing
    expect((await signUp(revoked.data.id, 'Late')).code).toBe(1008110);
    const first = await join(kept.data.id, 'First');
    const second = await join(kept.data.id, 'Second');
    const joinedVia = (userId: number) => ({
      type: 'member.joined',
      data: { userId, role: 'member', departmentId: a.defaultDepartmentId, via: 'invitation' },
    });
    expect(await since(a.token, 3)).toEqual([
      joinedVia(first),
      { type: 'invitation.used', data: { invitationId: kept.data.invitationId, userId: first, uses: 1 } },
      joinedVia(second),
      { type: 'invitation.used', data: { invitationId: kept.data.invitationId, userId: second, uses: 2 } },
    ]);
  });

  it("the operator's links: a company's is its event, an admin link (no company yet) is nobody's", async () => {
    const a = await companyWithAdmin(t.app);
    const countAll = async () =>
      Number(
        (
          await t.app.ctx.db
            .selectFrom('events')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await countAll();
    await createInvitation(t.app.ctx, { kind: 'admin', enterpriseId: null });
    expect(await countAll()).toBe(before);
    const owner = await createInvitation(t.app.ctx, { kind: 'owner', enterpriseId: a.enterpriseId, hours: 5 });
    expect(await since(a.token, 0)).toEqual([
      {
        type: 'invitation.created',
        data: {
          invitationId: owner.invitationId,
          kind: 'owner',
          departmentId: null,
          maxUses: 1,
          expiresAt: owner.expiresAt,
        },
      },
    ]);
  });

  it('registration: the new company gets its products and founder; an owner link is used in its company', async () => {
    const a = await companyWithAdmin(t.app);
    const owner = await call(t.app, contract.createInvitation, { token: a.token, body: { kind: 'owner' } });
    expect(owner.code, owner.msg).toBe(0);
    const registered = await call(t.app, contract.ownerSignUp, {
      body: {
        referralId: owner.data.id,
        ticket: await ticketFor(t.app, newPhone()),
        ...accountFields('Founder'),
        enterprise: newCompany(),
      },
    });
    expect(registered.code, registered.msg).toBe(0);
    const founderToken = registered.data.token as string;
    const founder = (await call(t.app, contract.currentUser, { token: founderToken })).data.userId as number;
    const events = await feed(founderToken);
    expect(events.every((event) => event.companyId === registered.data.enterpriseId)).toBe(true);
    const department = await t.app.ctx.db
      .selectFrom('memberships')
      .select('department_id')
      .where('user_id', '=', founder)
      .executeTakeFirstOrThrow();
    expect(events.map(({ type, data }) => ({ type, data }))).toEqual([
      {
        type: 'company.product_rights_changed',
        data: { products: ['settcntr'], added: ['settcntr'], removed: [] },
      },
      {
        type: 'member.joined',
        data: { userId: founder, role: 'admin', departmentId: department.department_id, via: 'registration' },
      },
    ]);
    expect(await since(a.token, 1)).toEqual([
      { type: 'invitation.used', data: { invitationId: owner.data.invitationId, userId: founder, uses: 1 } },
    ]);
  });

  it('departments: created, renamed, deleted with the departments under it; refusals record nothing', async () => {
    const a = await companyWithAdmin(t.app);
    const send = async (declaration: (typeof contract)[keyof typeof contract], body: object) =>
      call(t.app, declaration, { token: a.token, body });
    const ok = async (declaration: (typeof contract)[keyof typeof contract], body: object) => {
      const reply = await send(declaration, body);
      expect(reply.code, reply.msg).toBe(0);
      return reply.data;
    };
    const { id: plant } = await ok(contract.createDepartment, { name: 'Plant' });
    const { id: shift } = await ok(contract.createDepartment, { name: 'Night shift', parentId: plant });
    await ok(contract.renameDepartment, { id: plant, name: 'Plant north' });
    // refused: a sibling's name, the default department, another company's department
    expect((await send(contract.createDepartment, { name: 'Plant north' })).code).toBe(1000400);
    expect((await send(contract.deleteDepartment, { id: a.defaultDepartmentId })).code).toBe(1009109);
    const b = await companyWithAdmin(t.app);
    expect(
      (await call(t.app, contract.renameDepartment, { token: b.token, body: { id: plant, name: 'Mine' } })).code,
    ).toBe(1000404);
    await ok(contract.deleteDepartment, { id: plant });
    expect(await since(a.token, 0)).toEqual([
      { type: 'department.created', data: { departmentId: plant, name: 'Plant', parentId: null } },
      { type: 'department.created', data: { departmentId: shift, name: 'Night shift', parentId: plant } },
      { type: 'department.renamed', data: { departmentId: plant, from: 'Plant', to: 'Plant north' } },
      { type: 'department.deleted', data: { departmentId: plant, name: 'Plant north', subDepartmentIds: [shift] } },
    ]);
    expect(await since(b.token, 0)).toEqual([]);
  });

  it('branding: the names and the icon, each save', async () => {
    const a = await companyWithAdmin(t.app);
    const names = { platformName: 'Sun', platformNameCn: '太阳', platformNameEn: 'Sun', languageType: 'en-US' };
    expect((await call(t.app, contract.savePersonalization, { token: a.token, body: names })).code).toBe(0);
    expect((await uploadIcon(t.app, a.token, { content: pngImage() })).code).toBe(0);
    expect((await call(t.app, contract.resetIcon, { token: a.token })).code).toBe(0);
    // refused: not an image
    expect((await uploadIcon(t.app, a.token, { content: 'not an image' })).code).toBe(1000400);
    expect(await since(a.token, 0)).toEqual([
      { type: 'company.branding_changed', data: { part: 'names' } },
      { type: 'company.branding_changed', data: { part: 'icon' } },
      { type: 'company.branding_changed', data: { part: 'icon' } },
    ]);
  });

  it('security: the two-step rule when it changes, not when saved as it is or refused', async () => {
    const a = await companyWithAdmin(t.app);
    const require = (requireTwoStep: boolean) =>
      call(t.app, contract.saveSecurity, { token: a.token, body: { requireTwoStep } });
    // refused: the administrator has no two-step sign-in yet
    expect((await require(true)).code).toBe(1009168);
    expect((await require(false)).code).toBe(0);
    await turnOnTwoStep(t, a.token);
    expect((await require(true)).code).toBe(0);
    expect((await require(true)).code).toBe(0);
    expect((await require(false)).code).toBe(0);
    expect(await since(a.token, 0)).toEqual([
      { type: 'company.security_changed', data: { requireTwoStep: true } },
      { type: 'company.security_changed', data: { requireTwoStep: false } },
    ]);
  });

  it("product rights from the operator's command line: what was added and taken, only when changed", async () => {
    const a = await companyWithAdmin(t.app);
    await grantProducts(t.app.ctx, a.domain, ['esguard', 'seop']);
    await grantProducts(t.app.ctx, a.domain, ['esguard']);
    await revokeProducts(t.app.ctx, a.domain, ['esguard', 'mgguard']);
    await revokeProducts(t.app.ctx, a.domain, ['mgguard']);
    const events = await since(a.token, 0);
    expect(events).toEqual([
      {
        type: 'company.product_rights_changed',
        data: { products: expect.any(Array), added: expect.any(Array), removed: [] },
      },
      {
        type: 'company.product_rights_changed',
        data: { products: expect.any(Array), added: [], removed: ['esguard'] },
      },
    ]);
    const [granted, revoked] = events.map((event) => event.data as Record<string, string[]>);
    expect(new Set(granted!.added)).toEqual(new Set(['esguard', 'seop']));
    expect(new Set(granted!.products)).toEqual(new Set(['settcntr', 'esguard', 'seop']));
    expect(new Set(revoked!.products)).toEqual(new Set(['settcntr', 'seop']));
  });

  it('a member who is no administrator reads no feed', async () => {
    const a = await companyWithAdmin(t.app);
    const user = await createUser(t.app);
    await t.app.ctx.db
      .insertInto('memberships')
      .values({
        enterprise_id: a.enterpriseId,
        user_id: user.id,
        role: 'member',
        department_id: a.defaultDepartmentId,
        joined_at: t.app.ctx.now(),
      })
      .execute();
    const token = await tokenFor(t.app, user.account, PASSWORD);
    expect((await call(t.app, contract.companyEvents, { token })).code).toBe(1000403);
  });
});
