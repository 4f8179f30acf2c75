import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { recordAudit } from '../src/libraries/platform/audit.ts';
import { insertMembership } from '../src/queries/memberships.ts';
import { findDefaultDepartmentId } from '../src/queries/registration-enterprises.ts';
import { updateUser } from '../src/queries/users.ts';
import type { QueryValues } from '../test-kit/call.ts';
import { PASSWORD, createCompany, createUser } from './support/fixtures.ts';
import { call, randomLoopback, tokenFor, urlOf } from './support/http.ts';
import { companyWithAdmin } from './support/settings.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

interface Item {
  id: number;
  at: string;
  action: string;
  actor: { userId: number; nickname: string } | null;
  ip: string | null;
  detail: Record<string, unknown> | null;
}

/** RFC 4180 back into rows: quoted cells may hold commas, quotes (doubled) and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) throw new Error(`unterminated last line: ${JSON.stringify(row)} ${cell}`);
  return rows;
}

describe(`settings centre: audit log (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const events = (token: string | undefined, query?: QueryValues) =>
    call(t.app, contract.auditEvents, { token, query });
  const items = async (token: string, query?: QueryValues): Promise<Item[]> => {
    const reply = await events(token, query);
    expect(reply.code, reply.msg).toBe(0);
    return reply.data.items as Item[];
  };
  const csv = (token: string | undefined, query?: QueryValues, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: urlOf(contract.auditEventsCsv, { query }),
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      remoteAddress: randomLoopback(),
    });
  const join = async (enterpriseId: number, userId: number, role: 'admin' | 'member' = 'member') =>
    insertMembership(t.app.ctx.db, {
      enterprise_id: enterpriseId,
      user_id: userId,
      role,
      department_id: await findDefaultDepartmentId(t.app.ctx.db, enterpriseId),
      joined_at: t.app.ctx.now(),
    });
  /** An event written as the libraries write them, at a chosen moment. */
  const record = (enterpriseId: number, action: string, at: number, userId: number | null = null, detail = {}) =>
    recordAudit(
      { ...t.app.ctx, now: () => at },
      { action: action as never, enterpriseId, userId, ip: '10.0.0.1', detail },
    );

  it("shows the company's own events newest first, never another company's, with what changed", async () => {
    const a = await companyWithAdmin(t.app, 'Alice Admin');
    const b = await companyWithAdmin(t.app, 'Bob Admin');
    const member = await createUser(t.app, { nickname: 'Mia Member' });
    await join(a.enterpriseId, member.id);
    const upd = await call(t.app, contract.updateMember, {
      token: a.token,
      body: {
        userId: member.id,
        role: 'admin',
      },
    });
    expect(upd.code, upd.msg).toBe(0);
    const created = await call(t.app, contract.createInvitation, { token: a.token, body: { kind: 'member' } });
    expect(created.code, created.msg).toBe(0);
    const revoked = await call(t.app, contract.revokeInvitation, {
      token: a.token,
      body: {
        id: created.data.invitationId,
      },
    });
    expect(revoked.code, revoked.msg).toBe(0);
    const other = await call(t.app, contract.createInvitation, { token: b.token, body: { kind: 'owner' } });
    expect(other.code, other.msg).toBe(0);

    const reply = await events(a.token);
    expect(reply.code, reply.msg).toBe(0);
    expect(reply.data).toMatchObject({ total: 4, nextCursor: null });
    const list = reply.data.items as Item[];
    expect(list.map((e) => e.action)).toEqual([
      'invitation.revoke',
      'invitation.create',
      'member.update',
      'sign-in.success',
    ]);
    const [revoke, create, update, signIn] = list;
    expect(update).toEqual({
      id: expect.any(Number),
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      action: 'member.update',
      actor: { userId: a.admin.id, nickname: 'Alice Admin' },
      ip: expect.any(String),
      detail: { memberId: member.id, memberName: 'Mia Member', role: { from: 'member', to: 'admin' } },
    });
    expect(create!.detail).toMatchObject({ invitationId: created.data.invitationId, kind: 'member', maxUses: 1 });
    // the link's secret is never on record, only its row id
    expect(JSON.stringify(list)).not.toContain(created.data.id);
    expect(revoke!.detail).toEqual({ invitationId: created.data.invitationId });
    expect(signIn!.actor).toEqual({ userId: a.admin.id, nickname: 'Alice Admin' });
    expect(signIn!.detail).toEqual({ via: 'account', loginType: 'password' });
    const ids = list.map((e) => e.id);
    expect([...ids].sort((x, y) => y - x)).toEqual(ids);

    // B sees its own two, not A's
    expect((await items(b.token)).map((e) => e.action)).toEqual(['invitation.create', 'sign-in.success']);
  });

  it('refuses members, administrators of a company without the settings centre, and anonymous callers', async () => {
    const a = await companyWithAdmin(t.app);
    const member = await createUser(t.app);
    await join(a.enterpriseId, member.id);
    const memberToken = await tokenFor(t.app, member.account, PASSWORD);
    for (const query of [{}, { action: 'sign-in.success' }]) {
      const refused = await events(memberToken, query);
      expect([refused.status, refused.code, refused.headers['redirect-page']]).toEqual([403, 1000403, '001']);
    }
    const csvRefused = await csv(memberToken);
    expect(csvRefused.statusCode).toBe(403);
    expect(csvRefused.json()).toMatchObject({ code: 1000403, data: null });

    const plainAdmin = await createUser(t.app);
    await createCompany(t.app, { products: [], members: [{ userId: plainAdmin.id, role: 'admin' }] });
    const plain = await events(await tokenFor(t.app, plainAdmin.account, PASSWORD));
    expect(plain.code).toBe(1000403);

    expect((await events(undefined)).code).toBe(1000401);
    expect((await csv(undefined)).json().code).toBe(1000401);
    // a refused member's export is not recorded
    const exports = await t.app.ctx.db
      .selectFrom('audit_events')
      .select('id')
      .where('action', '=', 'audit.export')
      .where('user_id', '=', member.id)
      .execute();
    expect(exports).toEqual([]);
  });

  it('records a sign-in in the company the session lands in, and a switch in the company entered', async () => {
    const a = await companyWithAdmin(t.app);
    const b = await companyWithAdmin(t.app);
    const both = await createUser(t.app, { nickname: 'Two Hats' });
    await join(a.enterpriseId, both.id);
    await join(b.enterpriseId, both.id);
    await updateUser(t.app.ctx.db, both.id, { last_enterprise_id: b.enterpriseId });
    const token = await tokenFor(t.app, both.account, PASSWORD);
    const ofBoth = (list: Item[]) => list.filter((e) => e.actor?.userId === both.id).map((e) => e.action);
    expect(ofBoth(await items(b.token))).toEqual(['sign-in.success']);
    expect(ofBoth(await items(a.token))).toEqual([]);

    const entered = await call(t.app, contract.enterEnterprise, { query: { enterpriseId: a.enterpriseId }, token });
    expect(entered.code, entered.msg).toBe(0);
    // entering the company one is already in is no new event
    await call(t.app, contract.enterEnterprise, { query: { enterpriseId: a.enterpriseId }, token });
    expect(ofBoth(await items(a.token))).toEqual(['enterprise.enter']);
    expect(ofBoth(await items(b.token))).toEqual(['sign-in.success']);
  });

  it('filters by person, action and time span, together, and pages through the rest', async () => {
    const a = await companyWithAdmin(t.app);
    const p1 = await createUser(t.app, { nickname: 'P One' });
    const p2 = await createUser(t.app, { nickname: 'P Two' });
    const day = 86_400_000;
    const base = Date.parse('2026-03-01T00:00:00Z');
    // four days, each with one event of each person: branding.change by p1, member.remove by p2
    for (let d = 0; d < 4; d++) {
      await record(a.enterpriseId, 'branding.change', base + d * day + 1000, p1.id, { names: true });
      await record(a.enterpriseId, 'member.remove', base + d * day + 2000, p2.id, { memberId: p1.id });
    }
    // two events of one millisecond: the later id comes first
    await record(a.enterpriseId, 'branding.change', base + 10 * day, p1.id, { tie: 1 });
    await record(a.enterpriseId, 'branding.change', base + 10 * day, p1.id, { tie: 2 });

    const inSpan = { from: new Date(base).toISOString(), to: new Date(base + 11 * day).toISOString() };
    const all = await items(a.token, inSpan);
    expect(all).toHaveLength(10);
    expect(all.slice(0, 2).map((e) => e.detail)).toEqual([{ tie: 2 }, { tie: 1 }]);
    expect(all[0]!.id).toBeGreaterThan(all[1]!.id);
    const times = all.map((e) => Date.parse(e.at));
    expect([...times].sort((x, y) => y - x)).toEqual(times);

    const byPerson = await items(a.token, { userId: p2.id });
    expect(byPerson).toHaveLength(4);
    expect(byPerson.every((e) => e.action === 'member.remove' && e.actor?.nickname === 'P Two')).toBe(true);
    expect(byPerson[0]!.detail).toEqual({ memberId: p1.id, memberName: 'P One' });

    const byAction = await items(a.token, { action: 'branding.change' });
    expect(byAction).toHaveLength(6);
    expect(byAction.every((e) => e.actor?.userId === p1.id)).toBe(true);

    // days 1 and 2 (from inclusive, to exclusive), of p1, of that action; offsets are honoured
    const from = '2026-03-02T08:00:00+08:00'; // = 2026-03-02T00:00:00Z
    const to = '2026-03-04T00:00:00.000Z';
    const span = await items(a.token, { from, to, userId: p1.id, action: 'branding.change' });
    expect(span.map((e) => e.at)).toEqual([
      new Date(base + 2 * day + 1000).toISOString(),
      new Date(base + day + 1000).toISOString(),
    ]);
    expect((await items(a.token, { from, to, action: 'member.create' })).length).toBe(0);

    const page1 = await events(a.token, { ...inSpan, pageSize: 3 });
    expect(page1.data).toMatchObject({ total: 10, nextCursor: expect.any(String) });
    const page2 = await events(a.token, { ...inSpan, pageSize: 3, cursor: page1.data.nextCursor! });
    expect(page2.data).toMatchObject({ total: null, nextCursor: expect.any(String) });
    expect((page2.data.items as Item[]).map((e) => e.id)).toEqual(all.slice(3, 6).map((e) => e.id));
    const last = await events(a.token, { ...inSpan, pageSize: 8, cursor: page1.data.nextCursor! });
    expect((last.data.items as Item[]).map((e) => e.id)).toEqual(all.slice(3).map((e) => e.id));
    expect(last.data.nextCursor).toBeNull();
    // blank filters are none
    expect((await events(a.token, { userId: '', action: '', ...inSpan })).data.total).toBe(10);
  });

  it("offers the log's people to its filter, members removed since included, and no one else", async () => {
    const a = await companyWithAdmin(t.app, 'Alice Admin');
    const b = await companyWithAdmin(t.app, 'Bob Admin');
    const gone = await createUser(t.app, { nickname: 'Gina Gone' });
    const quiet = await createUser(t.app, { nickname: 'Quinn Quiet' });
    await join(a.enterpriseId, gone.id);
    await join(a.enterpriseId, quiet.id);
    const now = t.app.ctx.now();
    await record(a.enterpriseId, 'sign-in.success', now, a.admin.id);
    await record(a.enterpriseId, 'sign-in.success', now + 1, gone.id);
    await record(b.enterpriseId, 'sign-in.success', now + 2, b.admin.id);
    const removed = await call(t.app, contract.removeMember, { token: a.token, body: { userId: gone.id } });
    expect(removed.code, removed.msg).toBe(0);

    const people = async (query?: QueryValues, token = a.token) => {
      const reply = await call(t.app, contract.auditPeople, { token, query });
      expect(reply.code, reply.msg).toBe(0);
      return reply.data;
    };
    // who acted here: the removed member too (its events stay); not the one who never acted, nor another company's
    expect(await people()).toEqual([
      { userId: a.admin.id, nickname: 'Alice Admin', removed: false },
      { userId: gone.id, nickname: 'Gina Gone', removed: true },
    ]);
    expect(await people({ keyword: 'GINA' })).toEqual([{ userId: gone.id, nickname: 'Gina Gone', removed: true }]);
    // who registered an owner company through this company's link never belonged to it
    const owner = await createUser(t.app, { nickname: 'Otto Owner' });
    await record(a.enterpriseId, 'invitation.redeem', now + 3, owner.id, {
      invitationId: 1,
      kind: 'owner',
      newUser: true,
    });
    expect((await people()).map((p: { nickname: string }) => p.nickname)).toEqual(['Alice Admin', 'Gina Gone']);
    expect(await people({ keyword: '50%' })).toEqual([]);
    const memberToken = await tokenFor(t.app, quiet.account, PASSWORD);
    expect((await call(t.app, contract.auditPeople, { token: memberToken })).code).toBe(1000403);
  });

  it('refuses bad paging and filters with 1000400', async () => {
    const a = await companyWithAdmin(t.app);
    for (const query of [
      { pageSize: 101 },
      { pageSize: 0 },
      { page: 0 },
      { userId: 'abc' },
      { userId: -1 },
      { action: 'DROP TABLE' },
      { action: 'a'.repeat(65) },
      { from: 'yesterday' },
      { to: '2026-03-01' },
      { enterpriseId: 1 },
    ]) {
      const reply = await events(a.token, query);
      expect([reply.status, reply.code], JSON.stringify(query)).toEqual([400, 1000400]);
      expect((await csv(a.token, query)).statusCode, JSON.stringify(query)).toBe(400);
    }
  });

  it('shows a detail without secrets, with identifiers masked', async () => {
    const a = await companyWithAdmin(t.app);
    await record(a.enterpriseId, 'phone.change', t.app.ctx.now(), a.admin.id, {
      via: 'code',
      token: 'tok-secret',
      tokenHash: 'abc',
      passwordHash: '$argon2id$...',
      code: '123456',
      ticket: 't-1',
      recoveryCodes: ['a', 'b'],
      phone: '13912345678',
      newEmail: 'someone@example.com',
      nested: { secret: 'x', kept: 1 },
      kind: 'member',
      langCode: 'en-US',
    });
    const [event] = await items(a.token, { action: 'phone.change' });
    expect(event!.detail).toEqual({
      via: 'code',
      phone: '13***8',
      newEmail: 'so***m',
      nested: { kept: 1 },
      kind: 'member',
      langCode: 'en-US',
    });
  });

  describe('CSV export', () => {
    it('downloads the filtered events with a BOM, RFC 4180 quoting and the formula guard, and records the export', async () => {
      const a = await companyWithAdmin(t.app, 'Ann, the "Admin"');
      const tricky = await createUser(t.app, { nickname: '=HYPERLINK("http://x","y")' });
      const atSign = await createUser(t.app, { nickname: '@SUM(1+1)' });
      const lines = await createUser(t.app, { nickname: '王\n磊' });
      const now = t.app.ctx.now();
      await record(a.enterpriseId, 'member.create', now + 1000, tricky.id, { memberId: lines.id, role: 'member' });
      await record(a.enterpriseId, 'member.remove', now + 2000, atSign.id, { memberId: tricky.id });
      await record(a.enterpriseId, 'custom.thing', now + 3000, null, { note: '-2+3' });

      const response = await csv(a.token, {}, { cookie: 'langCode=en-US' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{8}\.csv"$/);
      expect(response.headers['cache-control']).toContain('no-store');
      const raw = response.rawPayload;
      expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = raw.subarray(3).toString('utf8');
      expect(text.endsWith('\r\n')).toBe(true);
      const rows = parseCsv(text);
      // without the reader's zone, the times are UTC's, marked as such
      expect(rows[0]).toEqual(['Time (UTC)', 'Person', 'Person ID', 'Action', 'Action code', 'IP address', 'Details']);
      for (const row of rows.slice(1)) expect(row[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(rows.slice(1).map((r) => r[4])).toEqual([
        'custom.thing',
        'member.remove',
        'member.create',
        'sign-in.success',
      ]);
      const [custom, remove, create, signIn] = rows.slice(1);
      // an action without a label shows its code; a cell like a formula gets a quote in front
      expect(custom).toEqual([
        expect.any(String),
        '',
        '',
        'custom.thing',
        'custom.thing',
        '10.0.0.1',
        // an action without words yet shows its plain values; the formula guard still applies
        'note: -2+3',
      ]);
      expect(remove!.slice(1, 4)).toEqual(["'@SUM(1+1)", String(atSign.id), 'Removed a member']);
      expect(remove![6]).toBe('Member: =HYPERLINK("http://x","y")');
      expect(create![1]).toBe(`'=HYPERLINK("http://x","y")`);
      expect(create![6]).toBe('Member: 王\n磊 · Role: Member');
      expect(signIn!.slice(1, 4)).toEqual(['Ann, the "Admin"', String(a.admin.id), 'Signed in']);
      expect(new Date(signIn![0]!).toISOString().replace('.000Z', 'Z')).toBe(signIn![0]);
      // the raw text: quoted and doubled as RFC 4180 says
      expect(text).toContain(`"Ann, the ""Admin"""`);
      expect(text).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);

      const [exported] = await items(a.token, { action: 'audit.export' });
      expect(exported).toMatchObject({
        actor: { userId: a.admin.id },
        detail: { format: 'csv', rows: 4, filter: {} },
      });
    });

    it("gives the details in words in the reader's language, and a verification as one", async () => {
      const a = await companyWithAdmin(t.app, 'Ann Admin');
      const now = t.app.ctx.now();
      await record(a.enterpriseId, 'department.rename', now + 1, a.admin.id, {
        departmentId: 5,
        from: 'R&D',
        to: 'R&D Center',
      });
      await record(a.enterpriseId, 'email.change', now + 2, a.admin.id, { hadEmail: true, changed: false });
      await record(a.enterpriseId, 'sign-in.success', now + 3, a.admin.id, { via: 'account', loginType: 'password' });
      const rowsIn = async (cookie: string) =>
        parseCsv((await csv(a.token, {}, { cookie })).rawPayload.subarray(3).toString('utf8'))
          .slice(1)
          // the first export is on the log itself by the second
          .filter((r) => r[4] !== 'audit.export')
          .slice(0, 3)
          .map((r) => [r[3], r[6]]);
      expect(await rowsIn('langCode=en-US')).toEqual([
        ['Signed in', 'Method: password (account)'],
        ['Verified the email', ''],
        ['Renamed a department', 'Department: R&D → R&D Center'],
      ]);
      expect(await rowsIn('langCode=zh-CN')).toEqual([
        ['登录', '方式：密码（账号）'],
        ['验证邮箱', ''],
        ['重命名部门', '部门：R&D → R&D Center'],
      ]);
    });

    it("gives the times in the reader's time zone with its offset, as the screen shows them", async () => {
      const a = await companyWithAdmin(t.app);
      // 2026-11-24 16:01:02 UTC: past midnight in Shanghai, the afternoon before in New York
      await record(a.enterpriseId, 'branding.change', Date.UTC(2026, 10, 24, 16, 1, 2), a.admin.id);
      const times = async (query: QueryValues) =>
        parseCsv((await csv(a.token, query)).rawPayload.subarray(3).toString('utf8'))
          .slice(1)
          .map((r) => r[0]);
      expect(await times({ action: 'branding.change', timeZone: 'Asia/Shanghai' })).toEqual([
        '2026-11-25T00:01:02+08:00',
      ]);
      expect(await times({ action: 'branding.change', timeZone: 'America/New_York' })).toEqual([
        '2026-11-24T11:01:02-05:00',
      ]);
      expect(await times({ action: 'branding.change' })).toEqual(['2026-11-24T16:01:02Z']);
      const unknown = await csv(a.token, { timeZone: 'Mars/Olympus' });
      expect(unknown.json()).toMatchObject({ code: 1000400, data: { fields: { timeZone: expect.any(String) } } });
    });

    it('follows the filters and the language, Chinese by default', async () => {
      const a = await companyWithAdmin(t.app, '管理员');
      const now = t.app.ctx.now();
      await record(a.enterpriseId, 'branding.change', now - 1000, a.admin.id, { icon: { type: 'image/png' } });
      const response = await csv(a.token, { action: 'branding.change', userId: a.admin.id });
      expect(response.statusCode).toBe(200);
      const rows = parseCsv(response.rawPayload.subarray(3).toString('utf8'));
      expect(rows[0]).toEqual(['时间（UTC）', '操作人', '操作人 ID', '操作', '操作代码', 'IP 地址', '详情']);
      expect(rows.slice(1).map((r) => [r[1], r[3]])).toEqual([['管理员', '修改企业品牌']]);
      const german = parseCsv(
        (await csv(a.token, { action: 'branding.change' }, { cookie: 'langCode=de-DE' })).rawPayload
          .subarray(3)
          .toString('utf8'),
      );
      expect(german[1]![3]).toBe('Erscheinungsbild geändert');

      const [last] = await items(a.token, { action: 'audit.export' });
      expect(last!.detail).toEqual({
        format: 'csv',
        rows: 1,
        filter: { action: 'branding.change' },
      });
    });
  });
});
