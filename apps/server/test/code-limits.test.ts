import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import {
  CODE_SENDS_PER_ACCOUNT_HOUR,
  CODE_SENDS_PER_IP_HOUR,
  CODE_SENDS_PER_IP_HOUR_WITHOUT_PROOF,
  PROOF_OF_WORK_TTL_SECONDS,
  SIGN_IN_FREE_FAILURES,
} from '@portal/shared/constants';
import { purgeExpired } from '../src/libraries/platform/retention.ts';
import { PASSWORD, createUser } from './support/fixtures.ts';
import { call, randomLoopback, signInWithPassword, tokenFor } from './support/http.ts';
import { solveProofOfWork } from './support/proof-of-work.ts';
import { newPhone } from './support/registration-flow.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

describe(`code sends from one address (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const sendSms = (phone: string, options: { ip?: string; token?: string; proof?: string; scene?: string } = {}) =>
    call(t.app, contract.sendSms, {
      body: { phone, scene: options.scene ?? 'register' },
      ip: options.ip,
      token: options.token,
      headers: options.proof ? { 'x-proof-of-work': options.proof } : {},
    });

  /** An address that has used up its anonymous sends without proof. */
  async function addressPastThreshold(): Promise<string> {
    const ip = randomLoopback();
    for (let i = 0; i < CODE_SENDS_PER_IP_HOUR_WITHOUT_PROOF; i++) {
      expect((await sendSms(newPhone(), { ip })).code, `send ${i + 1}`).toBe(0);
    }
    return ip;
  }

  it('asks for a proof of work beyond the sends without one, and sends with a solved one, once', async () => {
    const ip = await addressPastThreshold();
    const phone = newPhone();
    const asked = await sendSms(phone, { ip });
    expect([asked.status, asked.code]).toEqual([200, 1009180]);
    expect(asked.data.challenge).toMatchObject({ algorithm: 'SHA-256', maxnumber: expect.any(Number) });
    const proof = solveProofOfWork(asked.data.challenge);
    const sent = await sendSms(phone, { ip, proof });
    expect([sent.code, sent.data.cooldownSeconds]).toEqual([0, 60]);
    // the same solution a second time, even for another phone, is refused
    expect((await sendSms(newPhone(), { ip, proof })).code).toBe(1009181);
  });

  it('refuses a proof that does not solve its challenge, one never handed out, and an expired one', async () => {
    const ip = await addressPastThreshold();
    const { data } = await sendSms(newPhone(), { ip });
    const proof = solveProofOfWork(data.challenge);
    const payload = JSON.parse(Buffer.from(proof, 'base64').toString());
    const wrongNumber = Buffer.from(JSON.stringify({ ...payload, number: payload.number + 1 })).toString('base64');
    expect((await sendSms(newPhone(), { ip, proof: wrongNumber })).code).toBe(1009181);
    expect((await sendSms(newPhone(), { ip, proof: 'not base64 json' })).code).toBe(1009181);
    const forged = Buffer.from(JSON.stringify({ ...payload, salt: `${payload.salt}x` })).toString('base64');
    expect((await sendSms(newPhone(), { ip, proof: forged })).code).toBe(1009181);
    t.clock.advance(PROOF_OF_WORK_TTL_SECONDS * 1000 + 1000);
    // still past the threshold: the hour has not passed
    expect((await sendSms(newPhone(), { ip, proof })).code).toBe(1009181);
    expect((await purgeExpired(t.app.ctx)).proofOfWorkChallenges).toBeGreaterThan(0);
  });

  it("tells the target's cooldown before asking for a proof", async () => {
    const ip = await addressPastThreshold();
    const phone = newPhone();
    const { data } = await sendSms(phone, { ip });
    expect((await sendSms(phone, { ip, proof: solveProofOfWork(data.challenge) })).code).toBe(0);
    const early = await sendSms(phone, { ip });
    expect([early.status, early.code, early.data.cooldownSeconds, early.data.retryAfterSeconds]).toEqual([
      429, 1009108, 60, 60,
    ]);
    expect(early.headers['retry-after']).toBe('60');
  });

  it("refuses beyond the address's cap with the wait until its oldest send leaves the hour", async () => {
    const ip = randomLoopback();
    const now = t.app.ctx.now();
    // the address's earlier sends of the hour, the oldest 10 minutes ago
    const rows = Array.from({ length: CODE_SENDS_PER_IP_HOUR }, (_, i) => ({
      bucket: 'code-ip',
      subject: ip,
      at: now - 600_000 + i,
    }));
    for (let i = 0; i < rows.length; i += 200) {
      await t.app.ctx.db
        .insertInto('rate_events')
        .values(rows.slice(i, i + 200))
        .execute();
    }
    const refused = await sendSms(newPhone(), { ip });
    expect([refused.status, refused.code]).toEqual([429, 1009108]);
    expect(refused.data.retryAfterSeconds).toBe(50 * 60);
    expect(refused.headers['retry-after']).toBe(String(50 * 60));
    expect(refused.data.cooldownSeconds).toBeUndefined();
  });

  it('counts the sends of a signed-in account by the account, never asking it for a proof', async () => {
    const user = await createUser(t.app);
    const token = await tokenFor(t.app, user.account, PASSWORD);
    const ip = await addressPastThreshold();
    for (let i = 0; i < CODE_SENDS_PER_ACCOUNT_HOUR; i++) {
      expect((await sendSms(newPhone(), { ip, token, scene: 'bind' })).code, `send ${i + 1}`).toBe(0);
    }
    const refused = await sendSms(newPhone(), { ip, token, scene: 'bind' });
    expect([refused.status, refused.code]).toEqual([429, 1009108]);
    expect(refused.data.retryAfterSeconds).toBeGreaterThan(3500);
    expect(refused.headers['retry-after']).toBe(String(refused.data.retryAfterSeconds));
  });

  it('holds the per-target and per-account caps under concurrent sends', async () => {
    const phone = newPhone();
    const sameTarget = await Promise.all(Array.from({ length: 10 }, () => sendSms(phone)));
    expect(sameTarget.filter((r) => r.code === 0)).toHaveLength(1);
    expect(sameTarget.filter((r) => r.code === 1009108 && r.data.retryAfterSeconds > 0)).toHaveLength(9);

    const user = await createUser(t.app);
    const token = await tokenFor(t.app, user.account, PASSWORD);
    const sameAccount = await Promise.all(
      Array.from({ length: 2 * CODE_SENDS_PER_ACCOUNT_HOUR }, () => sendSms(newPhone(), { token, scene: 'bind' })),
    );
    expect(sameAccount.filter((r) => r.code === 0)).toHaveLength(CODE_SENDS_PER_ACCOUNT_HOUR);
    expect(sameAccount.filter((r) => r.code === 1009108)).toHaveLength(CODE_SENDS_PER_ACCOUNT_HOUR);
  });
});

describe(`the sign-in wait (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('answers 1000429 with the wait in Retry-After and data.retryAfterSeconds', async () => {
    const user = await createUser(t.app);
    for (let i = 0; i <= SIGN_IN_FREE_FAILURES; i++) {
      expect((await signInWithPassword(t.app, 'account', user.account, 'Wrong2026x')).code).toBe(1009117);
    }
    const waiting = await signInWithPassword(t.app, 'account', user.account, PASSWORD);
    expect([waiting.status, waiting.code]).toEqual([429, 1000429]);
    expect(waiting.data.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(waiting.headers['retry-after']).toBe(String(waiting.data.retryAfterSeconds));
  });
});
