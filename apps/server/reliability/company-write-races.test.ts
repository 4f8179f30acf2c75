import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context.ts';
import type { Db } from '../src/db/database.ts';
import { raceCompanyWrites } from './support/company-writes.ts';
import { ENGINE, ServerProcess } from './support/server-process.ts';
import { fixtureContext } from './support/tenants.ts';

const ROUNDS = 20;

/**
 * The writes of one company meet at once (an administrator clicking twice, an HR system with a key
 * calling in parallel, people joining on an onboarding day): each waits for the company's lock
 * instead of deadlocking against a sibling that holds a part of it.
 */
describe(`concurrent writes of one company (${ENGINE})`, () => {
  let server: ServerProcess;
  let db: Db;
  let ctx: AppContext;

  beforeAll(async () => {
    server = await ServerProcess.start();
    db = server.openDatabase();
    ctx = fixtureContext(server, db);
  });
  afterAll(async () => {
    await db?.close();
    await server?.close();
  });

  it(`answers every pair of writes and ten at once, ${ROUNDS} rounds each, with no server error`, async () => {
    const race = await raceCompanyWrites([server], db, ctx, ROUNDS);
    console.log(`[${ENGINE}] ${race.mixes} mixes x ${ROUNDS} rounds of one company's writes:`, race.counts);
    expect(race.refusals).toEqual([]);
    expect(race.followed).toEqual(race.all);
    expect(new Set(race.all).size).toBe(race.all.length);
  }, 900_000);
});
