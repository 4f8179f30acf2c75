import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context.ts';
import type { Db } from '../src/db/database.ts';
import { raceCompanyWrites } from './support/company-writes.ts';
import { ServerProcess } from './support/server-process.ts';
import { fixtureContext } from './support/tenants.ts';

const ROUNDS = 20;

/** The same writes spread over two server processes of one installation (PostgreSQL and Redis): the
 *  company's lock is the database's, so two processes wait for each other as two requests do. */
describe('concurrent writes of one company on two server processes', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let db: Db;
  let ctx: AppContext;

  beforeAll(async () => {
    const env = {
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: `portal-test-${randomBytes(6).toString('hex')}:`,
    };
    a = await ServerProcess.start({ env });
    b = await ServerProcess.start({ env, database: a.database });
    db = a.openDatabase();
    ctx = fixtureContext(a, db);
  });
  afterAll(async () => {
    await db?.close();
    await b?.stop('SIGKILL');
    await a?.close();
  });

  it(`answers every pair of writes and ten at once, ${ROUNDS} rounds each, with no server error`, async () => {
    const race = await raceCompanyWrites([a, b], db, ctx, ROUNDS);
    console.log(`[two processes] ${race.mixes} mixes x ${ROUNDS} rounds of one company's writes:`, race.counts);
    expect(race.refusals).toEqual([]);
    expect(race.followed).toEqual(race.all);
    expect(new Set(race.all).size).toBe(race.all.length);
  }, 900_000);
});
