import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDueOutboxRowsQuery, claimNextOfKeyQuery, insertOutboxRows } from '../../src/queries/outbox.ts';
import { ENGINE, type TestApp, startTestApp } from '../support/test-app.ts';

const DELIVERED = 100_000;
const KEY = 'endpoint:1';

/**
 * The outbox claim's cost does not grow with an ordering key's delivered history: the look for an
 * older pending row of the same key goes through the index of pending rows alone, on a freshly
 * migrated database whose statistics were never gathered (the portal never runs ANALYZE).
 */
describe(`the outbox claim's plan (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await t.app.outboxWorker.close();
  });
  afterAll(async () => t?.close());

  it(`looks for older pending rows of a key through the pending rows' index, behind ${DELIVERED} delivered ones`, async () => {
    const db = t.app.ctx.db;
    const now = t.app.ctx.now();
    // one key's delivered history, written in one statement on either engine
    const series =
      ENGINE === 'postgres'
        ? sql`select generate_series(1, ${DELIVERED}) as n`
        : sql`with recursive s(n) as (select 1 union all select n + 1 from s where n < ${DELIVERED}) select n from s`;
    await sql`
      insert into outbox (topic, ordering_key, payload, state, attempts, next_at, created_at, done_at)
      select 'webhook', ${KEY}, '{}', 'delivered', 1, ${now}, ${now}, ${now} from (${series}) as history
    `.execute(db);
    await insertOutboxRows(db, [{ topic: 'webhook', ordering_key: KEY, payload: '{}', next_at: now, created_at: now }]);

    const planOf = async (query: { compile(): CompiledQuery }) => {
      const compiled = query.compile();
      const explain = ENGINE === 'postgres' ? 'EXPLAIN ' : 'EXPLAIN QUERY PLAN ';
      const plan = await db.executeQuery<Record<string, unknown>>(
        CompiledQuery.raw(explain + compiled.sql, [...compiled.parameters]),
      );
      return plan.rows.map((row) => String(row['QUERY PLAN'] ?? row.detail));
    };
    const claim = { topics: ['webhook' as const], now, leaseMs: 10_000, owner: 'plan' };
    const lines = await planOf(claimDueOutboxRowsQuery(db, ENGINE, { ...claim, limit: 8 }));
    // the NOT EXISTS of an older pending row of the key: by the partial index, never the key's history
    expect(
      lines.some((line) => line.includes('outbox_pending_ordering')),
      lines.join('\n'),
    ).toBe(true);
    expect(
      lines.some((line) => /\boutbox_ordering\b/.test(line)),
      lines.join('\n'),
    ).toBe(false);
    // the rows without a key by the index of those alone, never past a key's backlog
    expect(
      lines.some((line) => line.includes('outbox_pending_unordered')),
      lines.join('\n'),
    ).toBe(true);

    // the next row of a key once its row is done: the head of the key through the same index
    const next = await planOf(claimNextOfKeyQuery(db, ENGINE, { ...claim, orderingKey: KEY }));
    expect(
      next.some((line) => line.includes('outbox_pending_ordering')),
      next.join('\n'),
    ).toBe(true);
    expect(
      next.some((line) => /\boutbox_ordering\b/.test(line)),
      next.join('\n'),
    ).toBe(false);
  });
});
