import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '@portal/shared/api/integrations';
import type { Db } from '../src/db/database.ts';
import { recordEvent } from '../src/libraries/integrations/events/record-event.ts';
import { companyTransaction } from '../src/libraries/platform/company-transaction.ts';
import { seal } from '../src/libraries/platform/secrets.ts';
import { startReceiver } from '../test/webhooks/receiver.ts';
import { ENGINE, ServerProcess } from './support/server-process.ts';
import { createCompany, fixtureContext } from './support/tenants.ts';

const OUTBOX_SECRET = '6b1e9d3f7a2c0854e6d1b9f3a7c5e20d8b4f6a1c3e9d7b5f0a2c4e6d8b1f3a97';
const EVENTS = 3;
/** The lease a claim held before it was renewed while a try runs: a killed sender's delivery waited this long. */
const OLD_LEASE_MS = 60_000;

/**
 * The outbox lease of a webhook's delivery is short and renewed while its try runs: a sender killed
 * (kill -9) mid-delivery holds the row for seconds, not a minute, so the restarted server takes it up
 * while the old lease would still have held it, and the endpoint's later events follow in order.
 */
describe(`the outbox lease of a killed webhook sender (${ENGINE})`, () => {
  let server: ServerProcess;
  let db: Db;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    server = await ServerProcess.start({
      env: { OUTBOX_SECRET, WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${receiver.port}` },
    });
    db = server.openDatabase();
  });
  afterAll(async () => {
    await db?.close();
    await server?.close();
    await receiver?.close();
  });

  it(
    'is renewed while the try runs, and taken up by the restarted server within the old lease',
    { timeout: 120_000 },
    async () => {
      const ctx = fixtureContext(server, db);
      const { enterpriseId } = await createCompany(ctx);
      const now = Date.now();
      const { id: endpointId } = await db.db
        .insertInto('webhook_endpoints')
        .values({
          enterprise_id: enterpriseId,
          client_id: null,
          url: receiver.url('/held'),
          description: null,
          event_types: JSON.stringify(EVENT_TYPES),
          secret: seal(Buffer.from(OUTBOX_SECRET, 'hex'), `whsec_${randomBytes(24).toString('base64')}`),
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
      // the first request is held unanswered until the sender dies; after the restart, answered at once
      let holding = true;
      receiver.answer('/held', (_request, response) => {
        if (!holding) response.writeHead(204).end();
      });
      for (let n = 1; n <= EVENTS; n++)
        await companyTransaction(ctx, [enterpriseId], (trx) =>
          recordEvent(ctx, trx, { enterpriseId, type: 'invitation.revoked', data: { invitationId: n } }),
        );
      const rows = () =>
        db.db.selectFrom('outbox').selectAll().where('endpoint_id', '=', endpointId).orderBy('id').execute();

      await expect.poll(() => receiver.at('/held').length, { timeout: 30_000, interval: 20 }).toBe(1);
      const [claimed] = await rows();
      const claimedAt = Number(claimed!.last_attempt_at);
      const firstLease = Number(claimed!.lease_until);
      // a short lease, well within the old one
      expect(firstLease - claimedAt).toBeLessThanOrEqual(OLD_LEASE_MS / 4);
      // and renewed while the receiver keeps the try waiting
      await expect
        .poll(async () => Number((await rows())[0]!.lease_until), { timeout: 9_000, interval: 100 })
        .toBeGreaterThan(firstLease);

      await server.stop('SIGKILL');
      holding = false;
      await server.launch();
      await expect
        .poll(async () => (await rows()).map((row) => row.state), { timeout: 60_000, interval: 100 })
        .toEqual(['delivered', 'delivered', 'delivered']);

      const [retried] = await rows();
      // the restarted server took the delivery up while the old 60 s lease would still have held it
      expect(retried!.attempts).toBe(2);
      expect(Number(retried!.last_attempt_at)).toBeLessThan(claimedAt + OLD_LEASE_MS);
      const ids = receiver.at('/held').map((entry) => String(entry.headers['webhook-id']));
      expect(ids[1]).toBe(ids[0]);
      expect([...new Set(ids)]).toHaveLength(EVENTS);
    },
  );
});
