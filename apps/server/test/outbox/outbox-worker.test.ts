import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { type OutboxTopicHandler, OutboxWorker } from '../../src/libraries/outbox/outbox-worker.ts';
import { type OutboxRow, insertOutboxRows } from '../../src/queries/outbox.ts';
import { ENGINE, type TestApp, startTestApp } from '../support/test-app.ts';

/** A handler of the `webhook` topic that records the rows it is given and answers as told. */
function recorder(
  answer: (row: OutboxRow) => Promise<boolean> | boolean = () => true,
  { retryDelayMs = 30, giveUpAfterMs = 400 } = {},
) {
  const tried: { id: number; key: string | null; attempts: number; at: number }[] = [];
  const handler: OutboxTopicHandler = {
    topic: 'webhook',
    attempt: async (row) => {
      tried.push({ id: row.id, key: row.ordering_key, attempts: row.attempts, at: Date.now() });
      return (await answer(row)) ? { ok: true, status: 200 } : { ok: false, status: 500, error: 'answered 500' };
    },
    retryDelayMs: () => retryDelayMs,
    giveUpAfterMs: () => giveUpAfterMs,
  };
  return { handler, tried };
}

/**
 * The outbox's worker on the real engine: rows of one ordering key one at a time and in order, taken
 * as runs held together and given back untried after a failure, a failed try again after its wait
 * and given up after its topic's time, and two workers (as two processes would) never holding the
 * same row at once nor trying one key's rows out of order.
 */
