import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { API_PREFIX } from '@portal/shared/api/contract/prefixes';
import { FRESH_PROOF_MINUTES } from '@portal/shared/api/fresh-proof';
import { WEBHOOK_ENDPOINTS_MAX, WEBHOOK_SECRET_OVERLAP_HOURS } from '@portal/shared/api/integrations';
import { recordEvent } from '../../src/libraries/integrations/events/record-event.ts';
import { addClient } from '../../src/libraries/openid/clients.ts';
import { companyTransaction } from '../../src/libraries/platform/company-transaction.ts';
import { unseal } from '../../src/libraries/platform/secrets.ts';
import { PASSWORD, createCompany, createUser } from '../support/fixtures.ts';
import { type Reply, call, tokenFor } from '../support/http.ts';
import { companyWithAdmin } from '../support/settings.ts';
import { ENGINE, type TestApp, startTestApp } from '../support/test-app.ts';
import { type TracedApp, startTracedApp } from '../support/traced-app.ts';

const OUTBOX_SECRET = randomBytes(32).toString('hex');
/** A host the test allows by name, so that no resolver is asked; nothing listens there. */
const RECEIVER = 'https://receiver.example.test';
const STALE_MS = (FRESH_PROOF_MINUTES + 1) * 60_000;
const FAR_FUTURE = 4_102_444_800_000;
const INTERNAL = '10.20.30.40:8443';
const INTERNAL_COMPANY = 'hooks-internal';

