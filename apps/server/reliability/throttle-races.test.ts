import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import {
  CODE_SENDS_PER_ACCOUNT_HOUR,
  CODE_SENDS_PER_IP_HOUR_WITHOUT_PROOF,
  SIGN_IN_IP_FAILURES,
} from '@portal/shared/constants';
import type { Db } from '../src/db/database.ts';
import { solveProofOfWork } from '../test/support/proof-of-work.ts';
import { expectCapped, freshPhone, insertAccount, tally } from './support/accounts.ts';
import { ENGINE, ServerProcess, newClientAddress } from './support/server-process.ts';

const PASSWORD = 'Right2026x';

/** The throttles hold under concurrent requests, in the database and in Redis. */
const STORES: { store: string; env: Record<string, string> }[] = [
  { store: 'database', env: {} },
  {
    store: 'redis',
    env: { REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: `portal-test-${randomBytes(6).toString('hex')}:` },
  },
];

describe.each(STORES)(`throttles under concurrency (${ENGINE}, $store)`, ({ store, env }) => {
  let server: ServerProcess;
  let db: Db;
  beforeAll(async () => {
    server = await ServerProcess.start({ env });
    db = server.openDatabase();
  });
  afterAll(async () => {
    await db?.close();
    await server?.close();
  });

  const login = (identifierType: string, identifier: string, password: string, from = newClientAddress()) =>
    server.call(contract.login, { body: { loginType: 'password', identifierType, identifier, password }, from });
  const codesOf = async (replies: Promise<{ json: any }>[]) => (await Promise.all(replies)).map((r) => r.json.code);

  it('checks at most 5 of 40 concurrent wrong passwords against one account, from 40 addresses', async () => {
    const person = await insertAccount(db, { password: PASSWORD });
    const started = Date.now();
    const codes = await codesOf(Array.from({ length: 40 }, () => login('account', person.account, 'Wrong2026x')));
    const counts = tally(codes);
    console.log(`[${ENGINE}/${store}] 40 concurrent wrong passwords, one account:`, counts);
    expect(counts[1009117]).toBeGreaterThanOrEqual(1);
    expect(counts[1009117]).toBeLessThanOrEqual(5);
    expect(counts[1009117]! + counts[1000429]!).toBe(40);
    // the account waits now, even for the right password: the fifth failure's wait is one second
    // (docs/sign-in.md#sign-in-waits), so on a machine slow enough to spend it on the forty, the right
    // password is let in only once a second has passed since they began
    const right = await login('account', person.account, PASSWORD);
    if (right.json.code !== 1000429) {
      expect(right.json.code).toBe(0);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    }
  });

  it('treats an identifier that names no account the same way: at most 5 checked, then the same wait', async () => {
    const codes = await codesOf(Array.from({ length: 40 }, () => login('phone', freshPhone(), 'Wrong2026x')));
    expect(tally(codes)).toEqual({ 1009117: 40 });
    const ghost = freshPhone();
    const counts = tally(await codesOf(Array.from({ length: 40 }, () => login('phone', ghost, 'Wrong2026x'))));
    console.log(`[${ENGINE}/${store}] 40 concurrent wrong passwords, unknown phone:`, counts);
    expect(counts[1009117]).toBeLessThanOrEqual(5);
    expect(counts[1000429]).toBeGreaterThanOrEqual(35);
  });

  it(`checks at most ${SIGN_IN_IP_FAILURES} of ${SIGN_IN_IP_FAILURES + 10} concurrent wrong passwords from one address`, async () => {
    const from = newClientAddress();
    const codes = await codesOf(
      Array.from({ length: SIGN_IN_IP_FAILURES + 10 }, () => login('account', `nobody${freshPhone()}`, 'x', from)),
    );
    const counts = tally(codes);
    console.log(`[${ENGINE}/${store}] ${SIGN_IN_IP_FAILURES + 10} concurrent wrong passwords, one address:`, counts);
    expectCapped(counts, SIGN_IN_IP_FAILURES, SIGN_IN_IP_FAILURES + 10);
  });

  it('sends one message of 10 concurrent sends to one phone', async () => {
    const phone = freshPhone();
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        server.call(contract.sendSms, { body: { phone, scene: 'register' }, from: newClientAddress() }),
      ),
    );
    const counts = tally(replies.map((r) => r.json.code));
    console.log(`[${ENGINE}/${store}] 10 concurrent sends, one phone:`, counts);
    expect(counts).toEqual({ 0: 1, 1009108: 9 });
    for (const refused of replies.filter((r) => r.json.code === 1009108)) {
      expect(refused.status).toBe(429);
      expect(refused.json.data.cooldownSeconds).toBeGreaterThan(0);
    }
    expect(await server.latestCode(phone)).toMatch(/^\d{6}$/);
    expect(await server.messageCount(phone)).toBe(1);
  });

  it(`accepts exactly ${CODE_SENDS_PER_IP_HOUR_WITHOUT_PROOF} of 30 concurrent sends from one address without a proof of work`, async () => {
    const from = newClientAddress();
    const codes = await codesOf(
      Array.from({ length: 30 }, () =>
        server.call(contract.sendSms, { body: { phone: freshPhone(), scene: 'register' }, from }),
      ),
    );
    const counts = tally(codes);
    console.log(`[${ENGINE}/${store}] 30 concurrent sends, one address:`, counts);
    expect(counts).toEqual({
      0: CODE_SENDS_PER_IP_HOUR_WITHOUT_PROOF,
      1009180: 30 - CODE_SENDS_PER_IP_HOUR_WITHOUT_PROOF,
    });
  });

  it(`accepts exactly ${CODE_SENDS_PER_ACCOUNT_HOUR} of 25 concurrent sends of one signed-in account`, async () => {
    const person = await insertAccount(db, { password: PASSWORD });
    const { json } = await login('account', person.account, PASSWORD);
    const codes = await codesOf(
      Array.from({ length: 25 }, () =>
        server.call(contract.sendSms, {
          body: { phone: freshPhone(), scene: 'bind' },
          token: json.data.token,
          from: newClientAddress(),
        }),
      ),
    );
    const counts = tally(codes);
    console.log(`[${ENGINE}/${store}] 25 concurrent sends, one account:`, counts);
    expect(counts).toEqual({ 0: CODE_SENDS_PER_ACCOUNT_HOUR, 1009108: 25 - CODE_SENDS_PER_ACCOUNT_HOUR });
  });

  it('takes a solution of the proof of work once, however many concurrent sends carry it', async () => {
    const from = newClientAddress();
    for (let i = 0; i < CODE_SENDS_PER_IP_HOUR_WITHOUT_PROOF; i++) {
      await server.call(contract.sendSms, { body: { phone: freshPhone(), scene: 'register' }, from });
    }
    const asked = await server.call(contract.sendSms, { body: { phone: freshPhone(), scene: 'register' }, from });
    const proof = solveProofOfWork(asked.json.data.challenge);
    const codes = await codesOf(
      Array.from({ length: 10 }, () =>
        server.call(contract.sendSms, {
          body: { phone: freshPhone(), scene: 'register' },
          from,
          headers: { 'x-proof-of-work': proof },
        }),
      ),
    );
    const counts = tally(codes);
    console.log(`[${ENGINE}/${store}] one proof of work on 10 concurrent sends:`, counts);
    expect(counts).toEqual({ 0: 1, 1009181: 9 });
  });

  it('counts at most 5 of 50 concurrent wrong guesses at one code, which is then dead', async () => {
    const phone = freshPhone();
    expect((await server.call(contract.sendSms, { body: { phone, scene: 'register' } })).json.code).toBe(0);
    const code = (await server.latestCode(phone))!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const codes = await codesOf(
      Array.from({ length: 50 }, () =>
        server.call(contract.checkPhoneCode, {
          body: { phone, code: wrong, scene: 'register' },
          from: newClientAddress(),
        }),
      ),
    );
    expect(tally(codes)).toEqual({ 1008108: 50 });
    const row = await db.db
      .selectFrom('verification_codes')
      .select('wrong_tries')
      .where('target', '=', phone)
      .executeTakeFirstOrThrow();
    console.log(`[${ENGINE}/${store}] 50 concurrent wrong guesses at one code: ${row.wrong_tries} counted`);
    expect(row.wrong_tries).toBe(5);
    expect((await server.call(contract.checkPhoneCode, { body: { phone, code, scene: 'register' } })).json.code).toBe(
      1008108,
    );
  });
});
