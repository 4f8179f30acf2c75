import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '@portal/shared/api/integrations';
import type { Db } from '../src/db/database.ts';
import { recordEvent } from '../src/libraries/integrations/events/record-event.ts';
import { companyTransaction } from '../src/libraries/platform/company-transaction.ts';
import { seal } from '../src/libraries/platform/secrets.ts';
import { type Received, startReceiver, verified } from '../test/webhooks/receiver.ts';
import { ServerProcess } from './support/server-process.ts';
import { createCompany, fixtureContext } from './support/tenants.ts';

const OUTBOX_SECRET = '5b1e9c4a7d2f08e6c3a9b5d1f7e2046c8a3d9f1b5e7c2a064d8f3b1e9c5a7d20';
const EVENTS = 300;
/** More than one process tries at once (8): a process keeps a key while its rows come (each run claims
 *  the key's next one), so with fewer keys the first to look could deliver them all, and the test would
 *  not have two processes at work. */
const ENDPOINTS = 20;
/** Events whose first try the receiver refuses (503): each comes back after the first wait (5 s). */
const REFUSED_ONCE = new Set([40, 150, 260]);

/**
 * Two server processes of one installation (PostgreSQL, Redis) deliver the webhooks of one company
 * to one receiver while its events are being written: every delivery arrives, verified by the
 * `standardwebhooks` package; no delivery is in flight twice at once (the workers' claim under
 * `FOR UPDATE SKIP LOCKED` and the lease); and each endpoint receives its events in their order,
 * whichever process sends each one. Figures (deliveries, retries, time to the first delivery) are printed.
 */
