/**
 * `node --import tsx bench/housekeeping.ts [sqlite|postgres] [--rows N] [--departments N]` (in apps/server):
 * two costs that grow with the data, each beside a ceiling measured in the same run, never asserted
 * (0 leaves a case out).
 *
 * - purge: a backlog of N expired rows (3,000,000 unless --rows says otherwise) written straight into
 *   the tables, then one run of the server's own purge while a client reads `user/current` over HTTP
 *   without pause. Figures: the worst read during the purge, against the worst read of the same loop
 *   on the idle server just before (the ceiling); the purge's total time and rows per second.
 * - departments: a company of N departments (10,000) four levels deep and 1,000 members spread over
 *   them; `GET departments` 50 times in sequence after 2 unmeasured calls, against the call's own query
 *   run straight on the database (the ceiling: what the answer cannot be faster than).
 *
 * The portal runs in this process as the server runs it (its PostgreSQL pool with the configured
 * statement timeout, its one SQLite connection), and the reading client runs in the same process, so
 * that any stall of the event loop shows in the read's latency.
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { contract } from '@portal/shared/api/contract';
import { settingsCalls } from '@portal/shared/api/contract/settings';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { purgeExpired } from '../src/libraries/retention.ts';
import { listDepartmentsWithMemberCounts } from '../src/queries/departments.ts';
import { PASSWORD, createCompany, createUser } from '../test/support/fixtures.ts';
import { userRow } from '../test-kit/users.ts';
import { type BenchDatabase, temporaryPostgres, temporarySqlite } from './databases.ts';
import { countPurgedTables, seedExpiredRows } from './expired-rows.ts';
import type { Figure } from './figures.ts';
import { randomClientAddress } from './load.ts';
import { printTable } from './report.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { rows: { type: 'string', default: '3000000' }, departments: { type: 'string', default: '10000' } },
});
const engine = positionals[0] === 'postgres' ? 'postgres' : 'sqlite';
const ROWS = Number(values.rows);
const DEPARTMENTS = Number(values.departments);
const MEMBERS = 1_000;
const CALLS = 50;
const IDLE_MS = 3_000;
const label = engine === 'postgres' ? 'PostgreSQL' : 'SQLite';
const log = (message: string) => console.log(`[housekeeping] ${message}`);

const ms = (values: number[]) => Math.round(Math.max(...values) * 10) / 10;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round = (value: number) => Math.round(value * 10) / 10;

async function main() {
  let bench: BenchDatabase;
  if (engine === 'postgres') {
    if (!process.env.DATABASE_URL) throw new Error('postgres needs DATABASE_URL naming a server');
    bench = await temporaryPostgres(process.env.DATABASE_URL);
  } else bench = temporarySqlite();
  const config = loadConfig(
    {
      DATABASE_URL: bench.url,
      LOG_LEVEL: 'silent',
      TRUST_PROXY: '127.0.0.1',
      PASSWORD_HASH_COST: 'test',
      // the purge is run here, once, not by the timer
      PURGE_INTERVAL_MINUTES: '1440',
    },
    null,
  );
  const database = openDatabase(config.database, {
    connectTimeoutMs: config.databaseTimeoutMs,
    statementTimeoutMs: config.databaseTimeoutMs,
  });
  // the seed writes millions of rows a statement: on a connection of its own, without the server's timeout
  const seeder = openDatabase(config.database);
  const figures: Figure[] = [];
  try {
    await migrateToLatest(database);
    const app = await buildApp({ config, database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    try {
      if (ROWS > 0) figures.push(...(await purgeCase(app, base, seeder.db)));
      if (DEPARTMENTS > 0) figures.push(...(await departmentsCase(app, base)));
    } finally {
      await app.close();
    }
  } finally {
    await seeder.close();
    await database.close();
    await bench.drop();
  }
  printTable(figures);
}

type App = Awaited<ReturnType<typeof buildApp>>;

async function signIn(base: string, account: string): Promise<string> {
  const response = await fetch(base + contract.login.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': randomClientAddress() },
    body: JSON.stringify({ loginType: 'password', identifierType: 'account', identifier: account, password: PASSWORD }),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: { token: string } };
  if (envelope.code !== 0) throw new Error(`sign-in refused: ${envelope.code} ${envelope.msg}`);
  return envelope.data.token;
}

/** `GET user/current` in a closed loop until `until` settles: each read's latency in ms. */
async function readsUntil(base: string, token: string, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const latencies: number[] = [];
  while (!done) {
    const started = performance.now();
    const response = await fetch(base + contract.currentUser.path, {
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': randomClientAddress() },
    });
    const envelope = (await response.json()) as { code: number; msg: string };
    if (envelope.code !== 0) throw new Error(`read refused: ${envelope.code} ${envelope.msg}`);
    latencies.push(performance.now() - started);
  }
  return latencies;
}

