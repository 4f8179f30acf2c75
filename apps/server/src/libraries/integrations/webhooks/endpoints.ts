import { randomBytes } from 'node:crypto';
import {
  type CreateWebhookRequest,
  EVENT_TYPES,
  type EventType,
  type UpdateWebhookRequest,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  type WebhookSecret,
  createWebhookRequestSchema,
} from '@portal/shared/api/integrations';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../../../app-error.ts';
import type { AppContext } from '../../../context.ts';
import type { Executor } from '../../../queries/executor.ts';
import { findClient } from '../../../queries/openid.ts';
import { type OutboxTry, listOutboxTries } from '../../../queries/outbox.ts';
import {
  type WebhookEndpointRow,
  deleteEndpointOfEnterprise,
  deleteProductEndpoint,
  findDeliveryOfEnterprise,
  findEndpointOfEnterprise,
  findEnterpriseDomain,
  insertEndpointWithinLimit,
  insertProductEndpoint,
  listEndpointDeliveries,
  listEndpointsOfEnterprise,
  listProductEndpoints,
  queueDeliveryAgain,
  updateEndpointOfEnterprise,
  updateProductEndpoint,
} from '../../../queries/webhook-endpoints.ts';
import { assertFreshProof } from '../../account-security/fresh-proof.ts';
import { type Administrator, actorOf } from '../../company/settings-access.ts';
import { type AuditAction, recordAudit } from '../../platform/audit.ts';
import { companyTransaction } from '../../platform/company-transaction.ts';
import { decodeCursor, pageOf } from '../../platform/cursor.ts';
import { seal } from '../../platform/secrets.ts';
import type { Auth } from '../../platform/sessions.ts';
import { endpointOrderingKey } from '../events/record-event.ts';
import { WebhookAddressRefused, checkWebhookUrl } from './address-guard.ts';

/** A company's webhook endpoints, as its administrators make, change, list and delete them. */

const OVERLAP_MS = WEBHOOK_SECRET_OVERLAP_HOURS * 3_600_000;