describe('webhooks delivered by two server processes', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let db: Db;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    const env = {
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: `portal-test-${randomBytes(6).toString('hex')}:`,
      OUTBOX_SECRET,
      WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${receiver.port}`,
    };
    a = await ServerProcess.start({ env });
    b = await ServerProcess.start({ env, database: a.database });
    db = a.openDatabase();
  });
  afterAll(async () => {
    await db?.close();
    await b?.close();
    await a?.close();
    await receiver?.close();
  });

  it(
    'delivers every event once, in order per endpoint, never the same row twice at once',
    { timeout: 180_000 },
    async () => {
      const ctx = fixtureContext(a, db);
      const { enterpriseId } = await createCompany(ctx);
      const key = Buffer.from(OUTBOX_SECRET, 'hex');
      const endpoints: { id: number; path: string; secret: string }[] = [];
      for (let n = 0; n < ENDPOINTS; n++) {
        const secret = `whsec_${randomBytes(24).toString('base64')}`;
        const path = `/company-hook-${n}`;
        const now = Date.now();
        const row = await db.db
          .insertInto('webhook_endpoints')
          .values({
            enterprise_id: enterpriseId,
            client_id: null,
            url: receiver.url(path),
            description: null,
            event_types: JSON.stringify(EVENT_TYPES),
            secret: seal(key, secret),
            previous_secret: null,
            previous_secret_until: null,
            disabled_at: null,
            disabled_reason: null,
            failing_since: null,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        endpoints.push({ id: row.id, path, secret });
      }

      // the receiver: what is in flight, and a few first tries refused
      const inFlight = new Set<string>();
      let overlaps = 0;
      const refused = new Set<string>();
      const firstTry = new Map<string, number>();
      for (const { path } of endpoints)
        receiver.answer(path, (request: Received, response) => {
          const flightKey = `${path} ${String(request.headers['webhook-id'])}`;
          if (inFlight.has(flightKey)) overlaps++;
          inFlight.add(flightKey);
          const invitationId = (JSON.parse(request.body) as { data: { invitationId: number } }).data.invitationId;
          firstTry.set(flightKey, firstTry.get(flightKey) ?? request.at);
          // a short while in flight, so that a second sender of the same row would be caught
          setTimeout(() => {
            inFlight.delete(flightKey);
            if (REFUSED_ONCE.has(invitationId) && !refused.has(flightKey)) {
              refused.add(flightKey);
              response.writeHead(503, { 'retry-after': '1' }).end();
            } else response.writeHead(200).end();
          }, 5);
        });

      // one event alone first: how soon a change reaches its receivers when nothing else is queued (a
      // write by another process is found by the workers' poll, not told them)
      const alone = Date.now();
      await companyTransaction(ctx, [enterpriseId], (trx) =>
        recordEvent(ctx, trx, { enterpriseId, type: 'invitation.revoked', data: { invitationId: 0 } }),
      );
      await expect.poll(() => receiver.received.length, { timeout: 10_000, interval: 10 }).toBe(ENDPOINTS);
      const aloneMs = Math.max(...receiver.received.map((entry) => entry.at)) - alone;

      // then a burst, written while both processes deliver, a few at a time as changes come
      const started = Date.now();
      for (let n = 1; n <= EVENTS; n++) {
        await companyTransaction(ctx, [enterpriseId], (trx) =>
          recordEvent(ctx, trx, { enterpriseId, type: 'invitation.revoked', data: { invitationId: n } }),
        );
        if (n % 10 === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const written = Date.now();

      await expect
        .poll(
          async () =>
            Number(
              (
                await db.db
                  .selectFrom('outbox')
                  .select((eb) => eb.fn.countAll().as('n'))
                  .where('topic', '=', 'webhook')
                  .where('state', '<>', 'delivered')
                  .executeTakeFirstOrThrow()
              ).n,
            ),
          { timeout: 150_000, interval: 250 },
        )
        .toBe(0);
      const done = Date.now();

      const events = await db.db
        .selectFrom('events')
        .select(['public_id', 'at'])
        .where('enterprise_id', '=', enterpriseId)
        .orderBy('id')
        .execute();
      expect(events).toHaveLength(EVENTS + 1);
      const order = events.map((event) => event.public_id);
      // a refused first try comes again, with the same id, before the endpoint's next event
      const expected = order.flatMap((id, index) => (REFUSED_ONCE.has(index) ? [id, id] : [id]));
      for (const { path, secret } of endpoints) {
        const got = receiver.at(path);
        for (const entry of got) expect(verified(secret, entry)).toBeTruthy();
        expect(got.map((entry) => entry.headers['webhook-id'])).toEqual(expected);
      }
      expect(overlaps).toBe(0);

      const rows = await db.db
        .selectFrom('outbox')
        .select(['attempts', 'lease_owner'])
        .where('topic', '=', 'webhook')
        .execute();
      const byProcess = new Map<string, number>();
      for (const row of rows) byProcess.set(row.lease_owner ?? '', (byProcess.get(row.lease_owner ?? '') ?? 0) + 1);
      // both processes took part
      expect(byProcess.size).toBe(2);
      const retries = rows.reduce((sum, row) => sum + row.attempts - 1, 0);
      expect(retries).toBe(ENDPOINTS * REFUSED_ONCE.size);

      const atOf = new Map(events.map((event) => [event.public_id, event.at]));
      const latencies = endpoints
        .flatMap(({ path }) => order.slice(1).map((id) => firstTry.get(`${path} ${id}`)! - atOf.get(id)!))
        .sort((x, y) => x - y);
      const percentile = (p: number) =>
        latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
      console.log(
        `webhooks over two processes: one event alone at its ${ENDPOINTS} endpoints within ${aloneMs} ms; ` +
          `${rows.length} deliveries of ${EVENTS + 1} events to ${ENDPOINTS} endpoints ` +
          `(${[...byProcess.values()].join(' + ')} by process), ${retries} retries, no delivery in flight twice; ` +
          `in the burst, event to first try median ${percentile(50)} ms, p95 ${percentile(95)} ms, max ${latencies.at(-1)} ms; ` +
          `events written in ${written - started} ms, all delivered ${done - started} ms after the first`,
      );
    },
  );
});
