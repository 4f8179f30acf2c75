import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import type { Db } from '../src/db/database.ts';
import { freshPhone, insertAccount } from './support/accounts.ts';
import { ENGINE, ServerProcess, freePort, newClientAddress } from './support/server-process.ts';
import { SlowSmsProvider } from './support/slow-provider.ts';

const SAMPLES = 200;
const PROVIDER_DELAY_MS = 165;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[(sorted.length - 1) >> 1]! + sorted[sorted.length >> 1]!) / 2;
}

/**
 * Whether a phone or email has an account must not show in the answer to a code request: not in
 * its code or message, not in its time (the provider is slow), not when the provider is down.
 */
describe(`code requests answer alike for known and unknown targets (${ENGINE})`, () => {
  let provider: SlowSmsProvider;
  let server: ServerProcess;
  let db: Db;
  beforeAll(async () => {
    provider = await SlowSmsProvider.start(PROVIDER_DELAY_MS);
    server = await ServerProcess.start({
      env: {
        SMS_WEBHOOK_URL: provider.url,
        // an SMTP server that is down: nothing listens on this port
        SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
        MAIL_FROM: 'portal@example.com',
      },
    });
    db = server.openDatabase();
  });
  afterAll(async () => {
    await db?.close();
    await server?.close();
    await provider?.stop();
  });

  const sendSms = (phone: string) =>
    server.call(contract.sendSms, { body: { phone, scene: 'login' }, from: newClientAddress() });

  async function timed(phone: string) {
    const started = process.hrtime.bigint();
    const reply = await sendSms(phone);
    return { ms: Number(process.hrtime.bigint() - started) / 1e6, code: reply.json.code, msg: reply.json.msg };
  }

  // A leak shows in every round; the other suites sharing the cores can push one round past 10 %
  // (seen once on PostgreSQL: 16.6 against 15.1 ms), so a round may be taken again, twice at most.
  it(
    `has the same median time over ${SAMPLES} samples with a provider that takes ${PROVIDER_DELAY_MS} ms`,
    { retry: 2 },
    async () => {
      const known = [];
      for (let i = 0; i < SAMPLES + 10; i++) known.push((await insertAccount(db)).phone);
      // warm both paths up before measuring
      for (let i = 0; i < 20; i++) await timed(i % 2 ? known.pop()! : freshPhone());

      const times = { known: [] as number[], unknown: [] as number[] };
      const answers = new Set<string>();
      for (let i = 0; i < SAMPLES; i++) {
        // alternate which goes first, so that neither gains from the other's warm path
        const order = i % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
        for (const kind of order) {
          const sample = await timed(kind === 'known' ? known.pop()! : freshPhone());
          times[kind].push(sample.ms);
          answers.add(`${sample.code} ${sample.msg}`);
        }
      }
      const [k, u] = [median(times.known), median(times.unknown)];
      console.log(
        `[${ENGINE}] sendSms median: known ${k.toFixed(2)} ms, unknown ${u.toFixed(2)} ms ` +
          `(difference ${((Math.abs(k - u) / Math.min(k, u)) * 100).toFixed(1)}%, ${times.known.length} samples each)`,
      );
      expect([...answers]).toHaveLength(1);
      expect([...answers][0]).toMatch(/^0 /);
      expect(Math.abs(k - u) / Math.min(k, u)).toBeLessThanOrEqual(0.1);
      // and the codes did go out, after their answers
      await expect.poll(() => provider.received.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(SAMPLES + 10);
    },
  );

  it('answers alike when the SMS provider and the SMTP server are down', async () => {
    await provider.stop();
    const person = await insertAccount(db);
    const sms = [await sendSms(person.phone), await sendSms(freshPhone())];
    const email = await Promise.all(
      [person.email, `nobody.${freshPhone()}@example.com`].map((address) =>
        server.call(contract.sendEmail, { body: { email: address, scene: 'login' }, from: newClientAddress() }),
      ),
    );
    for (const reply of [...sms, ...email]) {
      expect([reply.status, reply.json.code, reply.json.data]).toEqual([200, 0, { cooldownSeconds: 60 }]);
    }
    expect(server.alive).toBe(true);
  });
});
