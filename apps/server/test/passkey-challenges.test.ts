import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { PASSKEY_CHALLENGE_TTL_SECONDS } from '@portal/shared/api/passkeys';
import { purgeExpired } from '../src/libraries/platform/retention.ts';
import { call } from './support/http.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

const LIVE_PER_ADDRESS = 20;
const TTL_MS = PASSKEY_CHALLENGE_TTL_SECONDS * 1000;

describe(`passkey sign-in challenges, which anyone may ask for (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const options = (ip: string) => call(t.app, contract.passkeySignInOptions, { ip });
  const stored = async () => (await t.app.ctx.db.selectFrom('webauthn_challenges').select('id').execute()).length;

  it('are capped per address while they live, with Retry-After beyond', async () => {
    const ip = '203.0.113.40';
    for (let i = 0; i < LIVE_PER_ADDRESS; i++) expect((await options(ip)).code).toBe(0);
    const before = await stored();
    const refused = await options(ip);
    expect([refused.status, refused.code]).toEqual([429, 1000429]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(PASSKEY_CHALLENGE_TTL_SECONDS);
    // a refusal stores nothing; another address keeps its own room; IPv6 counts by its /64
    expect(await stored()).toBe(before);
    expect((await options('203.0.113.41')).code).toBe(0);
    for (let i = 0; i < LIVE_PER_ADDRESS; i++) expect((await options(`2001:db8:5:6::${i + 1}`)).code).toBe(0);
    expect((await options('2001:db8:5:6::ffff')).code).toBe(1000429);
    // once the first ones have expired, the address gets new ones
    t.clock.advance(TTL_MS + 1);
    expect((await options(ip)).code).toBe(0);
  });

  it('are purged as soon as they expire or are used, not a day later', async () => {
    const ip = '203.0.113.50';
    const { db } = t.app.ctx;
    await db.deleteFrom('webauthn_challenges').execute();
    await options(ip);
    await options(ip);
    expect(await stored()).toBe(2);
    // still alive: kept
    expect((await purgeExpired(t.app.ctx)).webauthnChallenges).toBe(0);
    // a used one goes at once
    const [first] = await db.selectFrom('webauthn_challenges').select('id').orderBy('id').execute();
    await db.updateTable('webauthn_challenges').set({ used_at: t.app.ctx.now() }).where('id', '=', first!.id).execute();
    expect((await purgeExpired(t.app.ctx)).webauthnChallenges).toBe(1);
    t.clock.advance(TTL_MS);
    expect((await purgeExpired(t.app.ctx)).webauthnChallenges).toBe(1);
    expect(await stored()).toBe(0);
  });
});
