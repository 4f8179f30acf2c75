/**
 * How long the argon2 queue and SQLite's lock wait take: bounds in milliseconds, which belong here
 * (their figures printed) rather than in `npm test`, whose machine may be busy with anything.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../src/app-error.ts';
import { type Db, isDatabaseUnavailable, openDatabase } from '../src/db/database.ts';
import {
  argon2,
  boundPasswordWork,
  concurrencyLimit,
  hashPassword,
  verifyPassword,
} from '../src/libraries/platform/passwords.ts';

/** The longest the event loop went without running a timer while `work` ran. */
async function longestStall(work: Promise<unknown>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  try {
    await work;
  } finally {
    clearInterval(ticker);
  }
  return longest;
}

describe('the argon2 queue', () => {
  it('refuses at once, with 1000503 and Retry-After, what it could not finish within its bound', async () => {
    const limit = concurrencyLimit(2, 250);
    const task = () => sleep(50);
    const started = performance.now();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, () =>
        limit.run(task).then(
          () => performance.now() - started,
          (error: unknown) => {
            throw Object.assign(error as Error, { after: performance.now() - started });
          },
        ),
      ),
    );
    const done = outcomes.filter((o) => o.status === 'fulfilled').map((o) => o.value);
    const refused = outcomes.filter((o) => o.status === 'rejected').map((o) => o.reason);
    // two run, and the eight waiting ones that finish by 250 ms: (⌊ahead / 2⌋ + 2) × 50 ms (the cost
    // taken before any has been timed)
    expect(done.length).toBe(10);
    expect(Math.max(...done)).toBeLessThan(250 + 100);
    expect(refused).toHaveLength(30);
    for (const error of refused) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe(1000503);
      expect((error as AppError).retryAfterMs).toBeGreaterThan(0);
      expect(error.after).toBeLessThan(20);
    }
    expect(limit.load).toEqual({ running: 0, waiting: 0 });
  });

  it('bounds password checks by the request timeout, and an unknown account is refused the same way', async () => {
    const stored = await hashPassword('Secret2026');
    const previous = argon2.maxWaitMs;
    boundPasswordWork(600);
    try {
      const started = performance.now();
      const outcomes = await Promise.allSettled(
        Array.from({ length: 200 }, (_, i) =>
          verifyPassword(i % 2 ? stored : null, 'Secret2026').then(() => performance.now() - started),
        ),
      );
      const done = outcomes.filter((o) => o.status === 'fulfilled').map((o) => o.value);
      const refused = outcomes.filter((o) => o.status === 'rejected').map((o) => o.reason as AppError);
      console.log(
        `200 password checks at once, bound 300 ms: ${done.length} done, the last after ${Math.round(Math.max(...done))} ms`,
      );
      expect(done.length).toBeGreaterThan(0);
      expect(refused.length).toBeGreaterThan(0);
      expect(refused.every((error) => error.code === 1000503)).toBe(true);
      // the estimate follows the measured cost: a few computations' margin
      expect(Math.max(...done)).toBeLessThan(1_000);
      // a refusal is not remembered: the next unknown account is checked
      await expect(verifyPassword(null, 'Secret2026')).resolves.toBe(false);
    } finally {
      argon2.maxWaitMs = previous;
    }
  });
});

describe('SQLite while another process holds the write lock', () => {
  let dir: string;
  let file: string;
  let database: Db;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-locks-'));
    file = join(dir, 'portal.db');
    database = openDatabase({ kind: 'sqlite', file }, { statementTimeoutMs: 1_000 });
    await sql`create table notes (text text)`.execute(database.db);
  });
  afterEach(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function holdLock(ms: number): Promise<void> {
    const other = new SqliteDatabase(file);
    other.exec('BEGIN EXCLUSIVE');
    return sleep(ms).then(() => {
      other.exec('COMMIT');
      other.close();
    });
  }

  it('waits for the lock off the event loop, and writes once it is released', async () => {
    const released = holdLock(300);
    const write = database.db
      .insertInto('notes' as never)
      .values({ text: 'after the lock' } as never)
      .execute();
    const stall = await longestStall(Promise.all([write, released]));
    console.log(`a write waiting 300 ms for the lock: the event loop's longest pause ${Math.round(stall)} ms`);
    expect(stall).toBeLessThan(50);
    const rows = await sql<{ text: string }>`select text from notes`.execute(database.db);
    expect(rows.rows).toEqual([{ text: 'after the lock' }]);
  });

  it('gives up after the statement limit with an error that answers 1000503', async () => {
    const released = holdLock(1_500);
    const started = performance.now();
    const write = database.db
      .insertInto('notes' as never)
      .values({ text: 'too late' } as never)
      .execute();
    const failure = await write.then(
      () => null,
      (error: unknown) => error,
    );
    const ms = performance.now() - started;
    await released;
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(ms).toBeGreaterThan(900);
    expect(ms).toBeLessThan(1_300);
  });
});
