import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { insertDepartment } from '../src/queries/enterprises.ts';
import { findMembership, insertMembership } from '../src/queries/memberships.ts';
import { findDefaultDepartmentId } from '../src/queries/registration-enterprises.ts';
import { findUserById } from '../src/queries/users.ts';
import type { QueryValues } from '../test-kit/call.ts';
import { PASSWORD, createCompany, createUser } from './support/fixtures.ts';
import { call, signInWithPassword, tokenFor } from './support/http.ts';
import { companyWithAdmin } from './support/settings.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

describe(`settings centre: members (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const list = (token: string, query?: QueryValues) => call(t.app, contract.members, { token, query });
  const create = (token: string, body: Record<string, unknown>) => call(t.app, contract.createMember, { token, body });
  const update = (token: string, body: Record<string, unknown>) => call(t.app, contract.updateMember, { token, body });
  const remove = (token: string, userId: number) => call(t.app, contract.removeMember, { token, body: { userId } });
  const join = async (enterpriseId: number, userId: number, role: 'admin' | 'member', at: number) =>
    insertMembership(t.app.ctx.db, {
      enterprise_id: enterpriseId,
      user_id: userId,
      role,
      department_id: await findDefaultDepartmentId(t.app.ctx.db, enterpriseId),
      joined_at: at,
    });
  const newMember = (n: number) => ({ account: `Staff.${n}`, nickname: `Staff ${n}`, password: 'Staff2026x' });
  const audit = (enterpriseId: number, action: string) =>
    t.app.ctx.db
      .selectFrom('audit_events')
      .select(['user_id', 'detail'])
      .where('enterprise_id', '=', enterpriseId)
      .where('action', '=', action)
      .orderBy('id')
      .execute();

  describe('list', () => {
    it('pages through the members in the order they joined, with their details', async () => {
      const a = await companyWithAdmin(t.app, 'Alice Admin');
      const base = t.app.ctx.now();
      const people = [];
      for (let i = 0; i < 5; i++) {
        const user = await createUser(t.app, { nickname: `Person ${i}` });
        await join(a.enterpriseId, user.id, 'member', base + 1000 * (i + 1));
        people.push(user);
      }
      const first = await list(a.token, { page: 1, pageSize: 2 });
      expect(first.code, first.msg).toBe(0);
      expect(first.data.total).toBe(6);
      expect(first.data.items).toEqual([
        {
          userId: a.admin.id,
          account: a.admin.account,
          nickname: 'Alice Admin',
          phone: a.admin.phone,
          email: a.admin.email,
          phoneProven: true,
          emailProven: true,
          role: 'admin',
          departmentId: a.defaultDepartmentId,
          joinedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        },
        expect.objectContaining({ userId: people[0]!.id, role: 'member', departmentId: a.defaultDepartmentId }),
      ]);
      expect(first.data.items[1]!.joinedAt).toBe(new Date(base + 1000).toISOString());
      const third = await list(a.token, { page: 3, pageSize: 2 });
      expect(third.data.items.map((m: { userId: number }) => m.userId)).toEqual([people[3]!.id, people[4]!.id]);
      expect((await list(a.token, { page: 4, pageSize: 2 })).data).toEqual({ total: 6, items: [], nextCursor: null });
      // defaults: page 1, 20 per page
      expect((await list(a.token)).data.items).toHaveLength(6);
    });

    it('finds members by part of the account, name, phone or email, in any letter case', async () => {
      const a = await companyWithAdmin(t.app);
      const base = t.app.ctx.now();
      const wang = await createUser(t.app, { account: 'wang.lei', nickname: '王磊', email: 'Lei.Wang@Grid.example' });
      const anna = await createUser(t.app, { account: 'anna_k', nickname: 'Anna Kowalski', phone: '13712345678' });
      const percent = await createUser(t.app, { account: 'pct-user', nickname: '100% Sure' });
      const outsider = await createUser(t.app, { nickname: 'Anna Outsider' });
      await createCompany(t.app, { members: [{ userId: outsider.id }] });
      await join(a.enterpriseId, wang.id, 'member', base + 1);
      await join(a.enterpriseId, anna.id, 'member', base + 2);
      await join(a.enterpriseId, percent.id, 'member', base + 3);

      const found = async (keyword: string) => {
        const reply = await list(a.token, { keyword });
        expect(reply.code, reply.msg).toBe(0);
        expect(reply.data.total).toBe(reply.data.items.length);
        return reply.data.items.map((m: { userId: number }) => m.userId);
      };
      expect(await found('ANNA')).toEqual([anna.id]);
      expect(await found('kowal')).toEqual([anna.id]);
      expect(await found('WANG.L')).toEqual([wang.id]);
      expect(await found('grid.EXAMPLE')).toEqual([wang.id]);
      expect(await found('王')).toEqual([wang.id]);
      expect(await found('3712345')).toEqual([anna.id]);
      // LIKE's wildcards are plain characters in a keyword
      expect(await found('%')).toEqual([percent.id]);
      expect(await found('_')).toEqual([anna.id]);
      expect(await found('nobody-like-this')).toEqual([]);
      // blank is no filter
      expect((await list(a.token, { keyword: '  ' })).data.total).toBe(4);
      const paged = await list(a.token, { keyword: 'a', pageSize: 1, page: 2 });
      expect(paged.data.total).toBeGreaterThan(1);
      expect(paged.data.items).toHaveLength(1);
    });

    it('refuses bad paging with 1000400', async () => {
      const a = await companyWithAdmin(t.app);
      for (const query of [
        { pageSize: 101 },
        { pageSize: 0 },
        { page: 0 },
        { page: 'x' },
        { keyword: 'k'.repeat(65) },
        { sort: 'name' },
      ]) {
        const reply = await list(a.token, query);
        expect([reply.status, reply.code], JSON.stringify(query)).toEqual([400, 1000400]);
      }
      expect((await list(a.token, { pageSize: 100 })).code).toBe(0);
    });
  });

  describe('create', () => {
    it('hands out an account that signs in by account; its phone is unverified until the person verifies it', async () => {
      const a = await companyWithAdmin(t.app);
      const departmentId = await insertDepartment(t.app.ctx.db, {
        enterprise_id: a.enterpriseId,
        name: 'Field Service',
        parent_id: null,
        is_default: 0,
        created_at: t.app.ctx.now(),
      });
      const created = await create(a.token, {
        account: 'Field.Tech-01',
        nickname: 'Field Tech',
        password: 'FieldTech2026',
        phone: '+8613611112222',
        email: 'Tech@Example.com',
        departmentId,
      });
      expect(created.code, created.msg).toBe(0);
      const userId = created.data.userId as number;
      expect(await findMembership(t.app.ctx.db, a.enterpriseId, userId)).toMatchObject({
        role: 'member',
        department_id: departmentId,
      });
      expect(await findUserById(t.app.ctx.db, userId)).toMatchObject({
        account: 'field.tech-01',
        phone: '13611112222',
        email: 'tech@example.com',
        phone_certified: 0,
        user_type: 'investors',
        last_enterprise_id: a.enterpriseId,
      });
      // the list tells the unproven phone and email from proven ones
      const listed = (await list(a.token, { keyword: 'field.tech' })).data.items;
      expect(listed).toEqual([
        expect.objectContaining({ userId, phone: '13611112222', phoneProven: false, emailProven: false }),
      ]);

      const signIn = await signInWithPassword(t.app, 'account', 'FIELD.tech-01', 'FieldTech2026');
      expect(signIn.code, signIn.msg).toBe(0);
      const token = signIn.data.token as string;
      const current = await call(t.app, contract.currentUser, { token });
      expect(current.data).toMatchObject({ account: 'field.tech-01', nickname: 'Field Tech', phoneCertified: false });
      // after the cut-off date the account must verify its phone first: the intended first sign-in
      expect((await call(t.app, contract.portalInfo, { token })).code).toBe(1009130);
      expect((await call(t.app, contract.certification, { token })).data).toMatchObject({
        certified: false,
        phone: '13611112222',
      });

      const [event] = await audit(a.enterpriseId, 'member.create');
      expect(event!.user_id).toBe(a.admin.id);
      expect(JSON.parse(event!.detail!)).toEqual({ memberId: userId, role: 'member', departmentId, withPhone: true });
    });

    it('defaults to a member in the default department, speaking the company language; an administrator when asked', async () => {
      const a = await companyWithAdmin(t.app);
      await t.app.ctx.db
        .updateTable('personalizations')
        .set({ language_type: 'de-DE' })
        .where('enterprise_id', '=', a.enterpriseId)
        .execute();
      const plain = await create(a.token, { ...newMember(1), phone: '', email: ' ' });
      expect(plain.code, plain.msg).toBe(0);
      expect(await findMembership(t.app.ctx.db, a.enterpriseId, plain.data.userId)).toMatchObject({
        role: 'member',
        department_id: a.defaultDepartmentId,
      });
      expect(await findUserById(t.app.ctx.db, plain.data.userId)).toMatchObject({
        phone: null,
        email: null,
        lang_code: 'de-DE',
      });
      const admin = await create(a.token, { ...newMember(2), role: 'admin' });
      const adminToken = await tokenFor(t.app, 'staff.2', 'Staff2026x');
      expect((await findMembership(t.app.ctx.db, a.enterpriseId, admin.data.userId))?.role).toBe('admin');
      // (the new administrator's phone is unverified: past the cut-off it verifies it before anything else)
      expect((await list(adminToken)).code).toBe(1009130);
    });

    it('refuses a taken account name (any letter case) and creates nothing', async () => {
      const a = await companyWithAdmin(t.app);
      await createUser(t.app, { account: 'taken.name' });
      const reply = await create(a.token, { ...newMember(3), account: 'Taken.Name' });
      expect([reply.status, reply.code, reply.data]).toEqual([
        400,
        1000400,
        { fields: { account: 'validation.accountTaken' } },
      ]);
      expect((await list(a.token)).data.total).toBe(1);
      expect(await audit(a.enterpriseId, 'member.create')).toEqual([]);
    });

    it("takes anyone's phone or email unproven, answering as for a free one, and takes nothing from its owner", async () => {
      const a = await companyWithAdmin(t.app);
      const someone = await createUser(t.app);
      const replies = [
        await create(a.token, { ...newMember(4), phone: someone.phone }),
        await create(a.token, { ...newMember(5), phone: `+86${someone.phone}`, email: someone.email!.toUpperCase() }),
        await create(a.token, { ...newMember(6), phone: '13900000000', email: 'nobody.here@example.com' }),
      ];
      expect(replies.map((r) => [r.status, r.code, Object.keys(r.data)])).toEqual(
        replies.map(() => [200, 0, ['userId']]),
      );
      // the phone and the email still open the owner's account, and only it
      for (const [identifierType, identifier] of [
        ['phone', someone.phone],
        ['email', someone.email],
      ] as const) {
        const signedIn = await signInWithPassword(t.app, identifierType, identifier!, PASSWORD);
        expect(signedIn.code).toBe(0);
        const me = await call(t.app, contract.currentUser, { token: signedIn.data.token });
        expect(me.data.userId).toBe(someone.id);
      }
      const member = await call(t.app, contract.currentUser, {
        token: await tokenFor(t.app, 'Staff.5', 'Staff2026x'),
      });
      expect(member.data).toMatchObject({ phoneCertified: false, emailVerified: false });
    });

    it("refuses another company's department with 1000404 and a malformed request with 1000400", async () => {
      const a = await companyWithAdmin(t.app);
      const b = await companyWithAdmin(t.app);
      const foreign = await create(a.token, { ...newMember(7), departmentId: b.defaultDepartmentId });
      expect([foreign.status, foreign.code]).toEqual([404, 1000404]);
      const missing = await create(a.token, { ...newMember(8), departmentId: 999_999 });
      expect(missing.code).toBe(1000404);
      const bad: [Record<string, unknown>, string][] = [
        [{ ...newMember(9), account: 'ab' }, 'account'],
        [{ ...newMember(9), account: 'has space' }, 'account'],
        [{ ...newMember(9), password: 'short' }, 'password'],
        [{ ...newMember(9), password: 'alllowercase1' }, 'password'],
        [{ ...newMember(9), nickname: '' }, 'nickname'],
        [{ ...newMember(9), phone: '12345' }, 'phone'],
        [{ ...newMember(9), email: 'not-an-email' }, 'email'],
        [{ ...newMember(9), role: 'owner' }, 'role'],
        [{ ...newMember(9), departmentId: '1' }, 'departmentId'],
        [{ ...newMember(9), enterpriseId: b.enterpriseId }, 'enterpriseId'],
      ];
      for (const [body, field] of bad) {
        const reply = await create(a.token, body);
        expect([reply.status, reply.code], field).toEqual([400, 1000400]);
        expect(Object.keys(reply.data.fields), field).toContain(field);
      }
      expect((await list(a.token)).data.total).toBe(1);
      expect((await list(b.token)).data.total).toBe(1);
    });
  });

  describe('update', () => {
    it("changes a member's role and department; what is omitted stays", async () => {
      const a = await companyWithAdmin(t.app);
      const created = await create(a.token, newMember(10));
      const userId = created.data.userId as number;
      const departmentId = await insertDepartment(t.app.ctx.db, {
        enterprise_id: a.enterpriseId,
        name: 'Control Room',
        parent_id: null,
        is_default: 0,
        created_at: t.app.ctx.now(),
      });
      expect((await update(a.token, { userId, departmentId })).code).toBe(0);
      expect(await findMembership(t.app.ctx.db, a.enterpriseId, userId)).toMatchObject({
        role: 'member',
        department_id: departmentId,
      });
      expect((await update(a.token, { userId, role: 'admin' })).code).toBe(0);
      expect(await findMembership(t.app.ctx.db, a.enterpriseId, userId)).toMatchObject({
        role: 'admin',
        department_id: departmentId,
      });
      expect((await update(a.token, { userId })).code).toBe(0);
      const events = await audit(a.enterpriseId, 'member.update');
      expect(events.map((e) => JSON.parse(e.detail!))).toEqual([
        { memberId: userId, departmentId: { from: a.defaultDepartmentId, to: departmentId } },
        { memberId: userId, role: { from: 'member', to: 'admin' } },
        { memberId: userId },
      ]);
    });

    it('refuses to demote the last administrator (1000403); with a second one it may, itself included', async () => {
      const a = await companyWithAdmin(t.app);
      const last = await update(a.token, { userId: a.admin.id, role: 'member' });
      expect([last.status, last.code, last.data]).toEqual([403, 1000403, { reason: 'lastAdmin' }]);
      expect(last.headers['redirect-page']).toBe('001');
      expect((await findMembership(t.app.ctx.db, a.enterpriseId, a.admin.id))?.role).toBe('admin');
      // promoting the last administrator to what it is, or moving it, is fine
      expect((await update(a.token, { userId: a.admin.id, role: 'admin' })).code).toBe(0);

      const second = await create(a.token, { ...newMember(11), role: 'admin' });
      const demoted = await update(a.token, { userId: a.admin.id, role: 'member' });
      expect(demoted.code, demoted.msg).toBe(0);
      // no longer an administrator: the settings centre is closed to it now
      expect((await list(a.token)).code).toBe(1000403);
      expect((await findMembership(t.app.ctx.db, a.enterpriseId, second.data.userId))?.role).toBe('admin');
    });

    it('two administrators demoting each other at once: exactly one succeeds', async () => {
      const a = await companyWithAdmin(t.app);
      const other = await createUser(t.app);
      await join(a.enterpriseId, other.id, 'admin', t.app.ctx.now());
      const otherToken = await tokenFor(t.app, other.account, PASSWORD);
      const replies = await Promise.all([
        update(a.token, { userId: other.id, role: 'member' }),
        update(otherToken, { userId: a.admin.id, role: 'member' }),
      ]);
      expect(replies.map((r) => r.code).sort()).toEqual([0, 1000403]);
      const admins = await t.app.ctx.db
        .selectFrom('memberships')
        .select('user_id')
        .where('enterprise_id', '=', a.enterpriseId)
        .where('role', '=', 'admin')
        .execute();
      expect(admins).toHaveLength(1);
    });

    it('refuses someone outside the company and a department of another company with 1000404', async () => {
      const a = await companyWithAdmin(t.app);
      const b = await companyWithAdmin(t.app);
      const created = await create(a.token, newMember(12));
      for (const body of [
        { userId: b.admin.id, role: 'member' },
        { userId: 999_999, role: 'admin' },
        { userId: created.data.userId, departmentId: b.defaultDepartmentId },
      ]) {
        const reply = await update(a.token, body);
        expect([reply.status, reply.code], JSON.stringify(body)).toEqual([404, 1000404]);
      }
      expect((await findMembership(t.app.ctx.db, b.enterpriseId, b.admin.id))?.role).toBe('admin');
      for (const body of [{ userId: created.data.userId, role: 'owner' }, { userId: 'x' }, {}]) {
        expect((await update(a.token, body)).code, JSON.stringify(body)).toBe(1000400);
      }
    });
  });

  describe('remove', () => {
    it('takes a member out of the company; the account stays and its session falls back to its other company', async () => {
      const a = await companyWithAdmin(t.app);
      const person = await createUser(t.app);
      await join(a.enterpriseId, person.id, 'member', t.app.ctx.now());
      const elsewhere = await createCompany(t.app, { members: [{ userId: person.id }] });
      const token = await tokenFor(t.app, person.account, PASSWORD);
      await call(t.app, contract.enterEnterprise, { query: { enterpriseId: a.enterpriseId }, token });

      const removed = await remove(a.token, person.id);
      expect([removed.code, removed.data]).toEqual([0, null]);
      expect(await findMembership(t.app.ctx.db, a.enterpriseId, person.id)).toBeUndefined();
      expect(await findUserById(t.app.ctx.db, person.id)).toBeDefined();
      const info = await call(t.app, contract.portalInfo, { token });
      expect(info.data.enterpriseId).toBe(elsewhere.enterpriseId);
      expect(info.data.enterpriseProduct.map((e: { enterpriseId: number }) => e.enterpriseId)).toEqual([
        elsewhere.enterpriseId,
      ]);
      expect((await list(a.token)).data.total).toBe(1);
      const [event] = await audit(a.enterpriseId, 'member.remove');
      expect(JSON.parse(event!.detail!)).toEqual({ memberId: person.id, role: 'member', self: false });
      // removing again: no longer a member
      expect((await remove(a.token, person.id)).code).toBe(1000404);
    });

    it('refuses to remove the last administrator; another administrator may remove itself', async () => {
      const a = await companyWithAdmin(t.app);
      const last = await remove(a.token, a.admin.id);
      expect([last.status, last.code, last.data]).toEqual([403, 1000403, { reason: 'lastAdmin' }]);

      const other = await createUser(t.app);
      await join(a.enterpriseId, other.id, 'admin', t.app.ctx.now());
      const otherToken = await tokenFor(t.app, other.account, PASSWORD);
      const self = await remove(otherToken, other.id);
      expect(self.code, self.msg).toBe(0);
      expect((await list(otherToken)).code).toBe(1000403);
      expect((await call(t.app, contract.portalInfo, { token: otherToken })).data.enterpriseId).toBeNull();
      expect(JSON.parse((await audit(a.enterpriseId, 'member.remove'))[0]!.detail!)).toMatchObject({ self: true });
      // the last one again
      expect((await remove(a.token, a.admin.id)).code).toBe(1000403);
    });

    it('refuses someone of another company with 1000404', async () => {
      const a = await companyWithAdmin(t.app);
      const b = await companyWithAdmin(t.app);
      const reply = await remove(a.token, b.admin.id);
      expect([reply.status, reply.code]).toEqual([404, 1000404]);
      expect(await findMembership(t.app.ctx.db, b.enterpriseId, b.admin.id)).toBeDefined();
    });
  });
});
