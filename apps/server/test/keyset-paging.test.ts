import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import type { CallDeclaration } from '@portal/shared/api/contract/define';
import { PASSWORD, createUser } from './support/fixtures.ts';
import { type Reply, call, tokenFor } from './support/http.ts';
import { companyWithAdmin } from './support/settings.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

/** Cursors the server never gave: bad alphabet, padding, other shapes, a NUL byte, too long, and keys
 *  beyond their column's range (an id above 2^31 - 1, a negative one or time), whatever the list's key. */
const b64 = (text: string) => Buffer.from(text).toString('base64url');
const FORGED = [
  'not a cursor',
  `${b64('[5]')}=`,
  b64('[5,1,2]'),
  b64('["5"]'),
  b64('[5.5]'),
  b64('{"id":5}'),
  b64('[5]\u0000'),
  b64('[1e400]'),
  b64('[-0]'),
  'A'.repeat(129),
  b64('[2147483648]'),
  b64('[9007199254740991]'),
  b64('[-1]'),
  b64('[1764547200000,2147483648]'),
  b64('[1764547200000,9007199254740991]'),
  b64('[-1,5]'),
  b64('[1764547200000,-5]'),
];

/**
 * Reads a list page by page through `nextCursor`, calling `between` after each page (rows inserted
 * or touched there must neither repeat nor hide a row); the ids in the order read, and each page.
 */
async function walk(page: (cursor: string | undefined) => Promise<Reply>, between: () => Promise<void>) {
  const ids: number[] = [];
  const pages: Reply[] = [];
  let cursor: string | undefined;
  for (let n = 0; n < 100; n++) {
    const reply = await page(cursor);
    expect(reply.code, reply.msg).toBe(0);
    pages.push(reply);
    ids.push(...reply.data.items.map((item: Record<string, number>) => item.id ?? item.userId));
    cursor = reply.data.nextCursor ?? undefined;
    if (cursor === undefined) return { ids, pages };
    await between();
  }
  throw new Error('the cursor never ended');
}

