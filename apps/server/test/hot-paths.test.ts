import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, reusingStatements } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { answeredWorkDone } from '../src/libraries/platform/after-answer.ts';
import { argon2, concurrencyLimit, hashPassword, verifyPassword } from '../src/libraries/platform/passwords.ts';
import { PASSWORD, createCompany, createUser } from './support/fixtures.ts';
import { call, signInWithPassword, tokenFor } from './support/http.ts';
import { statementLog } from './support/statements.ts';
import { ENGINE, type TestDatabase, createTestDatabase } from './support/test-app.ts';

const writes = (statements: string[]) =>
  statements.filter((s) => /^(insert|update|delete)\b/.test(s)).map((s) => s.split(' ').slice(0, 3).join(' '));

describe(`hot paths (${ENGINE})`, () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let offset = 0;
  const log = statementLog();

  beforeAll(async () => {
    testDb = await createTestDatabase();
    await migrateToLatest(testDb.database);
    app = await buildApp({
      config: loadConfig({ PORTAL_DEV_OUTBOX: '1', LOG_LEVEL: 'silent' }, null),
      database: { ...testDb.database, db: testDb.database.db.withPlugin(log.plugin) },
      now: () => Date.now() + offset,
      logger: false,
    });
    // the outbox worker's poll (a claim every second) is no statement of the steps measured here, and
    // on a loaded machine one fell inside a sign-in's window; these steps send no message
    await app.outboxWorker.close();
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.database.close();
    await testDb?.drop();
  });

  async function member() {
    const user = await createUser(app);
    const first = await createCompany(app, { products: ['esguard', 'seop'], members: [{ userId: user.id }] });
    await createCompany(app, { products: ['mgguard'], members: [{ userId: user.id }] });
    const token = await tokenFor(app, user.account, PASSWORD);
    // the sign-in's device check runs after its answer: not a statement of the steps measured next
    await answeredWorkDone(app.ctx);
    return { user, token, first };
  }

  it('authenticates user/current in one statement, and writes last-seen at most once a minute', async () => {
    const { token } = await member();
    const read = await log.of(() => call(app, contract.currentUser, { token }));
    expect(read).toHaveLength(1);
    expect(read[0]).toMatch(/^select .* from "sessions" inner join "users"/);

    offset += 59_000;
    expect(writes(await log.of(() => call(app, contract.currentUser, { token })))).toEqual([]);
    offset += 1_000;
    const touched = await log.of(() => call(app, contract.currentUser, { token }));
    expect(writes(touched)).toEqual(['update "sessions" set']);
    expect(writes(await log.of(() => call(app, contract.currentUser, { token })))).toEqual([]);
  });

  it('ends a session idle for the idle limit, counted from its last request', async () => {
    const { token } = await member();
    const idleMs = app.ctx.config.sessionIdleMs;
    offset += 30 * 60_000;
    expect((await call(app, contract.currentUser, { token })).code).toBe(0);
    // idle for a minute less than the limit since that request: still alive, and used again
    offset += idleMs - 60_000;
    expect((await call(app, contract.currentUser, { token })).code).toBe(0);
    offset += idleMs;
    expect((await call(app, contract.currentUser, { token })).code).toBe(1000401);
  });

  it('answers portal/info in one statement: the session with its user and their companies with their products', async () => {
    const { token, first } = await member();
    const statements = await log.of(async () => {
      const reply = await call(app, contract.portalInfo, { token });
      expect(reply.code).toBe(0);
      expect(reply.data.enterpriseId).toBe(first.enterpriseId);
      expect(
        reply.data.enterpriseProduct.map((e: { productList: { productCode: string }[] }) =>
          e.productList.map((p) => p.productCode),
        ),
      ).toEqual([['esguard', 'seop'], ['mgguard']]);
    });
    expect(statements).toHaveLength(1);
  });

  it('lists a company without products with an empty product list', async () => {
    const user = await createUser(app);
    await createCompany(app, { members: [{ userId: user.id }] });
    const reply = await call(app, contract.portalInfo, { token: await tokenFor(app, user.account, PASSWORD) });
    expect(reply.data.enterpriseProduct).toHaveLength(1);
    expect(reply.data.enterpriseProduct[0]!.productList).toEqual([]);
  });

  it("answers a signed-in page's branding in two statements", async () => {
    const { token } = await member();
    const statements = await log.of(async () => {
      const reply = await call(app, contract.personalization, { token });
      expect(reply.code).toBe(0);
    });
    expect(statements).toHaveLength(2);
  });

  it('writes on a sign-in only what it must: a failure leaves its reservation, a success takes it back', async () => {
    const user = await createUser(app);
    const failed = await log.of(() => signInWithPassword(app, 'account', user.account, 'Wrong-pass1'));
    expect(writes(failed)).toEqual([
      'insert into "rate_events"',
      'insert into "sign_in_waits"',
      'insert into "audit_events"',
    ]);
    const passed = await log.of(() => signInWithPassword(app, 'account', user.account, PASSWORD));
    expect(writes(passed).sort()).toEqual(
      [
        'insert into "rate_events"',
        'insert into "sign_in_waits"',
        'delete from "rate_events"',
        'delete from "sign_in_waits"',
        'insert into "sessions"',
        'insert into "audit_events"',
      ].sort(),
    );
  });
});

