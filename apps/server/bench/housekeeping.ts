/**
 * `npm run bench -- --only housekeeping [--rows N] [--departments N]` (in apps/server): two costs
 * that grow with the data, each beside a ceiling measured in the same run, never asserted (0 leaves
 * a case out), on SQLite and on PostgreSQL when DATABASE_URL names a server.
 *
 * - purge: a backlog of N expired rows (3,000,000 unless --rows says otherwise) written straight into
 *   the tables, then one run of the server's own purge while a client reads `user/current` over HTTP
 *   without pause. Figures: the worst read during the purge, against the worst read of the same loop
 *   on the idle server just before (the ceiling); the purge's total time and rows per second.
 * - departments: a company of N departments (10,000) four levels deep and 1,000 members spread over
 *   them; `GET departments` 50 times in sequence after 2 unmeasured calls, against the call's own query
 *   run straight on the database (the ceiling: what the answer cannot be faster than).
 *
 * The portal runs in the bench's process (in-process.ts), so that any stall of the event loop shows in
 * the read's latency.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { settingsCalls } from '@portal/shared/api/contract/settings';
import type { Engine } from '../src/db/database.ts';
import { type PurgeRun, purgeExpired } from '../src/libraries/platform/retention.ts';
import { listDepartmentsWithMemberCounts } from '../src/queries/departments.ts';
import type { Executor } from '../src/queries/executor.ts';
import { createCompany, createUser } from '../test/support/fixtures.ts';
import { userRow } from '../test-kit/users.ts';
import { countPurgedTables, seedExpiredRows } from './expired-rows.ts';
import type { Figure } from './figures.ts';
import {
  type InProcessPortal,
  call,
  median,
  readsUntil,
  round,
  signInAs,
  startInProcessPortal,
  timeRuns,
} from './in-process.ts';

export const HOUSEKEEPING_ROWS = 3_000_000;
export const HOUSEKEEPING_DEPARTMENTS = 10_000;
const MEMBERS = 1_000;
const CALLS = 50;
const IDLE_MS = 3_000;
const ROWS_PER_INSERT = 500;
const log = (message: string) => console.log(`[housekeeping] ${message}`);

const worst = (values: number[]) => round(Math.max(...values));

export async function measureHousekeeping(
  engine: Engine,
  serverUrl: string | undefined,
  { rows = HOUSEKEEPING_ROWS, departments = HOUSEKEEPING_DEPARTMENTS } = {},
): Promise<Figure[]> {
  const portal = await startInProcessPortal(engine, serverUrl);
  try {
    return [
      ...(rows > 0 ? await purgeCase(portal, rows) : []),
      ...(departments > 0 ? await departmentsCase(portal, departments) : []),
    ];
  } finally {
    await portal.close();
  }
}

export interface PurgeWhileReading {
  /** The reads of the idle server just before, and during the purge, in ms. */
  idle: number[];
  during: number[];
  run: PurgeRun;
  seconds: number;
  /** The longest stretch between two batches' reports: one batch's statement and the reads served
   *  after it. */
  slowest: { ms: number; table: string };
}

/** The server's own purge, once, while `token` reads `user/current` without pause; the same reads on
 *  the idle server for IDLE_MS before it. */
export async function purgeWhileReading(portal: InProcessPortal, token: string): Promise<PurgeWhileReading> {
  const { app, base } = portal;
  // a backlog builds up over hours, long checkpointed: the seed's own write-ahead log is not the purge's
  if (app.ctx.engine === 'sqlite') await sql`pragma wal_checkpoint(truncate)`.execute(app.ctx.db);
  const idle = await readsUntil(base, token, new Promise((resolve) => setTimeout(resolve, IDLE_MS)));
  const started = performance.now();
  let slowest = { ms: 0, table: '' };
  let last = performance.now();
  const purge = purgeExpired(app.ctx, {
    afterBatch: (table) => {
      const now = performance.now();
      if (now - last > slowest.ms) slowest = { ms: now - last, table };
      last = now;
    },
  });
  const during = await readsUntil(base, token, purge);
  const run = await purge;
  return { idle, during, run, seconds: (performance.now() - started) / 1000, slowest };
}

async function purgeCase(portal: InProcessPortal, rows: number): Promise<Figure[]> {
  const { app, base, label } = portal;
  const reader = await createUser(app);
  const token = await signInAs(base, reader.account);
  log(`seeding ${rows.toLocaleString('en')} expired rows (${label}) ...`);
  const seeding = performance.now();
  const written = await seedExpiredRows(portal.seeder.db, app.ctx.engine, rows, app.ctx.now());
  log(`seeded ${written.toLocaleString('en')} rows in ${round((performance.now() - seeding) / 1000)} s`);
  const { idle, during, run, seconds, slowest } = await purgeWhileReading(portal, token);
  const left = await countPurgedTables(app.ctx.db);
  // what stays: the live rows the seed wrote, and the reader's own session and sign-in traces
  log(`purge: ${run.batches} batches in ${round(seconds)} s; rows left per table ${JSON.stringify(left)}`);
  log(`reads: ${idle.length} on the idle server, ${during.length} during the purge`);

  const value = worst(during);
  const ceiling = worst(idle);
  return [
    {
      name: `purge of ${written.toLocaleString('en')} expired rows: worst concurrent read (${label})`,
      value,
      unit: 'ms',
      ceiling: { name: 'worst read of the same loop, idle server', value: ceiling },
      ratio: round((ceiling / value) * 100) / 100,
      goal: '<= 100 ms',
      met: value <= 100,
      note: `${during.length} reads during the purge, median ${round(median(during))} ms`,
    },
    {
      name: `purge of ${written.toLocaleString('en')} expired rows: total time (${label})`,
      value: round(seconds),
      unit: 's',
      note: `${run.batches} batches, ${Math.round(written / seconds).toLocaleString('en')} rows/s, the slowest ${round(slowest.ms)} ms (${slowest.table}); every expired row gone: ${Object.values(left).every((n) => n <= 3)}`,
    },
  ];
}