describe(`lists paged by a key, not an offset (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  async function refusesForgedCursors(declaration: CallDeclaration, token: string, query = {}) {
    for (const cursor of FORGED) {
      const reply = await call(t.app, declaration, { token, query: { ...query, cursor } });
      expect([cursor, reply.code, reply.data?.fields]).toEqual([cursor, 1000400, { cursor: expect.any(String) }]);
    }
  }

  describe('My sessions', () => {
    /** A live session of the user, opened now, straight into the table. */
    async function openSession(userId: number): Promise<number> {
      const now = t.app.ctx.now();
      const row = await t.app.ctx.db
        .insertInto('sessions')
        .values({
          token_hash: randomBytes(16).toString('hex'),
          user_id: userId,
          enterprise_id: null,
          created_at: now,
          last_seen_at: now,
          expires_at: now + 86_400_000,
          revoked_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    }

    it('walks every live session once, newest opened first, while sessions open and are used between pages', async () => {
      const user = await createUser(t.app);
      const token = await tokenFor(t.app, user.account, PASSWORD);
      for (let i = 0; i < 44; i++) await openSession(user.id);
      const live = await t.app.ctx.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
      const expected = live.map((row) => row.id).sort((a, b) => b - a);
      expect(expected).toHaveLength(45);

      let round = 0;
      const { ids, pages } = await walk(
        (cursor) => call(t.app, contract.mySessions, { token, query: { pageSize: 10, cursor } }),
        async () => {
          // a new sign-in, and an older session in use again, between two pages
          await openSession(user.id);
          round++;
          await t.app.ctx.db
            .updateTable('sessions')
            .set({ last_seen_at: t.app.ctx.now() + round })
            .where('id', '=', expected[expected.length - round]!)
            .execute();
        },
      );
      expect(ids).toEqual(expected);
      expect(pages.map((p) => p.data.items.length)).toEqual([10, 10, 10, 10, 5]);
      expect(pages[0]!.data.total).toBe(45);
      expect(pages[4]!.data).toMatchObject({ total: 49, nextCursor: null });
      expect(pages.flatMap((p) => p.data.items.filter((s: { current: boolean }) => s.current))).toHaveLength(1);
    });

    it('refuses a cursor it did not give', async () => {
      const user = await createUser(t.app);
      const token = await tokenFor(t.app, user.account, PASSWORD);
      await refusesForgedCursors(contract.mySessions, token);
    });
  });

  describe('the audit log', () => {
    /** Events of the company straight into the table, `perMs` of them in each millisecond, oldest first. */
    async function record(enterpriseId: number, count: number, at: number, perMs: number, action = 'member.update') {
      const values = Array.from({ length: count }, (_, i) => ({
        at: at + Math.floor(i / perMs),
        action: i % 2 === 0 ? action : 'branding.change',
        user_id: null,
        enterprise_id: enterpriseId,
        ip: null,
        detail: null,
      }));
      await t.app.ctx.db.insertInto('audit_events').values(values).execute();
    }

    it('walks the log on time and id once, events of one millisecond split across pages, while events are recorded', async () => {
      const a = await companyWithAdmin(t.app);
      const start = t.app.ctx.now() - 3_600_000;
      await record(a.enterpriseId, 150, start, 7);
      const between = () => record(a.enterpriseId, 3, t.app.ctx.now(), 1);

      for (const filter of [{}, { action: 'member.update' }]) {
        const stored = await t.app.ctx.db
          .selectFrom('audit_events')
          .select(['id', 'at'])
          .where('enterprise_id', '=', a.enterpriseId)
          .$if('action' in filter, (q) => q.where('action', '=', 'member.update'))
          .execute();
        const expected = stored.toSorted((x, y) => y.at - x.at || y.id - x.id);
        const { ids, pages } = await walk(
          (cursor) => call(t.app, contract.auditEvents, { token: a.token, query: { ...filter, pageSize: 20, cursor } }),
          between,
        );
        expect(ids).toEqual(expected.map((e) => e.id));
        expect(pages[0]!.data.total).toBe(expected.length);
        expect(pages.slice(1).map((p) => p.data.total)).toEqual(pages.slice(1).map(() => null));
      }
    });

    it('refuses a cursor it did not give', async () => {
      const a = await companyWithAdmin(t.app);
      await refusesForgedCursors(contract.auditEvents, a.token);
      await refusesForgedCursors(contract.auditEvents, a.token, { action: 'member.update' });
    });
  });

  describe('members', () => {
    it('walks the members in the order they joined once, ties split across pages, while members join', async () => {
      const a = await companyWithAdmin(t.app);
      const joinedAt = t.app.ctx.now() - 86_400_000;
      const join = async (n: number, at: (i: number) => number) => {
        for (let i = 0; i < n; i++) {
          const user = await createUser(t.app);
          await t.app.ctx.db
            .insertInto('memberships')
            .values({
              enterprise_id: a.enterpriseId,
              user_id: user.id,
              role: 'member',
              department_id: a.defaultDepartmentId,
              joined_at: at(i),
            })
            .execute();
        }
      };
      await join(36, (i) => joinedAt + Math.floor(i / 5));
      const stored = await t.app.ctx.db
        .selectFrom('memberships')
        .select(['user_id', 'joined_at'])
        .where('enterprise_id', '=', a.enterpriseId)
        .execute();
      const expected = stored.toSorted((x, y) => x.joined_at - y.joined_at || x.user_id - y.user_id);
      expect(expected).toHaveLength(37);

      const { ids, pages } = await walk(
        (cursor) => call(t.app, contract.members, { token: a.token, query: { pageSize: 8, cursor } }),
        // joining now: after every member read so far, so read at the end, and never twice
        () => join(1, () => t.app.ctx.now()),
      );
      expect(ids.slice(0, 37)).toEqual(expected.map((m) => m.user_id));
      expect(new Set(ids).size).toBe(ids.length);
      expect(pages[0]!.data.total).toBe(37);
      expect(pages.slice(1).every((p) => p.data.total === null)).toBe(true);

      // the offset pages of the API contract still answer, with the total on each
      const offset = await call(t.app, contract.members, { token: a.token, query: { page: 2, pageSize: 8 } });
      expect(offset.data.items.map((m: { userId: number }) => m.userId)).toEqual(ids.slice(8, 16));
      expect(offset.data.total).toBe(ids.length);
    });

    it('refuses a cursor it did not give', async () => {
      const a = await companyWithAdmin(t.app);
      await refusesForgedCursors(contract.members, a.token);
      await refusesForgedCursors(contract.members, a.token, { keyword: 'user' });
    });
  });

  describe('invitations', () => {
    it('walks the links newest first once, those of one millisecond split across pages, while links are made', async () => {
      const a = await companyWithAdmin(t.app);
      const made = t.app.ctx.now() - 3_600_000;
      const make = async (n: number, at: (i: number) => number) => {
        const values = Array.from({ length: n }, (_, i) => ({
          token_hash: randomBytes(16).toString('hex'),
          kind: 'member' as const,
          enterprise_id: a.enterpriseId,
          department_id: null,
          created_by: a.admin.id,
          product_codes: null,
          max_uses: 1,
          uses: 0,
          expires_at: made + 86_400_000,
          revoked_at: null,
          created_at: at(i),
        }));
        await t.app.ctx.db.insertInto('invitations').values(values).execute();
      };
      await make(33, (i) => made + Math.floor(i / 4));
      const stored = await t.app.ctx.db
        .selectFrom('invitations')
        .select(['id', 'created_at'])
        .where('enterprise_id', '=', a.enterpriseId)
        .execute();
      const expected = stored.toSorted((x, y) => y.created_at - x.created_at || y.id - x.id);

      const { ids } = await walk(
        (cursor) => call(t.app, contract.invitations, { token: a.token, query: { pageSize: 6, cursor } }),
        () => make(2, () => t.app.ctx.now()),
      );
      expect(ids).toEqual(expected.map((i) => i.id));
    });

    it('refuses a cursor it did not give', async () => {
      const a = await companyWithAdmin(t.app);
      await refusesForgedCursors(contract.invitations, a.token);
    });
  });

  describe('the events feed and webhook deliveries', () => {
    it('refuse a cursor they did not give', async () => {
      const a = await companyWithAdmin(t.app);
      await refusesForgedCursors(contract.companyEvents, a.token);
      await refusesForgedCursors(contract.companyEvents, a.token, { type: 'member.joined' });
      const now = t.app.ctx.now();
      const endpoint = await t.app.ctx.db
        .insertInto('webhook_endpoints')
        .values({
          enterprise_id: a.enterpriseId,
          url: 'https://receiver.example.test/hooks',
          event_types: '["member.joined"]',
          secret: 'whsec_unused',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await refusesForgedCursors(contract.webhookDeliveries, a.token, { id: endpoint.id });
    });
  });
});