describe('password hashing', () => {
  it('runs at most one argon2 computation per core, the others waiting their turn', async () => {
    const stored = await hashPassword(PASSWORD);
    let busiest = 0;
    let queued = 0;
    const sampler = setInterval(() => {
      busiest = Math.max(busiest, argon2.load.running);
      queued = Math.max(queued, argon2.load.waiting);
    }, 1);
    const cores = availableParallelism();
    // unknown accounts (no stored hash) take their turn in the same queue
    const results = await Promise.all(
      Array.from({ length: cores * 3 }, (_, i) => verifyPassword(i % 3 === 0 ? null : stored, PASSWORD)),
    );
    clearInterval(sampler);
    expect(results).toEqual(Array.from({ length: cores * 3 }, (_, i) => i % 3 !== 0));
    expect(busiest).toBeGreaterThan(0);
    expect(busiest).toBeLessThanOrEqual(cores);
    expect(queued).toBeGreaterThan(0);
    expect(argon2.load).toEqual({ running: 0, waiting: 0 });
  });

  it('serves waiting tasks in arrival order and frees the place of a task that fails', async () => {
    const limit = concurrencyLimit(2);
    const order: number[] = [];
    const opens: (() => void)[] = [];
    const runs = Array.from({ length: 5 }, (_, i) =>
      limit.run(async () => {
        order.push(i);
        await new Promise<void>((resolve) => (opens[i] = resolve));
        if (i === 0) throw new Error('failed');
      }),
    );
    await Promise.resolve();
    expect(limit.load).toEqual({ running: 2, waiting: 3 });
    opens[0]!();
    await expect(runs[0]).rejects.toThrow('failed');
    // each waiting task starts as a place frees up
    for (let i = 1; i < 5; i++) {
      await new Promise((resolve) => setImmediate(resolve));
      opens[i]!();
    }
    await Promise.all(runs.slice(1));
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(limit.load).toEqual({ running: 0, waiting: 0 });
  });
});