async function departmentsCase(portal: InProcessPortal, count: number): Promise<Figure[]> {
  const { app, base, label } = portal;
  const admin = await createUser(app);
  const { enterpriseId } = await createCompany(app, {
    products: ['settcntr'],
    members: [{ userId: admin.id, role: 'admin' }],
  });
  const token = await signInAs(base, admin.account);
  log(`seeding ${count.toLocaleString('en')} departments and ${MEMBERS} members (${label}) ...`);
  const ids = await seedDepartmentTree(app.ctx.db, enterpriseId, count);
  await seedMembers(app.ctx.db, enterpriseId, ids, MEMBERS, app.ctx.now());

  const listed = async () => {
    const data = await call<unknown[]>(base, settingsCalls.departments.path, { token });
    if (data.length !== ids.length + 1) throw new Error(`${data.length} departments answered`);
  };
  const query = () => listDepartmentsWithMemberCounts(app.ctx.db, enterpriseId);
  const once = async (run: () => Promise<unknown>) => (await timeRuns(run, 1, 0))[0]!;
  const calls: number[] = [];
  const queries: number[] = [];
  // each call beside its query, in turns, so that both meet the same machine
  for (let i = 0; i < CALLS + 2; i++) {
    const [callMs, queryMs] = [await once(listed), await once(query)];
    if (i < 2) continue;
    calls.push(callMs);
    queries.push(queryMs);
  }
  const p50 = round(median(calls));
  const ceiling = round(median(queries));
  return [
    {
      name: `GET departments, ${count.toLocaleString('en')} departments, p50 (${label})`,
      value: p50,
      unit: 'ms',
      ceiling: { name: 'its one query, straight on the database', value: ceiling },
      ratio: round((ceiling / p50) * 100) / 100,
      goal: '< 100 ms',
      met: p50 < 100,
      note: `${CALLS} calls in sequence; slowest ${worst(calls)} ms`,
    },
  ];
}

/**
 * `count` departments under the company's default one, four levels deep: one top department, b under
 * it, b under each of those, and the rest spread evenly under the third level, with b the cube root of
 * `count` (22 for 10,000). Answers their ids.
 */
export async function seedDepartmentTree(db: Executor, enterpriseId: number, count: number): Promise<number[]> {
  const branching = Math.max(1, Math.round(Math.cbrt(count)));
  const all: number[] = [];
  const insert = async (rows: { name: string; parent_id: number | null }[]) => {
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      const chunk = rows
        .slice(i, i + ROWS_PER_INSERT)
        .map((row) => ({ ...row, enterprise_id: enterpriseId, is_default: 0, created_at: 0 }));
      ids.push(...(await db.insertInto('departments').values(chunk).returning('id').execute()).map((r) => r.id));
    }
    all.push(...ids);
    return ids;
  };
  const levels = (parents: number[], prefix: string, left: number) =>
    insert(
      parents
        .flatMap((parent, i) =>
          Array.from({ length: branching }, (_, j) => ({ name: `${prefix}${i}-${j}`, parent_id: parent })),
        )
        .slice(0, left),
    );
  const [top] = await insert([{ name: 'top', parent_id: null }]);
  const second = await levels([top!], 'b', count - all.length);
  const third = await levels(second, 'c', count - all.length);
  const rest = Math.max(0, count - all.length);
  const under = third.length ? third : second.length ? second : [top!];
  await insert(Array.from({ length: rest }, (_, i) => ({ name: `d${i}`, parent_id: under[i % under.length]! })));
  return all;
}

/** `count` members of the company (accounts without a password), spread over `departments`. */
export async function seedMembers(
  db: Executor,
  enterpriseId: number,
  departments: number[],
  count: number,
  now: number,
): Promise<void> {
  for (let i = 0; i < count; i += ROWS_PER_INSERT) {
    const users = Array.from({ length: Math.min(ROWS_PER_INSERT, count - i) }, (_, j) =>
      userRow({
        account: `member-${enterpriseId}-${i + j}`,
        nickname: `Member ${i + j}`,
        phone: null,
        email: null,
        passwordHash: null,
        at: now,
      }),
    );
    const ids = (await db.insertInto('users').values(users).returning('id').execute()).map((r) => r.id);
    await db
      .insertInto('memberships')
      .values(
        ids.map((userId, j) => ({
          enterprise_id: enterpriseId,
          user_id: userId,
          role: 'member' as const,
          department_id: departments[((i + j) * 7) % departments.length]!,
          // in the order they joined, a second apart, as the members list pages them
          joined_at: now - (count - i - j) * 1000,
        })),
      )
      .execute();
  }
}