describe(`a company's webhook endpoints (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      OUTBOX_SECRET,
      // an internal receiver on one port, for one company's endpoints
      WEBHOOK_ALLOWED_HOSTS: `receiver.example.test,${INTERNAL}@${INTERNAL_COMPANY}`,
    });
  });
  afterAll(async () => t?.close());

  const db = () => t.app.ctx.db;
  const send = (declaration: (typeof contract)[keyof typeof contract], token: string, input: object = {}) =>
    declaration.method === 'GET'
      ? call(t.app, declaration, { token, query: input as Record<string, string | number> })
      : call(t.app, declaration, { token, body: input });
  const ok = (reply: Reply) => {
    expect(reply.code, reply.msg).toBe(0);
    return reply.data;
  };
  const create = (token: string, body: object = {}) =>
    send(contract.createWebhook, token, { url: `${RECEIVER}/hooks`, eventTypes: ['member.joined'], ...body });
  const endpointRow = (id: number) =>
    db().selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const auditOf = (enterpriseId: number) =>
    db()
      .selectFrom('audit_events')
      .select(['action', 'detail'])
      .where('enterprise_id', '=', enterpriseId)
      .where('action', 'like', 'webhook.%')
      .orderBy('id')
      .execute();

  it('creates, lists, changes, rotates, lists deliveries, sends again and deletes an endpoint', async () => {
    const { token, enterpriseId } = await companyWithAdmin(t.app);

    // created: the secret answered once, in the Standard Webhooks form, stored sealed
    const created = ok(
      await create(token, {
        url: `${RECEIVER}/hooks?token=kept-out-of-the-log`,
        eventTypes: ['member.joined', 'member.left', 'member.joined'],
        description: 'HR system',
      }),
    );
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(created.secret.slice('whsec_'.length), 'base64')).toHaveLength(24);
    expect(created.previousSecretUntil).toBeNull();
    expect(created.endpoint).toMatchObject({
      url: `${RECEIVER}/hooks?token=kept-out-of-the-log`,
      description: 'HR system',
      eventTypes: ['member.joined', 'member.left'],
      status: 'enabled',
      failingSince: null,
    });
    const id: number = created.endpoint.id;
    const stored = await endpointRow(id);
    expect(stored.secret).not.toContain(created.secret);
    expect(unseal(Buffer.from(OUTBOX_SECRET, 'hex'), stored.secret, 'OUTBOX_SECRET')).toBe(created.secret);
    expect(stored).toMatchObject({ enterprise_id: enterpriseId, client_id: null });

    // listed without any secret
    const listed = ok(await send(contract.webhooks, token));
    expect(listed.items).toEqual([created.endpoint]);
    expect(JSON.stringify(listed)).not.toContain('whsec_');

    // changed: what is omitted stays
    const changed = ok(
      await send(contract.updateWebhook, token, { id, url: `${RECEIVER}/v2`, eventTypes: ['invitation.used'] }),
    );
    expect(changed).toMatchObject({ url: `${RECEIVER}/v2`, eventTypes: ['invitation.used'], description: 'HR system' });
    // a blank description clears it
    expect(ok(await send(contract.updateWebhook, token, { id, description: '  ' })).description).toBeNull();

    // turned off by hand, then on again; on also ends the portal's own switch-off and the failing streak
    const off = ok(await send(contract.updateWebhook, token, { id, enabled: false }));
    expect(off.status).toBe('disabled');
    const offAt = (await endpointRow(id)).disabled_at;
    expect(await endpointRow(id)).toMatchObject({ disabled_reason: 'manual', disabled_at: expect.any(Number) });
    // off again: still off since the first time
    t.clock.advance(1_000);
    ok(await send(contract.updateWebhook, token, { id, enabled: false }));
    expect((await endpointRow(id)).disabled_at).toBe(offAt);
    const since = t.app.ctx.now() - 6 * 86_400_000;
    await db()
      .updateTable('webhook_endpoints')
      .set({ disabled_at: t.app.ctx.now(), disabled_reason: 'failing', failing_since: since })
      .where('id', '=', id)
      .execute();
    expect(ok(await send(contract.webhooks, token)).items[0]).toMatchObject({
      status: 'failing',
      failingSince: new Date(since).toISOString(),
    });
    const on = ok(await send(contract.updateWebhook, token, { id, enabled: true }));
    expect(on).toMatchObject({ status: 'enabled', failingSince: null });
    expect(await endpointRow(id)).toMatchObject({ disabled_at: null, disabled_reason: null, failing_since: null });
    // on while on, but failing: the streak is forgotten
    await db().updateTable('webhook_endpoints').set({ failing_since: since }).where('id', '=', id).execute();
    expect(ok(await send(contract.updateWebhook, token, { id, enabled: true })).failingSince).toBeNull();

    // rotated: a new secret, the old one signing beside it for the overlap
    const before = t.app.ctx.now();
    const rotated = ok(await send(contract.rotateWebhookSecret, token, { id }));
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);
    const until = Date.parse(rotated.previousSecretUntil);
    expect(until).toBeGreaterThanOrEqual(before + WEBHOOK_SECRET_OVERLAP_HOURS * 3_600_000);
    expect(until).toBeLessThan(before + WEBHOOK_SECRET_OVERLAP_HOURS * 3_600_000 + 60_000);
    const afterRotation = await endpointRow(id);
    const key = Buffer.from(OUTBOX_SECRET, 'hex');
    expect(unseal(key, afterRotation.secret, 'OUTBOX_SECRET')).toBe(rotated.secret);
    expect(unseal(key, afterRotation.previous_secret!, 'OUTBOX_SECRET')).toBe(created.secret);
    expect(Number(afterRotation.previous_secret_until)).toBe(until);

    // three events for the endpoint: one delivered, one given up, one waiting (far off, so that no
    // worker takes it, nor, by the endpoint's order, anything after it); set in the transaction that
    // records them, so that the worker never sees them otherwise
    const now = t.app.ctx.now();
    const rows = await companyTransaction(t.app.ctx, [enterpriseId], async (trx) => {
      for (const invitationId of [1, 2, 3])
        await recordEvent(t.app.ctx, trx, {
          enterpriseId,
          type: 'invitation.used',
          data: { invitationId, userId: 7, uses: 1 },
        });
      const [first, second, third] = await trx
        .selectFrom('outbox')
        .select(['id', 'event_id'])
        .where('endpoint_id', '=', id)
        .orderBy('id')
        .execute();
      const done = { last_attempt_at: now, done_at: now };
      await trx
        .updateTable('outbox')
        .set({ state: 'delivered', attempts: 1, last_status: 204, last_error: null, ...done })
        .where('id', '=', first!.id)
        .execute();
      await trx
        .updateTable('outbox')
        .set({ state: 'dead', attempts: 9, last_status: 500, last_error: 'HTTP 500', ...done })
        .where('id', '=', second!.id)
        .execute();
      await trx
        .updateTable('outbox')
        .set({ next_at: FAR_FUTURE, attempts: 2, last_error: 'timeout', last_attempt_at: now })
        .where('id', '=', third!.id)
        .execute();
      return [first!, second!, third!] as const;
    });
    const [first, second, third] = rows;
    const events = await db()
      .selectFrom('events')
      .select(['id', 'public_id'])
      .where('enterprise_id', '=', enterpriseId)
      .orderBy('id')
      .execute();
    const publicId = (eventId: number | null) => events.find((e) => e.id === eventId)!.public_id;

    const firstPage = ok(await send(contract.webhookDeliveries, token, { id, pageSize: 2 }));
    expect(firstPage.items).toEqual([
      expect.objectContaining({
        id: third.id,
        eventId: publicId(third.event_id),
        eventType: 'invitation.used',
        state: 'pending',
        attempts: 2,
        lastError: 'timeout',
        nextAttemptAt: new Date(FAR_FUTURE).toISOString(),
      }),
      expect.objectContaining({
        id: second.id,
        eventId: publicId(second.event_id),
        state: 'failed',
        attempts: 9,
        lastStatus: 500,
        lastError: 'HTTP 500',
        nextAttemptAt: null,
      }),
    ]);
    expect(firstPage.nextCursor).toEqual(expect.any(String));
    const secondPage = ok(
      await send(contract.webhookDeliveries, token, { id, pageSize: 2, cursor: firstPage.nextCursor }),
    );
    expect(secondPage.items).toEqual([
      expect.objectContaining({
        id: first.id,
        state: 'delivered',
        lastStatus: 204,
        lastError: null,
        lastAttemptAt: new Date(now).toISOString(),
      }),
    ]);
    expect(secondPage.nextCursor).toBeNull();
    expect((await send(contract.webhookDeliveries, token, { id, cursor: 'bm90IGEgY3Vyc29y' })).code).toBe(1000400);

    // sent again: the given-up event as a new delivery, first in the list, with the same event id
    expect(ok(await send(contract.resendWebhookDelivery, token, { deliveryId: second.id }))).toBeNull();
    const resent = ok(await send(contract.webhookDeliveries, token, { id })).items;
    expect(resent).toHaveLength(4);
    expect(resent[0]).toMatchObject({ eventId: publicId(second.event_id), state: 'pending', attempts: 0 });
    expect(resent[0].id).toBeGreaterThan(third.id);
    expect(resent[2]).toMatchObject({ id: second.id, state: 'failed' });
    const newRow = await db().selectFrom('outbox').selectAll().where('id', '=', resent[0].id).executeTakeFirstOrThrow();
    expect(newRow).toMatchObject({
      topic: 'webhook',
      endpoint_id: id,
      event_id: second.event_id,
      ordering_key: `endpoint:${id}`,
    });
    // pressed again while that one waits, and on a pending delivery: nothing changes
    ok(await send(contract.resendWebhookDelivery, token, { deliveryId: second.id }));
    ok(await send(contract.resendWebhookDelivery, token, { deliveryId: third.id }));
    // a delivered one may be sent again too
    ok(await send(contract.resendWebhookDelivery, token, { deliveryId: first.id }));
    const deliveries = ok(await send(contract.webhookDeliveries, token, { id })).items;
    expect(deliveries.map((d: { eventId: string }) => d.eventId)).toEqual([
      publicId(first.event_id),
      publicId(second.event_id),
      publicId(third.event_id),
      publicId(second.event_id),
      publicId(first.event_id),
    ]);

    // deleted with its deliveries
    expect(ok(await send(contract.deleteWebhook, token, { id }))).toBeNull();
    expect(ok(await send(contract.webhooks, token)).items).toEqual([]);
    expect(await db().selectFrom('outbox').select('id').where('endpoint_id', '=', id).execute()).toEqual([]);
    expect((await send(contract.deleteWebhook, token, { id })).code).toBe(1000404);

    // every change audited, and never a secret nor the URL's query
    const audit = await auditOf(enterpriseId);
    expect(audit.map((a) => a.action)).toEqual([
      'webhook.create',
      ...Array(6).fill('webhook.update'),
      'webhook.rotate',
      // the two presses that queued a delivery; those that changed nothing are not recorded
      'webhook.resend',
      'webhook.resend',
      'webhook.delete',
    ]);
    expect(JSON.parse(audit[8]!.detail!)).toEqual({
      endpointId: id,
      url: `${RECEIVER}/v2`,
      deliveryId: second.id,
      eventId: publicId(second.event_id),
    });
    expect(JSON.parse(audit[9]!.detail!)).toEqual({
      endpointId: id,
      url: `${RECEIVER}/v2`,
      deliveryId: first.id,
      eventId: publicId(first.event_id),
    });
    expect(JSON.parse(audit[0]!.detail!)).toEqual({
      endpointId: id,
      url: `${RECEIVER}/hooks`,
      eventTypes: ['member.joined', 'member.left'],
    });
    expect(JSON.parse(audit[3]!.detail!)).toEqual({ endpointId: id, url: `${RECEIVER}/v2`, enabled: false });
    const all = JSON.stringify(audit);
    for (const secret of [created.secret, rotated.secret, 'whsec_', 'kept-out-of-the-log'])
      expect(all).not.toContain(secret);
  });

  it('asks for a fresh proof before handing out a secret or repointing it, and takes the same request after it', async () => {
    const { token, enterpriseId } = await companyWithAdmin(t.app);
    const id = ok(await create(token)).endpoint.id;
    const secret = (await endpointRow(id)).secret;
    t.clock.advance(STALE_MS);

    expect((await create(token)).code).toBe(1009166);
    expect((await send(contract.rotateWebhookSecret, token, { id })).code).toBe(1009166);
    // a new URL sends the events, signed with the secret, somewhere else
    expect((await send(contract.updateWebhook, token, { id, url: `${RECEIVER}/elsewhere` })).code).toBe(1009166);
    expect(
      await db().selectFrom('webhook_endpoints').select('id').where('enterprise_id', '=', enterpriseId).execute(),
    ).toHaveLength(1);
    expect(await endpointRow(id)).toMatchObject({ secret, url: `${RECEIVER}/hooks` });
    // what hands nothing out goes on without it, the URL it already has included
    ok(await send(contract.updateWebhook, token, { id, description: 'Still mine' }));
    ok(await send(contract.updateWebhook, token, { id, url: `${RECEIVER}/hooks`, enabled: false }));
    ok(await send(contract.webhooks, token));

    ok(await call(t.app, contract.reauthenticate, { token, body: { password: PASSWORD } }));
    ok(await create(token));
    ok(await send(contract.rotateWebhookSecret, token, { id }));
    expect(ok(await send(contract.updateWebhook, token, { id, url: `${RECEIVER}/elsewhere` })).url).toBe(
      `${RECEIVER}/elsewhere`,
    );
  });

  it(`lets exactly one of 20 concurrent creations take the last of ${WEBHOOK_ENDPOINTS_MAX} places`, async () => {
    const { token, enterpriseId } = await companyWithAdmin(t.app);
    const now = t.app.ctx.now();
    await db()
      .insertInto('webhook_endpoints')
      .values(
        Array.from({ length: WEBHOOK_ENDPOINTS_MAX - 1 }, (_, i) => ({
          enterprise_id: enterpriseId,
          url: `${RECEIVER}/${i}`,
          event_types: '["member.joined"]',
          secret: `whsec_${i}`,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const codes = await Promise.all(Array.from({ length: 20 }, async () => (await create(token)).code));
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === 1009190)).toHaveLength(19);
    const held = await db()
      .selectFrom('webhook_endpoints')
      .select('id')
      .where('enterprise_id', '=', enterpriseId)
      .execute();
    expect(held).toHaveLength(WEBHOOK_ENDPOINTS_MAX);
    expect(ok(await send(contract.webhooks, token)).items).toHaveLength(WEBHOOK_ENDPOINTS_MAX);
  });

  it('refuses an address inside the network, on creation and on a new URL (1009191)', async () => {
    const { token, enterpriseId } = await companyWithAdmin(t.app);
    for (const url of [
      'https://127.0.0.1/hooks',
      'https://169.254.169.254/latest/meta-data',
      'https://10.1.2.3/',
      'https://[::1]/',
      'https://localhost/',
    ])
      expect((await create(token, { url })).code, url).toBe(1009191);
    expect(
      await db().selectFrom('webhook_endpoints').select('id').where('enterprise_id', '=', enterpriseId).execute(),
    ).toEqual([]);

    const id = ok(await create(token)).endpoint.id;
    expect((await send(contract.updateWebhook, token, { id, url: 'https://192.168.1.10/' })).code).toBe(1009191);
    expect((await endpointRow(id)).url).toBe(`${RECEIVER}/hooks`);
    // not a URL at all: the request's own rule
    expect((await create(token, { url: 'ftp://receiver.example.test/' })).code).toBe(1000400);
  });

  it('lets an internal receiver be reached on the port, and by the company, the operator named alone', async () => {
    const admin = await createUser(t.app);
    const { enterpriseId } = await createCompany(t.app, {
      domain: INTERNAL_COMPANY,
      products: ['settcntr'],
      members: [{ userId: admin.id, role: 'admin' }],
    });
    const token = await tokenFor(t.app, admin.account, PASSWORD);
    const id = ok(await create(token, { url: `https://${INTERNAL}/hooks` })).endpoint.id;
    expect((await create(token, { url: 'https://10.20.30.40/hooks' })).code).toBe(1009191);
    expect((await create(token, { url: 'https://10.20.30.40:22/hooks' })).code).toBe(1009191);
    expect((await send(contract.updateWebhook, token, { id, url: 'https://10.20.30.40:8444/' })).code).toBe(1009191);
    expect((await endpointRow(id)).url).toBe(`https://${INTERNAL}/hooks`);
    // another company may not reach it
    const other = await companyWithAdmin(t.app);
    expect((await create(other.token, { url: `https://${INTERNAL}/hooks` })).code).toBe(1009191);
    expect(
      await db()
        .selectFrom('webhook_endpoints')
        .select('url')
        .where('enterprise_id', 'in', [enterpriseId, other.enterpriseId])
        .execute(),
    ).toEqual([{ url: `https://${INTERNAL}/hooks` }]);
  });

  it("answers 1000404 for another company's endpoints and deliveries, and for a product's", async () => {
    const owner = await companyWithAdmin(t.app);
    const id = ok(await create(owner.token)).endpoint.id;
    // given up in the transaction that records it, so that no worker takes it meanwhile
    const delivery = await companyTransaction(t.app.ctx, [owner.enterpriseId], async (trx) => {
      await recordEvent(t.app.ctx, trx, {
        enterpriseId: owner.enterpriseId,
        type: 'member.joined',
        data: { userId: 1, role: 'member', departmentId: 1, via: 'created' },
      });
      return trx
        .updateTable('outbox')
        .set({ state: 'dead', next_at: FAR_FUTURE })
        .where('endpoint_id', '=', id)
        .returning('id')
        .executeTakeFirstOrThrow();
    });
    // a product's endpoint belongs to no company: none reaches it through these calls
    const { client } = await addClient(t.app.ctx, {
      productCode: 'esguard',
      environment: `isolation${Date.now()}`,
      redirectUris: ['https://esguard.example.test/callback'],
      firstParty: true,
    });
    const product = await db()
      .insertInto('webhook_endpoints')
      .values({
        client_id: client.clientId,
        url: `${RECEIVER}/product`,
        event_types: '["member.left"]',
        secret: 'whsec_x',
        created_at: 1,
        updated_at: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const other = await companyWithAdmin(t.app);
    expect(ok(await send(contract.webhooks, other.token)).items).toEqual([]);
    for (const endpointId of [id, product.id]) {
      expect((await send(contract.updateWebhook, other.token, { id: endpointId, enabled: false })).code).toBe(1000404);
      // a refused new URL does not tell that the id exists
      const moved = await send(contract.updateWebhook, other.token, { id: endpointId, url: 'https://10.0.0.1/' });
      expect(moved.code).toBe(1000404);
      expect((await send(contract.rotateWebhookSecret, other.token, { id: endpointId })).code).toBe(1000404);
      expect((await send(contract.webhookDeliveries, other.token, { id: endpointId })).code).toBe(1000404);
      expect((await send(contract.deleteWebhook, other.token, { id: endpointId })).code).toBe(1000404);
    }
    expect((await send(contract.resendWebhookDelivery, other.token, { deliveryId: delivery.id })).code).toBe(1000404);

    // untouched
    expect(await endpointRow(id)).toMatchObject({ disabled_at: null });
    expect(await db().selectFrom('outbox').select('id').where('endpoint_id', '=', id).execute()).toHaveLength(1);
    expect(await endpointRow(product.id)).toMatchObject({ disabled_at: null, secret: 'whsec_x' });
    expect(await auditOf(other.enterpriseId)).toEqual([]);
  });

  it('is for administrators only: a member of the company gets 1000403', async () => {
    const admin = await createUser(t.app);
    const member = await createUser(t.app);
    await createCompany(t.app, {
      products: ['settcntr'],
      members: [
        { userId: admin.id, role: 'admin' },
        { userId: member.id, role: 'member' },
      ],
    });
    const id = ok(await create(await tokenFor(t.app, admin.account, PASSWORD))).endpoint.id;
    const token = await tokenFor(t.app, member.account, PASSWORD);
    expect((await send(contract.webhooks, token)).code).toBe(1000403);
    expect((await create(token)).code).toBe(1000403);
    expect((await send(contract.updateWebhook, token, { id, enabled: false })).code).toBe(1000403);
    expect((await send(contract.webhookDeliveries, token, { id })).code).toBe(1000403);
    expect((await call(t.app, contract.webhooks)).code).toBe(1000401);
  });

  it('documents the calls in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/docs/json` });
    const document = response.json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    for (const declaration of [
      contract.webhooks,
      contract.createWebhook,
      contract.updateWebhook,
      contract.deleteWebhook,
      contract.rotateWebhookSecret,
      contract.webhookDeliveries,
      contract.resendWebhookDelivery,
    ]) {
      const operation = document.paths[declaration.path]?.[declaration.method.toLowerCase()];
      expect(operation, declaration.path).toBeDefined();
      expect(Object.keys(operation!.responses)).toContain('200');
    }
  });
});

describe(`a webhook secret in the log (${ENGINE})`, () => {
  let traced: TracedApp;
  let app: FastifyInstance;
  let lines: string[];

  beforeAll(async () => {
    traced = await startTracedApp({ WEBHOOK_ALLOWED_HOSTS: 'receiver.example.test' });
    ({ app, lines } = traced);
  });
  afterAll(async () => traced?.close());

  it('is in no line, made or rotated', async () => {
    const { token } = await companyWithAdmin(app);
    const created = await call(app, contract.createWebhook, {
      token,
      body: { url: `${RECEIVER}/hooks`, eventTypes: ['member.left'] },
    });
    expect(created.code, created.msg).toBe(0);
    const rotated = await call(app, contract.rotateWebhookSecret, { token, body: { id: created.data.endpoint.id } });
    expect(rotated.code, rotated.msg).toBe(0);
    expect(lines.some((line) => line.includes(contract.rotateWebhookSecret.path))).toBe(true);
    for (const secret of [created.data.secret, rotated.data.secret, 'whsec_'])
      expect(lines.filter((line) => line.includes(secret))).toEqual([]);
  });
});