/** A signing secret in the Standard Webhooks form: `whsec_` and base64 of 24 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** A secret as stored: sealed with OUTBOX_SECRET when the operator set one. */
export function sealWebhookSecret(ctx: AppContext, secret: string): string {
  return seal(ctx.config.outboxSecret, secret);
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function endpointView(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: JSON.parse(row.event_types) as EventType[],
    status: row.disabled_at === null ? 'enabled' : row.disabled_reason === 'failing' ? 'failing' : 'disabled',
    failingSince: iso(row.failing_since),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** The URL as the audit log keeps it, on every action of an endpoint, as the log names each row's
 *  object: without its query, where a receiver may have put a token. */
export function auditedUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

function audit(
  ctx: AppContext,
  admin: Administrator,
  action: AuditAction,
  detail: Record<string, unknown>,
  db: Executor,
): Promise<void> {
  return recordAudit(ctx, { action, ...actorOf(admin), enterpriseId: admin.enterpriseId, ip: admin.ip, detail }, db);
}

const notFound = () => new AppError(ErrorCode.NotFound);

export async function listWebhooks(ctx: AppContext, admin: Administrator): Promise<{ items: WebhookEndpoint[] }> {
  const rows = await listEndpointsOfEnterprise(ctx.db, admin.enterpriseId);
  return { items: rows.map(endpointView) };
}

/**
 * Adds an endpoint and answers its secret, the only time it is shown. A credential is handed out, so
 * the session needs a fresh proof (1009166); the URL must pass the address guard (1009191); and the
 * company holds at most WEBHOOK_ENDPOINTS_MAX (1009190), counted and taken in one step.
 */
export async function createWebhook(
  ctx: AppContext,
  admin: Administrator,
  session: Auth,
  body: CreateWebhookRequest,
): Promise<WebhookSecret> {
  await assertFreshProof(ctx, session);
  await checkWebhookUrl(ctx.config, body.url, await findEnterpriseDomain(ctx.db, admin.enterpriseId));
  const secret = newWebhookSecret();
  const now = ctx.now();
  const row = await companyTransaction(ctx, [admin.enterpriseId], async (trx) => {
    const inserted = await insertEndpointWithinLimit(
      trx,
      {
        enterprise_id: admin.enterpriseId,
        client_id: null,
        url: body.url,
        description: body.description ?? null,
        event_types: JSON.stringify(body.eventTypes),
        secret: sealWebhookSecret(ctx, secret),
        previous_secret: null,
        previous_secret_until: null,
        disabled_at: null,
        disabled_reason: null,
        failing_since: null,
        created_at: now,
        updated_at: now,
      },
      WEBHOOK_ENDPOINTS_MAX,
    );
    if (!inserted) throw new AppError(ErrorCode.WebhookLimit);
    await audit(
      ctx,
      admin,
      'webhook.create',
      { endpointId: inserted.id, url: auditedUrl(inserted.url), eventTypes: body.eventTypes },
      trx,
    );
    return inserted;
  });
  return { endpoint: endpointView(row), secret, previousSecretUntil: null };
}

/**
 * Changes what is given and keeps the rest. `enabled: false` turns the endpoint off by hand;
 * `enabled: true` turns it on whoever turned it off, and forgets its failing streak, so that the
 * portal counts days of failure afresh. A new URL needs a fresh proof (1009166), as a new endpoint
 * does: the events, signed with the secret the receiver holds, would go elsewhere; and it passes the
 * address guard as on creation. The row is changed only if it is still there (deleted meanwhile: 1000404).
 */
export async function updateWebhook(
  ctx: AppContext,
  admin: Administrator,
  session: Auth,
  body: UpdateWebhookRequest,
): Promise<WebhookEndpoint> {
  // another company's endpoint is 1000404 whatever its new URL would be
  const before = await findEndpointOfEnterprise(ctx.db, admin.enterpriseId, body.id);
  if (!before) throw notFound();
  if (body.url !== undefined && body.url !== before.url) {
    await assertFreshProof(ctx, session);
    await checkWebhookUrl(ctx.config, body.url, await findEnterpriseDomain(ctx.db, admin.enterpriseId));
  }
  const now = ctx.now();
  // off by hand keeps the time it was first turned off by hand; off over the portal's own switch-off
  // makes it the administrator's
  const switched =
    body.enabled === true
      ? { disabled_at: null, disabled_reason: null, failing_since: null }
      : body.enabled === false && before.disabled_reason !== 'manual'
        ? { disabled_at: now, disabled_reason: 'manual' as const }
        : {};
  return companyTransaction(ctx, [admin.enterpriseId], async (trx) => {
    const row = await updateEndpointOfEnterprise(trx, admin.enterpriseId, body.id, {
      ...(body.url === undefined ? {} : { url: body.url }),
      ...(body.eventTypes === undefined ? {} : { event_types: JSON.stringify(body.eventTypes) }),
      ...(body.description === undefined ? {} : { description: body.description }),
      ...switched,
      updated_at: now,
    });
    if (!row) throw notFound();
    await audit(
      ctx,
      admin,
      'webhook.update',
      {
        endpointId: row.id,
        url: auditedUrl(row.url),
        ...(body.url === undefined || before.url === row.url ? {} : { previousUrl: auditedUrl(before.url) }),
        ...(body.eventTypes === undefined ? {} : { eventTypes: body.eventTypes }),
        ...(body.description === undefined ? {} : { description: row.description }),
        ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
      },
      trx,
    );
    return endpointView(row);
  });
}

/** Deletes an endpoint of the company with its deliveries; those not yet made are dropped. */
export async function deleteWebhook(ctx: AppContext, admin: Administrator, id: number): Promise<void> {
  await companyTransaction(ctx, [admin.enterpriseId], async (trx) => {
    const deleted = await deleteEndpointOfEnterprise(trx, admin.enterpriseId, id);
    if (!deleted) throw notFound();
    await audit(ctx, admin, 'webhook.delete', { endpointId: id, url: auditedUrl(deleted.url) }, trx);
  });
}

/**
 * A new secret for the endpoint, answered once. The one it replaces keeps signing beside it for
 * WEBHOOK_SECRET_OVERLAP_HOURS, so that a receiver can move to the new one without refusing a
 * delivery meanwhile. Needs a fresh proof (1009166), as creation does.
 */
export async function rotateWebhookSecret(
  ctx: AppContext,
  admin: Administrator,
  session: Auth,
  id: number,
): Promise<WebhookSecret> {
  await assertFreshProof(ctx, session);
  const secret = newWebhookSecret();
  const now = ctx.now();
  return companyTransaction(ctx, [admin.enterpriseId], async (trx) => {
    const before = await findEndpointOfEnterprise(trx, admin.enterpriseId, id);
    if (!before) throw notFound();
    const until = now + OVERLAP_MS;
    const row = await updateEndpointOfEnterprise(trx, admin.enterpriseId, id, {
      secret: sealWebhookSecret(ctx, secret),
      // already sealed: it moves as it is stored
      previous_secret: before.secret,
      previous_secret_until: until,
      updated_at: now,
    });
    if (!row) throw notFound();
    await audit(
      ctx,
      admin,
      'webhook.rotate',
      { endpointId: id, url: auditedUrl(row.url), previousSecretUntil: iso(until) },
      trx,
    );
    return { endpoint: endpointView(row), secret, previousSecretUntil: iso(until) };
  });
}

/** A page of an endpoint's deliveries, newest first, each with every try; a given-up one (`dead`)
 *  shows as `failed`. */
export async function listWebhookDeliveries(
  ctx: AppContext,
  admin: Administrator,
  query: { id: number; cursor?: string; pageSize: number },
): Promise<WebhookDeliveryPage> {
  const endpoint = await findEndpointOfEnterprise(ctx.db, admin.enterpriseId, query.id);
  if (!endpoint) throw notFound();
  const before = decodeCursor(query.cursor, ['id'])?.[0];
  const rows = await listEndpointDeliveries(ctx.db, endpoint.id, { before, limit: query.pageSize + 1 });
  const page = pageOf(rows, query.pageSize, (row) => [row.id]);
  const tries = new Map<number, OutboxTry[]>();
  for (const one of await listOutboxTries(
    ctx.db,
    page.rows.map((row) => row.id),
  ))
    tries.set(one.outbox_id, [...(tries.get(one.outbox_id) ?? []), one]);
  return {
    items: page.rows.map((row) => ({
      id: row.id,
      eventId: row.event_public_id,
      eventType: row.event_type,
      state: row.state === 'dead' ? 'failed' : row.state,
      attempts: row.attempts,
      lastStatus: row.last_status,
      lastError: row.last_error,
      createdAt: new Date(row.created_at).toISOString(),
      lastAttemptAt: iso(row.last_attempt_at),
      nextAttemptAt: row.state === 'pending' ? iso(row.next_at) : null,
      tries: (tries.get(row.id) ?? []).map((one) => ({
        at: new Date(one.at).toISOString(),
        status: one.status,
        durationMs: one.duration_ms,
        error: one.error,
        nextAttemptAt: iso(one.next_at),
      })),
    })),
    nextCursor: page.nextCursor,
  };
}

/**
 * Queues the delivery's event for its endpoint again, as a new delivery with the same event id (the
 * receiver's `webhook-id`), and records it in the audit log: the receiver gets the event once more.
 * A delivery still pending stays as it is, and so does one whose event already waits for the endpoint
 * again: the worker will send it, and nothing new is recorded.
 */
export async function resendWebhookDelivery(ctx: AppContext, admin: Administrator, deliveryId: number): Promise<void> {
  const queued = await companyTransaction(ctx, [admin.enterpriseId], async (trx) => {
    const delivery = await findDeliveryOfEnterprise(trx, admin.enterpriseId, deliveryId);
    if (!delivery) throw notFound();
    if (delivery.state === 'pending') return false;
    const id = await queueDeliveryAgain(trx, {
      endpointId: delivery.endpoint_id,
      eventId: delivery.event_id,
      orderingKey: endpointOrderingKey(delivery.endpoint_id),
      now: ctx.now(),
    });
    if (id === null) return false;
    await audit(
      ctx,
      admin,
      'webhook.resend',
      // the event id the deliveries list shows, and the receiver's webhook-id
      {
        endpointId: delivery.endpoint_id,
        url: auditedUrl(delivery.endpoint_url),
        deliveryId,
        eventId: delivery.event_public_id,
      },
      trx,
    );
    return true;
  });
  if (queued) ctx.outbox?.nudge();
}

/** A product's endpoint as the operator's command line shows it: never its secret. */
export interface ProductEndpointView {
  clientId: string;
  url: string;
  eventTypes: EventType[];
  /** `failing`: the portal turned it off after its deliveries failed for WEBHOOK_DISABLE_AFTER_DAYS. */
  status: WebhookEndpoint['status'];
}

/** Why the operator's command for a product's endpoint cannot be done (exit 1, the message printed). */
export class ProductEndpointError extends Error {}

/**
 * Gives a product's OpenID client its endpoint, or changes it: it receives the events of every
 * company holding the product's right (all types when none is named). A new endpoint's secret is
 * answered, once; a changed one keeps its secret, and is turned on again whoever turned it off.
 * The URL passes the same rules and address guard as a company's.
 */
export async function setProductEndpoint(
  ctx: AppContext,
  clientId: string,
  input: { url: string; eventTypes: string[] },
): Promise<{ endpoint: ProductEndpointView; secret: string | null }> {
  const client = await findClient(ctx.db, clientId);
  if (!client) throw new ProductEndpointError(`unknown client: ${clientId}`);
  const unknown = input.eventTypes.filter((type) => !(EVENT_TYPES as string[]).includes(type));
  if (unknown.length)
    throw new ProductEndpointError(`unknown event type: ${unknown.join(', ')} (known: ${EVENT_TYPES.join(', ')})`);
  const form = createWebhookRequestSchema.shape.url.safeParse(input.url);
  if (!form.success) throw new ProductEndpointError(`--url must be an https URL without credentials or fragment`);
  try {
    // a product's endpoint serves every company: only entries for no company in particular allow it
    await checkWebhookUrl(ctx.config, form.data, null);
  } catch (error) {
    if (error instanceof WebhookAddressRefused)
      throw new ProductEndpointError(
        `${form.data} is refused: ${error.reason} (WEBHOOK_ALLOWED_HOSTS can allow a host and port for every company)`,
      );
    throw error;
  }
  const eventTypes = input.eventTypes.length ? [...new Set(input.eventTypes)] : EVENT_TYPES;
  const now = ctx.now();
  const change = {
    url: form.data,
    event_types: JSON.stringify(eventTypes),
    disabled_at: null,
    disabled_reason: null,
    failing_since: null,
    updated_at: now,
  };
  return ctx.db.transaction().execute(async (trx) => {
    const changed = await updateProductEndpoint(trx, clientId, change);
    if (changed) return { endpoint: productEndpointView(changed), secret: null };
    const secret = newWebhookSecret();
    const row = await insertProductEndpoint(trx, {
      ...change,
      client_id: clientId,
      description: null,
      secret: sealWebhookSecret(ctx, secret),
      created_at: now,
    });
    return { endpoint: productEndpointView(row), secret };
  });
}

/** Takes a product's endpoint away with its deliveries; false when the client had none. */
export function clearProductEndpoint(ctx: AppContext, clientId: string): Promise<boolean> {
  return ctx.db.transaction().execute((trx) => deleteProductEndpoint(trx, clientId));
}

/** Every product's endpoint, as `clients list` shows them beside their clients. */
export async function listProductEndpointViews(ctx: AppContext): Promise<ProductEndpointView[]> {
  return (await listProductEndpoints(ctx.db)).map(productEndpointView);
}

function productEndpointView(row: WebhookEndpointRow): ProductEndpointView {
  const { url, eventTypes, status } = endpointView(row);
  return { clientId: row.client_id!, url, eventTypes, status };
}
