import { randomBytes } from 'node:crypto';
import type { LookupAddress } from 'node:dns';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import {
  EVENT_TYPES,
  type EventType,
  companyEventSchema,
  webhookDeliveryPageSchema,
} from '@portal/shared/api/integrations';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { recordEvent } from '../../src/libraries/integrations/events/record-event.ts';
import { checkWebhookUrl } from '../../src/libraries/integrations/webhooks/address-guard.ts';
import { parseAllowedHosts } from '../../src/libraries/integrations/webhooks/allowed-hosts.ts';
import { sendWebhook } from '../../src/libraries/integrations/webhooks/webhook-sender.ts';
import { webhookRetryDelayMs, webhookTopic } from '../../src/libraries/integrations/webhooks/webhook-topic.ts';
import { companyTransaction } from '../../src/libraries/platform/company-transaction.ts';
import { seal } from '../../src/libraries/platform/secrets.ts';
import { createCompany, createUser } from '../support/fixtures.ts';
import { call } from '../support/http.ts';
import { startMailCatcher } from '../support/mail-catcher.ts';
import { companyWithAdmin } from '../support/settings.ts';
import { ENGINE, type TestApp, startTestApp } from '../support/test-app.ts';
import { startReceiver, verified } from './receiver.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** How long the receiver has to answer here: a hanging receiver fails a try quickly. */
const TIMEOUT_MS = 500;

/**
 * Webhook deliveries end to end, on the real engine and over real HTTP: the app's outbox worker
 * POSTs each event to a receiver on 127.0.0.1 (its port allowed by WEBHOOK_ALLOWED_HOSTS, as an
 * operator would allow an internal receiver), which verifies every signature with the `standardwebhooks` package.
 */
