import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { countPurgedTables, seedExpiredRows } from '../bench/expired-rows.ts';
import { openDatabase } from '../src/db/database.ts';
import { PURGE_BATCH_ROWS, type PurgeRun, purgeExpired } from '../src/libraries/platform/retention.ts';
import { PASSWORD, createUser } from './support/fixtures.ts';
import { tokenFor } from './support/http.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

const BACKLOG = 50_000;

/** Rows a run deleted over all its tables. */
const deletedIn = ({ batches: _batches, skipped: _skipped, ...purged }: PurgeRun) =>
  Object.values(purged).reduce((sum, rows) => sum + rows, 0);

describe(`the purge deletes in batches and catches up its backlog (${ENGINE})`, () => {
  let t: TestApp;
  let base: string;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp();
    const user = await createUser(t.app);
    token = await tokenFor(t.app, user.account, PASSWORD);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t?.close());

  it(`purges a backlog of ${BACKLOG} expired rows over every table in one run, in batches, and keeps the live rows`, async () => {
    const before = await countPurgedTables(t.app.ctx.db);
    const written = await seedExpiredRows(t.app.ctx.db, t.app.ctx.engine, BACKLOG, t.app.ctx.now());
    expect(written).toBeGreaterThanOrEqual(BACKLOG - 20);

    const batches: number[] = [];
    const run = await purgeExpired(t.app.ctx, { afterBatch: (_table, rows) => void batches.push(rows) });

    expect(run.skipped).toBe(false);
    // the grant links of expired sessions go with their sessions (a cascade), uncounted
    expect(deletedIn(run)).toBeGreaterThan(written * 0.95);
    expect(run.batches).toBe(batches.length);
    expect(Math.max(...batches)).toBeLessThanOrEqual(PURGE_BATCH_ROWS);
    expect(batches.length).toBeGreaterThanOrEqual(Math.ceil(deletedIn(run) / PURGE_BATCH_ROWS));
    // nothing expired is left: each table holds what it held before, plus its one live row
    const after = await countPurgedTables(t.app.ctx.db);
    expect(after).toEqual(Object.fromEntries(Object.entries(before).map(([table, rows]) => [table, rows + 1])));
  });

  it('answers a read that arrives during the purge before the purge has finished', async () => {
    await seedExpiredRows(t.app.ctx.db, t.app.ctx.engine, BACKLOG, t.app.ctx.now());
    const events: string[] = [];
    const purge = purgeExpired(t.app.ctx, { afterBatch: () => void events.push('batch') }).then((run) => {
      events.push('purged');
      return run;
    });
    const read = fetch(`${base}${contract.currentUser.path}`, { headers: { authorization: `Bearer ${token}` } }).then(
      async (response) => {
        events.push('read');
        return { status: response.status, body: (await response.json()) as { code: number } };
      },
    );
    const [run, answer] = await Promise.all([purge, read]);

    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(0);
    // the read was answered while batches were still to come
    expect(events.indexOf('read')).toBeLessThan(events.indexOf('purged'));
    expect(events.slice(events.indexOf('read'))).toContain('batch');
    expect(run.batches).toBeGreaterThan(10);
  });

  if (ENGINE === 'postgres') {
    it('runs in one process at a time: a second purger meanwhile skips its run (postgres)', async () => {
      await seedExpiredRows(t.app.ctx.db, t.app.ctx.engine, 10_000, t.app.ctx.now());
      // another server process: a pool of its own on the same database
      const other = openDatabase(t.testDb.config);
      try {
        const secondProcess = { ...t.app.ctx, db: other.db };
        let meanwhile: PurgeRun | undefined;
        const first = await purgeExpired(t.app.ctx, {
          afterBatch: async () => {
            meanwhile ??= await purgeExpired(secondProcess);
          },
        });
        expect(first.skipped).toBe(false);
        expect(deletedIn(first)).toBeGreaterThan(9_000);
        expect(meanwhile).toMatchObject({ skipped: true, batches: 0, sessions: 0 });
        // the lock went with the first run: the next run of the other process goes ahead
        expect(await purgeExpired(secondProcess)).toMatchObject({ skipped: false });
      } finally {
        await other.close();
      }
    });
  }
});
