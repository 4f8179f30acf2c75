import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '@portal/shared/api/integrations';
import type { Db } from '../src/db/database.ts';
import { recordEvent } from '../src/libraries/integrations/events/record-event.ts';
import { companyTransaction } from '../src/libraries/platform/company-transaction.ts';
import { seal } from '../src/libraries/platform/secrets.ts';
import { startReceiver, verified } from '../test/webhooks/receiver.ts';
import { ENGINE, ServerProcess } from './support/server-process.ts';
import { createCompany, fixtureContext } from './support/tenants.ts';

const OUTBOX_SECRET = '2f7c9a1e5d3b086a4c2e9f1d7b5a3068e4c1a9d7f2b5e3c08a6d4f1b9e7c2a53';
const EVENTS = 40;
/** How long the receiver holds each answer: a delivery is in flight whenever the sender is killed. */
const HOLD_MS = 150;

/**
 * The sender of a company's webhooks is killed (kill -9) while an event is in flight and more wait
 * behind it. The events are rows committed with their changes, so nothing is lost: the restarted
 * server delivers every one, in order, and the one in flight comes again with the same `webhook-id`
 * once the dead process's lease ends. Figures (in flight at the kill, repeats, time) are printed.
 */
describe(`kill -9 of the webhook sender, then a restart (${ENGINE})`, () => {
  let server: ServerProcess;
  let db: Db;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    server = await ServerProcess.start({ env: { OUTBOX_SECRET, WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${receiver.port}` } });
    db = server.openDatabase();
  });
  afterAll(async () => {
    await db?.close();
    await server?.close();
    await receiver?.close();
  });

  it('loses no event: every one arrives after the restart, in order, verified', { timeout: 240_000 }, async () => {
    const ctx = fixtureContext(server, db);
    const { enterpriseId } = await createCompany(ctx);
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    const now = Date.now();
    await db.db
      .insertInto('webhook_endpoints')
      .values({
        enterprise_id: enterpriseId,
        client_id: null,
        url: receiver.url('/hook'),
        description: null,
        event_types: JSON.stringify(EVENT_TYPES),
        secret: seal(Buffer.from(OUTBOX_SECRET, 'hex'), secret),
        previous_secret: null,
        previous_secret_until: null,
        disabled_at: null,
        disabled_reason: null,
        failing_since: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    let answering = true;
    receiver.answer('/hook', (_request, response) => {
      setTimeout(() => {
        // after the kill the old connection is gone; the answer has nowhere to go
        if (answering) response.writeHead(204).end();
      }, HOLD_MS);
    });

    for (let n = 1; n <= EVENTS; n++)
      await companyTransaction(ctx, [enterpriseId], (trx) =>
        recordEvent(ctx, trx, { enterpriseId, type: 'invitation.revoked', data: { invitationId: n } }),
      );
    const order = (
      await db.db
        .selectFrom('events')
        .select('public_id')
        .where('enterprise_id', '=', enterpriseId)
        .orderBy('id')
        .execute()
    ).map((row) => row.public_id);

    // a few delivered, one in flight, the rest waiting: then the kill
    await expect.poll(() => receiver.received.length, { timeout: 60_000, interval: 10 }).toBeGreaterThanOrEqual(5);
    await server.stop('SIGKILL');
    answering = false;
    const receivedAtKill = receiver.received.length;
    const waiting = await db.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('topic', '=', 'webhook')
      .where('state', '=', 'pending')
      .executeTakeFirstOrThrow();
    expect(Number(waiting.n)).toBeGreaterThan(0);

    const restarted = Date.now();
    answering = true;
    await server.launch();
    await expect
      .poll(
        async () =>
          (
            await db.db
              .selectFrom('outbox')
              .select('state')
              .where('topic', '=', 'webhook')
              .where('state', '<>', 'delivered')
              .execute()
          ).length,
        { timeout: 150_000, interval: 250 },
      )
      .toBe(0);
    const doneMs = Date.now() - restarted;

    const ids = receiver.at('/hook').map((entry) => {
      expect(verified(secret, entry)).toBeTruthy();
      return String(entry.headers['webhook-id']);
    });
    // every event, and in order once repeats are dropped as a receiver drops them
    expect([...new Set(ids)]).toEqual(order);
    const repeats = ids.length - new Set(ids).size;
    // only what the dead process had in flight comes twice
    expect(repeats).toBeLessThanOrEqual(1);
    console.log(
      `[${ENGINE}] webhook sender killed with ${receivedAtKill} of ${EVENTS} tries made and ${Number(waiting.n)} ` +
        `deliveries not done; after the restart all ${EVENTS} delivered in ${doneMs} ms, ${repeats} repeated (same webhook-id)`,
    );
    expect(server.alive).toBe(true);
  });
});