describe(`the outbox worker (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    // the app's own worker would take these rows too: only the workers of each case run
    await t.app.outboxWorker.close();
  });
  afterAll(async () => t?.close());

  async function queue(rows: { key: string | null }[]): Promise<number[]> {
    const now = Date.now();
    return insertOutboxRows(
      t.app.ctx.db,
      rows.map(({ key }) => ({
        topic: 'webhook' as const,
        ordering_key: key,
        payload: '{}',
        next_at: now,
        created_at: now,
      })),
    );
  }

  async function states(ids: number[]) {
    const rows = await t.app.ctx.db
      .selectFrom('outbox')
      .select(['id', 'state', 'attempts', 'lease_until'])
      .where('id', 'in', ids)
      .execute();
    return Object.fromEntries(
      rows.map((row) => [row.id, { state: row.state, attempts: row.attempts, leased: row.lease_until !== null }]),
    );
  }

  it('delivers the rows of one key in order, one at a time, and those of other keys beside them', async () => {
    const inFlight = new Map<string, number>();
    let overlap = 0;
    const { handler, tried } = recorder(async (row) => {
      const key = row.ordering_key!;
      inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
      if (inFlight.get(key)! > 1) overlap++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight.set(key, inFlight.get(key)! - 1);
      return true;
    });
    const worker = new OutboxWorker(t.app.ctx, { pollMs: 50 });
    worker.handle(handler);
    const ids = await queue(Array.from({ length: 30 }, (_, i) => ({ key: `endpoint:test-${i % 3}` })));
    worker.start();
    await worker.idle();
    await worker.close();
    expect(overlap).toBe(0);
    for (const key of ['endpoint:test-0', 'endpoint:test-1', 'endpoint:test-2']) {
      const order = tried.filter((row) => row.key === key).map((row) => row.id);
      expect(order).toEqual(ids.filter((_, i) => `endpoint:test-${i % 3}` === key));
    }
    expect(Object.values(await states(ids)).every((row) => row.state === 'delivered')).toBe(true);
  });

  it('tries a failed row again after its wait, and gives it up as dead after its time', async () => {
    let failuresLeft = 2;
    const { handler, tried } = recorder((row) => row.ordering_key !== 'endpoint:down' && failuresLeft-- <= 0);
    const worker = new OutboxWorker(t.app.ctx, { pollMs: 20 });
    worker.handle(handler);
    const [flaky, down] = await queue([{ key: 'endpoint:flaky' }, { key: 'endpoint:down' }]);
    worker.start();
    await expect.poll(async () => (await states([flaky!, down!]))[down!]?.state, { timeout: 10_000 }).toBe('dead');
    await worker.close();
    const after = await states([flaky!, down!]);
    expect(after[flaky!]).toEqual({ state: 'delivered', attempts: 3, leased: false });
    expect(after[down!]!.attempts).toBeGreaterThan(2);
    expect(tried.filter((row) => row.id === flaky).map((row) => row.attempts)).toEqual([1, 2, 3]);
  });

  it('never lets two workers hold the same row at once', async () => {
    const holding = new Set<number>();
    let twice = 0;
    const make = () => {
      const { handler, tried } = recorder(async (row) => {
        if (holding.has(row.id)) twice++;
        holding.add(row.id);
        await new Promise((resolve) => setTimeout(resolve, 2));
        holding.delete(row.id);
        return true;
      });
      const worker = new OutboxWorker(t.app.ctx, { pollMs: 10, concurrency: 4 });
      worker.handle(handler);
      return { worker, tried };
    };
    const a = make();
    const b = make();
    const ids = await queue(Array.from({ length: 200 }, () => ({ key: null })));
    a.worker.start();
    b.worker.start();
    await Promise.all([a.worker.idle(), b.worker.idle()]);
    await Promise.all([a.worker.close(), b.worker.close()]);
    expect(twice).toBe(0);
    const all = [...a.tried, ...b.tried].map((row) => row.id).filter((id) => ids.includes(id));
    expect(all.sort((x, y) => x - y)).toEqual(ids);
  });

  it('renews the lease while a try runs longer than it, so that no other worker takes the row', async () => {
    const LEASE_MS = 150;
    const { handler: slow, tried: bySlow } = recorder(async () => {
      await new Promise((resolve) => setTimeout(resolve, LEASE_MS * 5));
      return true;
    });
    const { handler: other, tried: byOther } = recorder();
    const a = new OutboxWorker(t.app.ctx, { pollMs: 10, leaseMs: LEASE_MS });
    a.handle(slow);
    const [id] = await queue([{ key: 'endpoint:slow' }]);
    a.start();
    await expect.poll(() => bySlow.length).toBe(1);
    const b = new OutboxWorker(t.app.ctx, { pollMs: 10, leaseMs: LEASE_MS });
    b.handle(other);
    b.start();
    await a.idle();
    await Promise.all([a.close(), b.close()]);
    expect(byOther.filter((row) => row.id === id)).toEqual([]);
    expect((await states([id!]))[id!]).toEqual({ state: 'delivered', attempts: 1, leased: false });
  });

  it("holds a key's next rows as a run, tries them in order, and gives back the rest untried at a failure", async () => {
    const ROWS = 10;
    const FAILING = 4;
    let ids: number[] = [];
    let heldDuringRun: Record<number, { state: string; attempts: number; leased: boolean }> = {};
    let failed = false;
    const { handler, tried } = recorder(
      async (row) => {
        if (row.id !== ids[FAILING] || failed) return true;
        // the run this row is in holds the rows after it, none of them tried yet
        heldDuringRun = await states(ids.slice(FAILING + 1));
        failed = true;
        return false;
      },
      { retryDelayMs: 300, giveUpAfterMs: 60_000 },
    );
    // runs not cut by their time, which a loaded machine would make shorter
    const worker = new OutboxWorker(t.app.ctx, { pollMs: 20, runMs: 60_000 });
    onTestFinished(() => worker.close());
    worker.handle(handler);
    ids = await queue(Array.from({ length: ROWS }, () => ({ key: 'endpoint:run' })));
    worker.start();
    await expect.poll(async () => failed && !(await states([ids[FAILING]!]))[ids[FAILING]!]!.leased).toBe(true);
    expect(Object.values(heldDuringRun)).toEqual(
      ids.slice(FAILING + 1).map(() => ({ state: 'pending', attempts: 0, leased: true })),
    );
    // the rows after the failed one are given back as they were, and wait for it
    const given = await states(ids);
    expect(ids.map((id) => given[id])).toEqual([
      ...ids.slice(0, FAILING).map(() => ({ state: 'delivered', attempts: 1, leased: false })),
      { state: 'pending', attempts: 1, leased: false },
      ...ids.slice(FAILING + 1).map(() => ({ state: 'pending', attempts: 0, leased: false })),
    ]);
    expect(tried.map((row) => row.id)).toEqual(ids.slice(0, FAILING + 1));
    await worker.idle();
    await worker.close();
    // the failed row again after its wait, then the rest in order, each try counted once
    expect(tried.map((row) => [row.id, row.attempts])).toEqual([
      ...ids.slice(0, FAILING + 1).map((id) => [id, 1]),
      [ids[FAILING], 2],
      ...ids.slice(FAILING + 1).map((id) => [id, 1]),
    ]);
    const done = await states(ids);
    expect(ids.map((id) => done[id]!.attempts)).toEqual(ids.map((id) => (id === ids[FAILING] ? 2 : 1)));
    expect(ids.every((id) => done[id]!.state === 'delivered')).toBe(true);
  });

  it('keeps every row of a run while one of its tries runs longer than the lease', async () => {
    const LEASE_MS = 150;
    let ids: number[] = [];
    const { handler: slow, tried: bySlow } = recorder(async (row) => {
      if (row.id === ids[3]) await new Promise((resolve) => setTimeout(resolve, LEASE_MS * 5));
      return true;
    });
    const { handler: other, tried: byOther } = recorder();
    const a = new OutboxWorker(t.app.ctx, { pollMs: 10, leaseMs: LEASE_MS });
    onTestFinished(() => a.close());
    a.handle(slow);
    ids = await queue(Array.from({ length: 8 }, () => ({ key: 'endpoint:slow-run' })));
    a.start();
    await expect.poll(() => bySlow.length).toBe(4);
    const b = new OutboxWorker(t.app.ctx, { pollMs: 10, leaseMs: LEASE_MS });
    onTestFinished(() => b.close());
    b.handle(other);
    b.start();
    await a.idle();
    await Promise.all([a.close(), b.close()]);
    expect(byOther.filter((row) => ids.includes(row.id))).toEqual([]);
    expect(bySlow.map((row) => row.id)).toEqual(ids);
    const done = await states(ids);
    expect(ids.every((id) => done[id]!.state === 'delivered' && done[id]!.attempts === 1)).toBe(true);
  });

  it("never lets two workers try one key's rows out of order or at once, failures and retries among them", async () => {
    const KEYS = 4;
    const PER_KEY = 40;
    const inFlight = new Set<string>();
    const delivered = new Set<number>();
    const failedOnce = new Set<number>();
    let overlaps = 0;
    let outOfOrder = 0;
    let ids: number[] = [];
    const make = () => {
      const { handler, tried } = recorder(
        async (row) => {
          const key = row.ordering_key!;
          if (inFlight.has(key)) overlaps++;
          inFlight.add(key);
          // every earlier row of the key is delivered before this one is tried
          if (ids.some((id, i) => id < row.id && `endpoint:pair-${i % KEYS}` === key && !delivered.has(id)))
            outOfOrder++;
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 2));
          inFlight.delete(key);
          // every seventh row fails its first try
          if (ids.indexOf(row.id) % 7 === 3 && !failedOnce.has(row.id)) {
            failedOnce.add(row.id);
            return false;
          }
          delivered.add(row.id);
          return true;
        },
        { giveUpAfterMs: 60_000 },
      );
      const worker = new OutboxWorker(t.app.ctx, { pollMs: 10, concurrency: 3 });
      onTestFinished(() => worker.close());
      worker.handle(handler);
      return { worker, tried };
    };
    const a = make();
    const b = make();
    ids = await queue(Array.from({ length: KEYS * PER_KEY }, (_, i) => ({ key: `endpoint:pair-${i % KEYS}` })));
    a.worker.start();
    b.worker.start();
    await expect
      .poll(async () => Object.values(await states(ids)).filter((row) => row.state === 'delivered').length, {
        timeout: 20_000,
      })
      .toBe(ids.length);
    await Promise.all([a.worker.close(), b.worker.close()]);
    expect(overlaps).toBe(0);
    expect(outOfOrder).toBe(0);
    const tries = [...a.tried, ...b.tried].filter((row) => ids.includes(row.id));
    // each row tried once, and once more when its first try failed; each try counted
    expect(tries.length).toBe(ids.length + failedOnce.size);
    const done = await states(ids);
    expect(ids.every((id) => done[id]!.attempts === (failedOnce.has(id) ? 2 : 1))).toBe(true);
  });
});