async function purgeCase(app: App, base: string, seeder: App['ctx']['db']): Promise<Figure[]> {
  const reader = await createUser(app);
  const token = await signIn(base, reader.account);
  log(`seeding ${ROWS.toLocaleString('en')} expired rows (${label}) ...`);
  const seeding = performance.now();
  const written = await seedExpiredRows(seeder, app.ctx.engine, ROWS, app.ctx.now());
  log(`seeded ${written.toLocaleString('en')} rows in ${round((performance.now() - seeding) / 1000)} s`);
  // a backlog builds up over hours, long checkpointed: the seed's own write-ahead log is not the purge's
  if (app.ctx.engine === 'sqlite') await sql`pragma wal_checkpoint(truncate)`.execute(app.ctx.db);

  const idle = await readsUntil(base, token, new Promise((resolve) => setTimeout(resolve, IDLE_MS)));
  const started = performance.now();
  // the longest stretch between two batches' reports: one batch's statement and the reads served after it
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
  const seconds = (performance.now() - started) / 1000;
  const left = await countPurgedTables(app.ctx.db);
  // what stays: the live rows the seed wrote, and the reader's own session and sign-in traces
  log(`purge: ${run.batches} batches in ${round(seconds)} s; rows left per table ${JSON.stringify(left)}`);
  log(`reads: ${idle.length} on the idle server, ${during.length} during the purge`);

  const worst = ms(during);
  const ceiling = ms(idle);
  return [
    {
      name: `purge of ${written.toLocaleString('en')} expired rows: worst concurrent read (${label})`,
      value: worst,
      unit: 'ms',
      ceiling: { name: 'worst read of the same loop, idle server', value: ceiling },
      ratio: round((ceiling / worst) * 100) / 100,
      goal: '<= 100 ms',
      met: worst <= 100,
      note: `${during.length} reads during the purge, median ${round(median(during))} ms`,
    },
    {
      name: `purge of ${written.toLocaleString('en')} expired rows: total time (${label})`,
      value: round(seconds),
      unit: 's',
      note: `${run.batches} batches, ${Math.round(written / seconds).toLocaleString('en')} rows/s, the slowest ${round(slowest.ms)} ms (${slowest.table}); every expired row gone: ${Object.values(left).every((rows) => rows <= 3)}`,
    },
  ];
}

async function departmentsCase(app: App, base: string): Promise<Figure[]> {
  const admin = await createUser(app);
  const { enterpriseId } = await createCompany(app, {
    products: ['settcntr'],
    members: [{ userId: admin.id, role: 'admin' }],
  });
  const token = await signIn(base, admin.account);
  log(`seeding ${DEPARTMENTS.toLocaleString('en')} departments and ${MEMBERS} members (${label}) ...`);
  const ids = await seedDepartments(app, enterpriseId);
  await seedMembers(app, enterpriseId, ids);

  const url = `${base}${settingsCalls.departments.path}`;
  const call = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const envelope = (await response.json()) as { code: number; msg: string; data: unknown[] };
    if (envelope.code !== 0) throw new Error(`departments refused: ${envelope.code} ${envelope.msg}`);
    if (envelope.data.length !== DEPARTMENTS + 1) throw new Error(`${envelope.data.length} departments answered`);
    return performance.now() - started;
  };
  const query = async () => {
    const started = performance.now();
    await listDepartmentsWithMemberCounts(app.ctx.db, enterpriseId);
    return performance.now() - started;
  };
  const calls: number[] = [];
  const queries: number[] = [];
  for (let i = 0; i < CALLS + 2; i++) {
    const [callMs, queryMs] = [await call(), await query()];
    if (i < 2) continue;
    calls.push(callMs);
    queries.push(queryMs);
  }
  const p50 = round(median(calls));
  const ceiling = round(median(queries));
  return [
    {
      name: `GET departments, ${DEPARTMENTS.toLocaleString('en')} departments, p50 (${label})`,
      value: p50,
      unit: 'ms',
      ceiling: { name: 'its one query, straight on the database', value: ceiling },
      ratio: round((ceiling / p50) * 100) / 100,
      goal: '< 100 ms',
      met: p50 < 100,
      note: `${CALLS} calls in sequence; slowest ${ms(calls)} ms`,
    },
  ];
}

/** One top department, 22 under it, 22 under each of those, and the rest spread under the third level. */
async function seedDepartments(app: App, enterpriseId: number): Promise<number[]> {
  const db = app.ctx.db;
  const all: number[] = [];
  const insert = async (rows: { name: string; parent_id: number | null }[]) => {
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows
        .slice(i, i + 500)
        .map((row) => ({ ...row, enterprise_id: enterpriseId, is_default: 0, created_at: 0 }));
      ids.push(...(await db.insertInto('departments').values(chunk).returning('id').execute()).map((r) => r.id));
    }
    all.push(...ids);
    return ids;
  };
  const [top] = await insert([{ name: 'top', parent_id: null }]);
  const second = await insert(Array.from({ length: 22 }, (_, i) => ({ name: `b${i}`, parent_id: top! })));
  const third = await insert(
    second.flatMap((parent, i) => Array.from({ length: 22 }, (_, j) => ({ name: `c${i}-${j}`, parent_id: parent }))),
  );
  const rest = DEPARTMENTS - all.length;
  await insert(Array.from({ length: rest }, (_, i) => ({ name: `d${i}`, parent_id: third[i % third.length]! })));
  return all;
}

async function seedMembers(app: App, enterpriseId: number, departments: number[]) {
  const db = app.ctx.db;
  const now = app.ctx.now();
  for (let i = 0; i < MEMBERS; i += 500) {
    const users = Array.from({ length: Math.min(500, MEMBERS - i) }, (_, j) =>
      userRow({
        account: `tree${i + j}`,
        nickname: `Tree ${i + j}`,
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
          joined_at: now,
        })),
      )
      .execute();
  }
}

await main();