describe(`webhook delivery (${ENGINE})`, () => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let mail: Awaited<ReturnType<typeof startMailCatcher>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    mail = await startMailCatcher();
    t = await startTestApp({
      WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${receiver.port}`,
      OUTBOX_SECRET: randomBytes(32).toString('hex'),
      PORTAL_DEV_OUTBOX: '0',
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      MAIL_FROM: 'Energy Portal <no-reply@portal.example.com>',
    });
    t.app.outboxWorker.handle(webhookTopic(t.app.ctx, { timeoutMs: TIMEOUT_MS }));
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    await mail?.close();
  });

  const db = () => t.app.ctx.db;
  const settle = () => t.app.outboxWorker.idle();
  const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

  /** An endpoint of the company written as the management calls write one, its secret sealed. */
  async function endpoint(
    enterpriseId: number,
    url: string,
    previous?: { secret: string; until: number },
    eventTypes: readonly EventType[] = EVENT_TYPES,
  ): Promise<{ id: number; secret: string }> {
    const secret = newSecret();
    const key = t.app.ctx.config.outboxSecret;
    const now = t.app.ctx.now();
    const row = await db()
      .insertInto('webhook_endpoints')
      .values({
        enterprise_id: enterpriseId,
        client_id: null,
        url,
        description: null,
        event_types: JSON.stringify(eventTypes),
        secret: seal(key, secret),
        previous_secret: previous ? seal(key, previous.secret) : null,
        previous_secret_until: previous?.until ?? null,
        disabled_at: null,
        disabled_reason: null,
        failing_since: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, secret };
  }

  async function emit(enterpriseId: number, count = 1): Promise<void> {
    for (let i = 0; i < count; i++)
      await companyTransaction(t.app.ctx, [enterpriseId], (trx) =>
        recordEvent(t.app.ctx, trx, { enterpriseId, type: 'invitation.revoked', data: { invitationId: i + 1 } }),
      );
  }

  const deliveries = (endpointId: number) =>
    db().selectFrom('outbox').selectAll().where('endpoint_id', '=', endpointId).orderBy('id').execute();
  const endpointRow = (id: number) =>
    db().selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const ids = (path: string) => receiver.at(path).map((entry) => entry.headers['webhook-id']);
  /** A company's events as they were recorded, by the ids a receiver sees. */
  const eventOrder = async (enterpriseId: number) =>
    (
      await db()
        .selectFrom('events')
        .select('public_id')
        .where('enterprise_id', '=', enterpriseId)
        .orderBy('id')
        .execute()
    ).map((event) => event.public_id);

  /** Settles until every delivery of the endpoint is done, moving the clock past the first wait when
   *  a try ran out of this file's short deadline (a loaded machine), as the worker would in time. */
  async function deliveredAll(endpointId: number): Promise<void> {
    for (let round = 0; round < 5; round++) {
      await settle();
      if ((await deliveries(endpointId)).every((row) => row.state !== 'pending')) return;
      t.clock.advance(6_000);
    }
  }

  it('POSTs each event signed by Standard Webhooks, in the shape of the feed, and the package verifies it', async () => {
    const { enterpriseId } = await createCompany(t.app);
    const { id, secret } = await endpoint(enterpriseId, receiver.url('/signed'));
    await emit(enterpriseId, 3);
    await deliveredAll(id);
    // at least once: a try the receiver answered after this file's short deadline is sent again, with
    // the same id, so a busy machine may show an event twice but never lose one
    const got = receiver.at('/signed');
    expect(new Set(got.map((entry) => entry.headers['webhook-id'])).size).toBe(3);
    for (const entry of got) {
      expect(entry.headers['content-type']).toBe('application/json');
      expect(entry.headers['user-agent']).toMatch(/^SmartEnergyPortal-Webhooks\//);
      const event = companyEventSchema.parse(verified(secret, entry));
      expect(event).toMatchObject({ type: 'invitation.revoked', companyId: enterpriseId, version: 1 });
      expect(event.id).toBe(entry.headers['webhook-id']);
      expect(event.id).toMatch(/^evt_/);
    }
    // signed with another secret, the same body is refused by the package
    expect(() => verified(newSecret(), got[0]!)).toThrow();
    expect((await deliveries(id)).map((row) => [row.state, row.last_status])).toEqual([
      ['delivered', 200],
      ['delivered', 200],
      ['delivered', 200],
    ]);
  });

  it('delivers the events of each endpoint in the order they happened', async () => {
    const { enterpriseId } = await createCompany(t.app);
    const a = await endpoint(enterpriseId, receiver.url('/order-a'));
    await endpoint(enterpriseId, receiver.url('/order-b'));
    // one answer comes after the sender's deadline: that try fails though the receiver has the event,
    // and the event comes again, as on a loaded machine; delivery is at least once
    let calls = 0;
    receiver.answer('/order-a', (_request, response) => {
      if (++calls === 3) setTimeout(() => response.writeHead(200).end(), TIMEOUT_MS * 2);
      else response.writeHead(200).end();
    });
    await emit(enterpriseId, 15);
    const settled = settle();
    // the try that failed waits 5 s: the clock moves on once it is written
    await expect
      .poll(async () => (await deliveries(a.id)).some((row) => row.last_error?.startsWith('no answer')))
      .toBe(true);
    t.clock.advance(6_000);
    await settled;
    const order = await eventOrder(enterpriseId);
    expect(order).toHaveLength(15);
    // as a receiver reads them: repeats dropped by webhook-id, each event where it first arrived
    const firstArrivals = (path: string) => [...new Set(ids(path))];
    expect(ids('/order-a').length).toBeGreaterThan(15);
    expect(firstArrivals('/order-a')).toEqual(order);
    expect(firstArrivals('/order-b')).toEqual(order);
  });

  it('drains a backlog in order: a refused delivery holds the ones after it, untried, until its retry', async () => {
    const BACKLOG = 12;
    const REFUSED = 4;
    const { enterpriseId } = await createCompany(t.app);
    const { id } = await endpoint(enterpriseId, receiver.url('/backlog'));
    let calls = 0;
    receiver.answer(
      '/backlog',
      (_request, response) => void response.writeHead(++calls === REFUSED + 1 ? 503 : 204).end(),
    );
    // written in one transaction: the worker finds them all at once, as a backlog
    await companyTransaction(t.app.ctx, [enterpriseId], async (trx) => {
      for (let n = 1; n <= BACKLOG; n++)
        await recordEvent(t.app.ctx, trx, { enterpriseId, type: 'invitation.revoked', data: { invitationId: n } });
    });
    // the refused one waits 5 s; the ones after it wait for it (settling would wait as long)
    await expect.poll(async () => (await deliveries(id))[REFUSED]?.last_status).toBe(503);
    const waiting = await deliveries(id);
    expect(waiting.map((row) => [row.state, row.attempts, row.lease_until])).toEqual([
      ...Array.from({ length: REFUSED }, () => ['delivered', 1, null]),
      ['pending', 1, null],
      ...Array.from({ length: BACKLOG - REFUSED - 1 }, () => ['pending', 0, null]),
    ]);
    expect(receiver.at('/backlog')).toHaveLength(REFUSED + 1);
    expect((await endpointRow(id)).failing_since).not.toBeNull();

    t.clock.advance(6_000);
    await settle();
    const rows = await deliveries(id);
    expect(rows.map((row) => [row.state, row.attempts])).toEqual(
      rows.map((_, n) => ['delivered', n === REFUSED ? 2 : 1]),
    );
    const order = await eventOrder(enterpriseId);
    expect(ids('/backlog')).toEqual([...order.slice(0, REFUSED + 1), ...order.slice(REFUSED)]);
    // the delivery log: a try for each, two for the refused one, each when it was made
    const tries = await db()
      .selectFrom('outbox_tries')
      .select(['outbox_id', 'status', 'at'])
      .where(
        'outbox_id',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('id')
      .execute();
    expect(tries.map((entry) => [entry.outbox_id, entry.status])).toEqual([
      ...rows.slice(0, REFUSED).map((row) => [row.id, 204]),
      [rows[REFUSED]!.id, 503],
      ...rows.slice(REFUSED).map((row) => [row.id, 204]),
    ]);
    expect(rows.map((row) => row.last_attempt_at)).toEqual(
      rows.map((row) => tries.filter((entry) => entry.outbox_id === row.id).at(-1)!.at),
    );
    expect((await endpointRow(id)).failing_since).toBeNull();
  });

  it("sends a subscribed endpoint the company's department changes", async () => {
    const { enterpriseId, token } = await companyWithAdmin(t.app);
    const { secret } = await endpoint(enterpriseId, receiver.url('/departments'), undefined, [
      'department.created',
      'department.renamed',
      'department.deleted',
    ]);
    const { id: unsubscribed } = await endpoint(enterpriseId, receiver.url('/members-only'), undefined, [
      'member.joined',
    ]);
    const change = async (declaration: (typeof contract)[keyof typeof contract], body: object) => {
      const reply = await call(t.app, declaration, { token, body });
      expect(reply.code, reply.msg).toBe(0);
      return reply.data;
    };
    const { id } = await change(contract.createDepartment, { name: 'Metering' });
    await change(contract.renameDepartment, { id, name: 'Smart metering' });
    await change(contract.deleteDepartment, { id });
    await settle();
    const got = receiver.at('/departments').map((entry) => companyEventSchema.parse(verified(secret, entry)));
    // as a receiver reads them: repeats dropped by id
    const events = [...new Map(got.map((event) => [event.id, event])).values()];
    expect(events.map(({ type, companyId, data }) => ({ type, companyId, data }))).toEqual([
      {
        type: 'department.created',
        companyId: enterpriseId,
        data: { departmentId: id, name: 'Metering', parentId: null },
      },
      {
        type: 'department.renamed',
        companyId: enterpriseId,
        data: { departmentId: id, from: 'Metering', to: 'Smart metering' },
      },
      {
        type: 'department.deleted',
        companyId: enterpriseId,
        data: { departmentId: id, name: 'Smart metering', subDepartmentIds: [] },
      },
    ]);
    expect(await deliveries(unsubscribed)).toEqual([]);
  });

  it('signs with both secrets while a rotation overlaps, and with the new one alone after', async () => {
    const { enterpriseId } = await createCompany(t.app);
    const old = newSecret();
    const now = t.app.ctx.now();
    const overlapping = await endpoint(enterpriseId, receiver.url('/rotating'), { secret: old, until: now + HOUR });
    const over = await endpoint(enterpriseId, receiver.url('/rotated'), { secret: old, until: now - 1 });
    await emit(enterpriseId);
    await settle();
    const [during] = receiver.at('/rotating');
    expect(String(during!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verified(overlapping.secret, during!)).toBeTruthy();
    expect(verified(old, during!)).toBeTruthy();
    const [after] = receiver.at('/rotated');
    expect(String(after!.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verified(over.secret, after!)).toBeTruthy();
    expect(() => verified(old, after!)).toThrow();
  });

  it('waits, between tries, as Standard Webhooks senders do: 5 s, 5 min, 30 min, 2 h, 5 h, then 10 h', () => {
    const schedule = [5_000, 300_000, 1_800_000, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR, 10 * HOUR];
    for (const [index, delay] of schedule.entries())
      for (let sample = 0; sample < 20; sample++) {
        const wait = webhookRetryDelayMs(index + 1);
        expect(wait).toBeGreaterThanOrEqual(delay * 0.9);
        expect(wait).toBeLessThanOrEqual(delay * 1.1);
      }
  });

  it('tries a delivery answered 500 again after its wait, with the same id, and the streak ends with the success', async () => {
    const { enterpriseId } = await createCompany(t.app);
    const { id } = await endpoint(enterpriseId, receiver.url('/flaky'));
    let calls = 0;
    receiver.answer('/flaky', (_request, response) => void response.writeHead(++calls === 1 ? 500 : 204).end('busy'));
    await emit(enterpriseId);
    await settle();
    const [failed] = await deliveries(id);
    expect(failed).toMatchObject({
      state: 'pending',
      attempts: 1,
      last_status: 500,
      last_error: 'answered 500 with 4 bytes',
    });
    // the first wait of the schedule: 5 s, within its jitter
    expect(failed!.next_at - failed!.last_attempt_at!).toBeGreaterThanOrEqual(4_500);
    expect(failed!.next_at - failed!.last_attempt_at!).toBeLessThanOrEqual(5_500);
    expect((await endpointRow(id)).failing_since).not.toBeNull();
    t.clock.advance(6_000);
    await settle();
    expect((await deliveries(id)).map((row) => [row.state, row.attempts, row.last_status])).toEqual([
      ['delivered', 2, 204],
    ]);
    const [first, second] = ids('/flaky');
    expect(second).toBe(first);
    expect((await endpointRow(id)).failing_since).toBeNull();
  });

  it('waits as long as the receiver’s Retry-After asks', async () => {
    const { enterpriseId } = await createCompany(t.app);
    const { id } = await endpoint(enterpriseId, receiver.url('/later'));
    receiver.answer('/later', (_request, response) => void response.writeHead(503, { 'retry-after': '120' }).end());
    await emit(enterpriseId);
    await settle();
    const [row] = await deliveries(id);
    expect(row!.state).toBe('pending');
    // counted from the answer, which came a moment after the try began
    expect(row!.next_at - row!.last_attempt_at!).toBeGreaterThanOrEqual(120_000);
    expect(row!.next_at - row!.last_attempt_at!).toBeLessThan(125_000);
  });

  it('lists every try of a delivery, as Svix and Stripe show them: time, status, duration, next try', async () => {
    const { enterpriseId, token } = await companyWithAdmin(t.app);
    const { id } = await endpoint(enterpriseId, receiver.url('/each-try'));
    let calls = 0;
    receiver.answer('/each-try', (_request, response) => {
      // the first answer is slow and a failure; the second a success
      if (++calls === 1) setTimeout(() => response.writeHead(500).end('busy'), 50);
      else response.writeHead(204).end();
    });
    const log = async () => {
      const reply = await call(t.app, contract.webhookDeliveries, { token, query: { id } });
      expect(reply.code, reply.msg).toBe(0);
      return webhookDeliveryPageSchema.parse(reply.data).items;
    };
    await emit(enterpriseId);
    await settle();
    const [row] = await deliveries(id);
    const [pending] = await log();
    expect(pending).toMatchObject({ state: 'pending', attempts: 1, lastStatus: 500 });
    expect(pending!.tries).toEqual([
      {
        at: new Date(row!.last_attempt_at!).toISOString(),
        status: 500,
        durationMs: expect.any(Number),
        error: 'answered 500 with 4 bytes',
        nextAttemptAt: new Date(row!.next_at).toISOString(),
      },
    ]);
    expect(pending!.tries[0]!.durationMs).toBeGreaterThanOrEqual(40);

    t.clock.advance(6_000);
    await settle();
    const [delivered] = await log();
    expect(delivered).toMatchObject({ state: 'delivered', attempts: 2, lastStatus: 204, lastError: null });
    // the failed try is still there, before the success
    expect(delivered!.tries.map(({ status, error, nextAttemptAt }) => ({ status, error, nextAttemptAt }))).toEqual([
      pending!.tries.map(({ status, error, nextAttemptAt }) => ({ status, error, nextAttemptAt }))[0],
      { status: 204, error: null, nextAttemptAt: null },
    ]);
    expect(Date.parse(delivered!.tries[1]!.at)).toBeGreaterThan(Date.parse(delivered!.tries[0]!.at));
  });

  it('tries a delivery whose receiver did not answer in time again, with the same id', async () => {
    const { enterpriseId } = await createCompany(t.app);
    const { id } = await endpoint(enterpriseId, receiver.url('/hanging'));
    let calls = 0;
    // the first request is never answered
    receiver.answer('/hanging', (_request, response) => void (++calls > 1 && response.writeHead(200).end()));
    await emit(enterpriseId);
    await settle();
    const [failed] = await deliveries(id);
    expect(failed).toMatchObject({
      state: 'pending',
      attempts: 1,
      last_status: null,
      last_error: 'no answer within 0.5 s',
    });
    t.clock.advance(6_000);
    await settle();
    expect((await deliveries(id)).map((row) => [row.state, row.attempts])).toEqual([['delivered', 2]]);
    const [first, second] = ids('/hanging');
    expect(second).toBe(first);
  });

  it('gives a delivery up (dead) after WEBHOOK_GIVE_UP_HOURS, and the endpoint’s next event goes on', async () => {
    const { enterpriseId } = await createCompany(t.app);
    const { id } = await endpoint(enterpriseId, receiver.url('/down'));
    let up = false;
    receiver.answer('/down', (_request, response) => void response.writeHead(up ? 200 : 500).end());
    await emit(enterpriseId);
    await settle();
    // each wait runs out and each try fails, until the last one that ends past the 72 hours
    for (let tries = 0; tries < 20 && (await deliveries(id))[0]!.state === 'pending'; tries++) {
      t.clock.advance(10 * HOUR + 1);
      await settle();
    }
    const [dead] = await deliveries(id);
    expect(dead).toMatchObject({ state: 'dead', last_status: 500 });
    // given up at the first try whose next wait would end past the 72 hours, never before
    expect(dead!.done_at! - dead!.created_at).toBeGreaterThan(72 * HOUR - 11 * HOUR);
    expect(receiver.at('/down')).toHaveLength(dead!.attempts);
    up = true;
    await emit(enterpriseId);
    await settle();
    expect((await deliveries(id)).map((row) => row.state)).toEqual(['dead', 'delivered']);
  });

  it('turns off an endpoint that failed for WEBHOOK_DISABLE_AFTER_DAYS and tells each administrator by email', async () => {
    const english = await createUser(t.app, { langCode: 'en-US' });
    const german = await createUser(t.app, { langCode: 'de-DE' });
    const member = await createUser(t.app);
    const { enterpriseId } = await createCompany(t.app, {
      members: [
        { userId: english.id, role: 'admin' },
        { userId: german.id, role: 'admin' },
        { userId: member.id, role: 'member' },
      ],
    });
    const { id } = await endpoint(enterpriseId, receiver.url('/gone'));
    receiver.answer('/gone', (_request, response) => void response.writeHead(502).end());
    await emit(enterpriseId);
    await settle();
    const since = (await endpointRow(id)).failing_since!;
    expect(since).not.toBeNull();
    // the first event is given up after three days; the endpoint stays on, failing
    t.clock.advance(3 * DAY);
    await settle();
    expect((await endpointRow(id)).disabled_at).toBeNull();
    // the next one fails too, and two days later the endpoint has failed for five
    await emit(enterpriseId);
    await settle();
    t.clock.advance(2 * DAY);
    await settle();
    const off = await endpointRow(id);
    expect(off).toMatchObject({ disabled_reason: 'failing', failing_since: since });
    expect(off.disabled_at).not.toBeNull();
    expect((await deliveries(id)).map((row) => row.state)).toEqual(['dead', 'pending']);
    // what was still queued for it ends, and nothing new is queued
    t.clock.advance(11 * HOUR);
    await settle();
    const rows = await deliveries(id);
    expect(rows.map((row) => row.state)).toEqual(['dead', 'dead']);
    expect(rows[1]!.last_error).toBe('the endpoint was turned off after failing for days');
    await emit(enterpriseId);
    expect(await deliveries(id)).toHaveLength(2);

    const told = mail.received.filter((m) => [english.email, german.email, member.email].includes(m.to));
    expect(told.map((m) => m.to).sort()).toEqual([english.email, german.email].sort());
    const english_text = told.find((m) => m.to === english.email)!.body.replace(/=\r?\n/g, '');
    expect(english_text).toContain('Webhook turned off');
    expect(english_text).toContain(receiver.url('/gone'));
    // and the company's audit log says the portal did it, with no person as its actor
    const audited = await t.app.ctx.db
      .selectFrom('audit_events')
      .select(['user_id', 'detail'])
      .where('enterprise_id', '=', enterpriseId)
      .where('action', '=', 'webhook.update')
      .execute();
    expect(audited.map((row) => ({ userId: row.user_id, detail: JSON.parse(row.detail!) }))).toEqual([
      {
        userId: null,
        detail: {
          endpointId: id,
          url: receiver.url('/gone'),
          enabled: false,
          reason: 'failing',
          failingSince: new Date(since).toISOString(),
        },
      },
    ]);
  });

  it('turns a failing endpoint off in one transaction with its audit row and notices, or not at all', async () => {
    const admin = await createUser(t.app, { langCode: 'en-US' });
    const { enterpriseId } = await createCompany(t.app, { members: [{ userId: admin.id, role: 'admin' }] });
    const { id } = await endpoint(enterpriseId, receiver.url('/atomic'));
    receiver.answer('/atomic', (_request, response) => void response.writeHead(503).end());
    const since = t.app.ctx.now() - 6 * DAY;
    await db().updateTable('webhook_endpoints').set({ failing_since: since }).where('id', '=', id).execute();
    const notices = () =>
      db()
        .selectFrom('outbox')
        .select('id')
        .where('topic', '=', 'message')
        .where('created_at', '>=', since + 6 * DAY)
        .execute();
    const audited = () =>
      db()
        .selectFrom('audit_events')
        .select('detail')
        .where('enterprise_id', '=', enterpriseId)
        .where('action', '=', 'webhook.update')
        .execute();
    const before = (await notices()).length;

    // the audit log cannot be written (the table is away): the endpoint is not turned off either
    await sql`alter table audit_events rename to audit_events_away`.execute(db());
    try {
      await emit(enterpriseId);
      await settle();
      expect(await endpointRow(id)).toMatchObject({ disabled_at: null, failing_since: since });
      expect(await notices()).toHaveLength(before);
    } finally {
      await sql`alter table audit_events_away rename to audit_events`.execute(db());
    }
    expect(await audited()).toEqual([]);

    // the next failure turns it off, with both
    t.clock.advance(6_000);
    await settle();
    expect(await endpointRow(id)).toMatchObject({ disabled_reason: 'failing', failing_since: since });
    expect(await audited()).toHaveLength(1);
    expect(await notices()).toHaveLength(before + 1);
  });

  it('ends at once the deliveries of an endpoint an administrator turned off', async () => {
    const { enterpriseId } = await createCompany(t.app);
    const { id } = await endpoint(enterpriseId, receiver.url('/switched-off'));
    receiver.answer('/switched-off', (_request, response) => void response.writeHead(500).end());
    await emit(enterpriseId);
    await settle();
    await db()
      .updateTable('webhook_endpoints')
      .set({ disabled_at: t.app.ctx.now(), disabled_reason: 'manual' })
      .where('id', '=', id)
      .execute();
    t.clock.advance(6_000);
    await settle();
    expect(await deliveries(id)).toMatchObject([
      { state: 'dead', attempts: 2, last_error: 'the endpoint is turned off' },
    ]);
    expect(receiver.at('/switched-off')).toHaveLength(1);
  });

  it('refuses private targets when an endpoint is saved', async () => {
    const config = t.app.ctx.config;
    const closed = { ...config, webhookAllowedHosts: [] };
    const company = 'company1';
    for (const url of [
      'http://localhost:8080/hook',
      'http://127.0.0.1/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/hook',
      'http://10.0.0.1/hook',
    ])
      await expect(checkWebhookUrl(closed, url, company), url).rejects.toMatchObject({
        code: ErrorCode.WebhookAddressRefused,
      });
    // allowed by the operator, by its name and port only
    await expect(checkWebhookUrl(config, receiver.url('/hook'), company)).resolves.toBeUndefined();
    for (const url of [`http://localhost:${receiver.port}/hook`, `http://127.0.0.1:${receiver.port + 1}/hook`])
      await expect(checkWebhookUrl(config, url, company), url).rejects.toMatchObject({
        code: ErrorCode.WebhookAddressRefused,
      });
  });

  it('connects to no private address, whatever an endpoint row says', async () => {
    const { enterpriseId } = await createCompany(t.app);
    const targets = [
      `http://localhost:${receiver.port}/ssrf`,
      `http://[::1]:${receiver.port}/ssrf`,
      `http://[::ffff:127.0.0.2]:${receiver.port}/ssrf`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/ssrf',
    ];
    const endpoints = [];
    for (const url of targets) endpoints.push(await endpoint(enterpriseId, url));
    await emit(enterpriseId);
    await settle();
    for (const [index, { id }] of endpoints.entries()) {
      const [row] = await deliveries(id);
      expect(row, targets[index]).toMatchObject({ state: 'pending', attempts: 1, last_status: null });
      expect(row!.last_error, targets[index]).toMatch(/refused/);
    }
    expect(receiver.at('/ssrf')).toEqual([]);
  });

  it('checks the address a connection is made to: a name that resolves to a private one now gets none', async () => {
    const rebound = (_host: string, _options: unknown, done: (error: null, addresses: LookupAddress[]) => void) =>
      done(null, [{ address: '127.0.0.1', family: 4 }]);
    const { enterpriseId } = await createCompany(t.app);
    const event = {
      id: 'evt_rebound',
      type: 'invitation.revoked' as const,
      version: 1,
      companyId: enterpriseId,
      occurredAt: new Date().toISOString(),
      data: { invitationId: 1 },
    };
    const delivery = {
      url: `http://hooks.example.test:${receiver.port}/rebound`,
      company: null,
      event,
      secrets: [newSecret()],
      signedAt: new Date(),
    };
    const config = t.app.ctx.config;
    const refused = await sendWebhook(config, delivery, { resolve: rebound });
    expect(refused).toMatchObject({ ok: false, status: null, error: expect.stringMatching(/refused/) });
    expect(receiver.at('/rebound')).toEqual([]);
    // the same resolver, for a host the operator allows by name: the connection is made
    const allowed = { ...config, webhookAllowedHosts: parseAllowedHosts(`hooks.example.test:${receiver.port}`, false) };
    expect(await sendWebhook(allowed, delivery, { resolve: rebound })).toEqual({
      ok: true,
      status: 200,
    });
    expect(receiver.at('/rebound')).toHaveLength(1);
  });

  it('follows no redirect: a 3xx is a failed try, wherever it points', async () => {
    const { enterpriseId } = await createCompany(t.app);
    const moved = [
      { path: '/moved-302', status: 302 },
      { path: '/moved-301', status: 301 },
      { path: '/moved-307', status: 307 },
      { path: '/moved-308', status: 308 },
    ];
    const endpoints = [];
    for (const { path, status } of moved) {
      receiver.answer(
        path,
        (_request, response) => void response.writeHead(status, { location: receiver.url('/target') }).end(),
      );
      endpoints.push(await endpoint(enterpriseId, receiver.url(path)));
    }
    await emit(enterpriseId);
    await settle();
    for (const [index, { id }] of endpoints.entries()) {
      const [row] = await deliveries(id);
      expect(row).toMatchObject({ state: 'pending', last_status: moved[index]!.status });
      expect(row!.last_error).toContain('a redirect (not followed)');
    }
    expect(receiver.at('/target')).toEqual([]);
  });

  it('stops reading an answer after 64 KiB: an endless one does not hold the delivery', async () => {
    let sent = 0;
    receiver.answer('/endless', (_request, response) => {
      response.writeHead(200);
      const chunk = Buffer.alloc(16 * 1024, 'y');
      const more = () => {
        while (!response.destroyed && response.write(chunk)) sent += chunk.length;
      };
      response.on('drain', more);
      more();
    });
    const { enterpriseId } = await createCompany(t.app);
    const delivery = {
      url: receiver.url('/endless'),
      company: null,
      event: {
        id: 'evt_endless',
        type: 'invitation.revoked' as const,
        version: 1,
        companyId: enterpriseId,
        occurredAt: new Date().toISOString(),
        data: { invitationId: 1 },
      },
      secrets: [newSecret()],
      signedAt: new Date(),
    };
    // no deadline to end it: only the cap on what is read does
    expect(await sendWebhook(t.app.ctx.config, delivery, { timeoutMs: 600_000 })).toEqual({ ok: true, status: 200 });
    expect(sent).toBeGreaterThan(64 * 1024);
  });

  it("keeps of a failed answer its status and size, never its text: an internal error page is no customer's to read", async () => {
    const { enterpriseId } = await createCompany(t.app);
    const verbose = await endpoint(enterpriseId, receiver.url('/verbose'));
    const page = await endpoint(enterpriseId, receiver.url('/error-page'));
    receiver.answer('/verbose', (_request, response) => void response.writeHead(500).end('x'.repeat(1024 * 1024)));
    receiver.answer(
      '/error-page',
      (_request, response) => void response.writeHead(502).end('<h1>db-primary.internal:5432 refused</h1>'),
    );
    await emit(enterpriseId);
    await settle();
    const [long] = await deliveries(verbose.id);
    expect(long).toMatchObject({ last_status: 500, last_error: 'answered 500 with 65536 bytes or more' });
    const [short] = await deliveries(page.id);
    expect(short).toMatchObject({ last_status: 502, last_error: 'answered 502 with 41 bytes' });
  });
});