describe('SQLite statements', () => {
  let sqlite: SqliteDatabase.Database;
  beforeEach(() => {
    sqlite = new SqliteDatabase(':memory:');
    return () => sqlite.close();
  });

  it('prepares a statement once and runs it again, keeping the most recently used ones', () => {
    const statements = reusingStatements(sqlite, 2);
    const one = statements.prepare('select 1');
    expect(statements.prepare('select 1')).toBe(one);
    const two = statements.prepare('select 2');
    statements.prepare('select 1');
    // a third one drops the least recently used, `select 2`
    statements.prepare('select 3');
    expect(statements.prepare('select 1')).toBe(one);
    expect(statements.prepare('select 2')).not.toBe(two);
  });

  it('writes the equalities of a join with parameters so that SQLite plans it once, with the same rows', () => {
    sqlite.exec(`create table people (id integer primary key, name text);
      create table tokens (id integer primary key, hash text not null unique, person_id integer, used integer);
      insert into people values (1, 'Ada'), (2, 'Lin');
      insert into tokens values (1, 'h1', 1, null), (2, 'h2', 2, 5), (3, 'a = ?', 2, null)`);
    const kept = reusingStatements(sqlite);
    const statements = { prepare: (text: string) => kept.prepare(text) as unknown as SqliteDatabase.Statement };
    const text = `select "people"."name" from "tokens" inner join "people" on "people"."id" = "tokens"."person_id"
      where "tokens"."hash" = ? and "tokens"."used" is ? and "tokens"."id" > ?`;
    const join = statements.prepare(text);
    // SQLite compiled a join statement again at each run when a column was compared to `?`
    expect(join.source).toContain('"tokens"."hash" = +? and "tokens"."used" is +? and "tokens"."id" > ?');
    const bare = sqlite.prepare(text);
    for (const values of [
      ['h1', null, 0],
      ['h2', 5, 0],
      ['h2', '5', 0],
      ['h2', 5.0, 1],
      ['h2', null, 0],
      ['a = ?', null, 2],
      ['H1', null, 0],
    ])
      expect(join.all(...values)).toEqual(bare.all(...values));
    expect(join.all('h2', 5, 0)).toEqual([{ name: 'Lin' }]);
    // as a statement written by hand names them
    expect(
      statements.prepare(`select 1 from tokens t join people p on p.id = t.person_id where t.hash = ? and t.id >= ?`)
        .source,
    ).toContain('t.hash = +? and t.id >= ?');
    // a quoted string is not a comparison
    expect(statements.prepare(`select 'x = ?' as "a = ?"`).get()).toEqual({ 'a = ?': 'x = ?' });
  });

  it('leaves a parameter compared with the condition of a partial index, which SQLite uses only so', () => {
    sqlite.exec(`create table people (id integer primary key, phone text, certified integer);
      create unique index people_certified_phone on people (phone) where certified = 1;
      create index people_with_phone on people (id) where phone is not null`);
    const text = `select "id" from "people" where "people"."phone" = ? and "people"."certified" = ?`;
    const kept = statements(text);
    // a condition that a column is not null holds for any value compared with it
    expect(kept.source).toContain('"people"."phone" = +? and "people"."certified" = ?');
    const plan = sqlite.prepare(`explain query plan ${kept.source}`).all('+86 138', 1) as { detail: string }[];
    expect(plan.map((row) => row.detail).join()).toContain('people_certified_phone');

    function statements(query: string) {
      return reusingStatements(sqlite).prepare(query) as unknown as SqliteDatabase.Statement;
    }
  });

  it("reads nothing in a transaction while preparing its statements, so that another process's write does not fail its own", () => {
    const dir = mkdtempSync(join(tmpdir(), 'statements-'));
    const open = () => {
      const connection = new SqliteDatabase(join(dir, 'db.sqlite'));
      connection.pragma('journal_mode = WAL');
      return connection;
    };
    const [ours, theirs] = [open(), open()];
    try {
      ours.exec('create table notes (id integer primary key, body text)');
      const statements = reusingStatements(ours);
      ours.exec('begin');
      // a statement first prepared inside the transaction; another process writes before it runs
      const insert = statements.prepare(
        'insert into "notes" ("body") values (?)',
      ) as unknown as SqliteDatabase.Statement;
      theirs.prepare('insert into notes (body) values (?)').run('theirs');
      insert.run('ours');
      ours.exec('commit');
      expect(ours.prepare('select body from notes order by id').pluck().all()).toEqual(['theirs', 'ours']);
    } finally {
      ours.close();
      theirs.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it("lets a transaction that read write after another process's commit: it held the write lock from its start", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'transactions-'));
    const file = join(dir, 'db.sqlite');
    const [ours, theirs] = [openDatabase({ kind: 'sqlite', file }), openDatabase({ kind: 'sqlite', file })];
    try {
      await sql`create table notes (id integer primary key, body text)`.execute(ours.db);
      let theirWrite: Promise<unknown> | undefined;
      await ours.db.transaction().execute(async (trx) => {
        await sql`select count(*) from notes`.execute(trx);
        // another process writes after our read and before our write
        theirWrite = sql`insert into notes (body) values ('theirs')`.execute(theirs.db);
        await new Promise((resolve) => setTimeout(resolve, 50));
        await sql`insert into notes (body) values ('ours')`.execute(trx);
      });
      await theirWrite;
      const { rows } = await sql<{ body: string }>`select body from notes order by id`.execute(ours.db);
      expect(rows.map((row) => row.body)).toEqual(['ours', 'theirs']);
    } finally {
      await ours.close();
      await theirs.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
