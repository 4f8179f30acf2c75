import type { Insertable, Selectable, Updateable } from 'kysely';
import type { EventType } from '@portal/shared/api/integrations';
import type { OutboxState, WebhookEndpointsTable } from '../db/schema.ts';
import { ofCompany } from './company-scope.ts';
import type { Executor } from './executor.ts';

export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
type NewEndpoint = Omit<Insertable<WebhookEndpointsTable>, 'id'>;
type EndpointChange = Omit<Updateable<WebhookEndpointsTable>, 'id' | 'enterprise_id' | 'client_id' | 'created_at'>;

/**
 * Stores a company's endpoint if it has fewer than `limit`; null otherwise. Run in the caller's
 * transaction, which holds the company's lock (`companyTransaction`), the count and the insert are one
 * step per company, so that concurrent creations cannot pass the limit together.
 */
export async function insertEndpointWithinLimit(
  trx: Executor,
  values: NewEndpoint & { enterprise_id: number },
  limit: number,
): Promise<WebhookEndpointRow | null> {
  const { held } = await trx
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number>().as('held'))
    .where(ofCompany('webhook_endpoints', values.enterprise_id))
    .executeTakeFirstOrThrow();
  if (Number(held) >= limit) return null;
  return trx.insertInto('webhook_endpoints').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The company an endpoint belongs to: null for a product's endpoint, or one gone. */
export async function findEndpointCompany(db: Executor, id: number): Promise<number | null> {
  const row = await db.selectFrom('webhook_endpoints').select('enterprise_id').where('id', '=', id).executeTakeFirst();
  return row?.enterprise_id ?? null;
}

/** A company's endpoints, oldest first. */
export function listEndpointsOfEnterprise(db: Executor, enterpriseId: number): Promise<WebhookEndpointRow[]> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where(ofCompany('webhook_endpoints', enterpriseId))
    .orderBy('id')
    .execute();
}

/** An endpoint of this company only: another company's, or a product's, is undefined. */
export function findEndpointOfEnterprise(
  db: Executor,
  enterpriseId: number,
  id: number,
): Promise<WebhookEndpointRow | undefined> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('id', '=', id)
    .where(ofCompany('webhook_endpoints', enterpriseId))
    .executeTakeFirst();
}

/** The company's domain, by which WEBHOOK_ALLOWED_HOSTS names the companies an entry is for. */
export async function findEnterpriseDomain(db: Executor, enterpriseId: number): Promise<string | null> {
  const row = await db.selectFrom('enterprises').select('domain').where('id', '=', enterpriseId).executeTakeFirst();
  return row?.domain ?? null;
}

/** Changes an endpoint of this company only; undefined when it has none of that id. */
export function updateEndpointOfEnterprise(
  db: Executor,
  enterpriseId: number,
  id: number,
  change: EndpointChange,
): Promise<WebhookEndpointRow | undefined> {
  return db
    .updateTable('webhook_endpoints')
    .set(change)
    .where('id', '=', id)
    .where(ofCompany('webhook_endpoints', enterpriseId))
    .returningAll()
    .executeTakeFirst();
}

/** Deletes an endpoint of this company and its deliveries, in the caller's transaction; the row
 *  deleted, or undefined when the company has no endpoint of that id. */
export async function deleteEndpointOfEnterprise(
  trx: Executor,
  enterpriseId: number,
  id: number,
): Promise<WebhookEndpointRow | undefined> {
  const endpoint = await findEndpointOfEnterprise(trx, enterpriseId, id);
  if (endpoint) await deleteEndpointWithDeliveries(trx, endpoint.id);
  return endpoint;
}

/** The deliveries go first: a worker's lease on one of them then only finds nothing to mark. */
async function deleteEndpointWithDeliveries(trx: Executor, id: number): Promise<void> {
  await trx.deleteFrom('outbox').where('endpoint_id', '=', id).execute();
  await trx.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
}

export interface DeliveryRow {
  id: number;
  state: OutboxState;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  created_at: number;
  last_attempt_at: number | null;
  next_at: number;
  event_public_id: string;
  event_type: EventType;
}

/** An endpoint's deliveries (its outbox rows) with their events, newest first, from before `before`. */
export function listEndpointDeliveries(
  db: Executor,
  endpointId: number,
  { before, limit }: { before: number | undefined; limit: number },
): Promise<DeliveryRow[]> {
  return db
    .selectFrom('outbox as o')
    .innerJoin('events as e', 'e.id', 'o.event_id')
    .select([
      'o.id',
      'o.state',
      'o.attempts',
      'o.last_status',
      'o.last_error',
      'o.created_at',
      'o.last_attempt_at',
      'o.next_at',
      'e.public_id as event_public_id',
      'e.type as event_type',
    ])
    .where('o.endpoint_id', '=', endpointId)
    .where('o.topic', '=', 'webhook')
    .$if(before !== undefined, (query) => query.where('o.id', '<', before!))
    .orderBy('o.id', 'desc')
    .limit(limit)
    .execute();
}

/** A delivery to an endpoint of this company only (never a product's): undefined otherwise. */
export function findDeliveryOfEnterprise(
  db: Executor,
  enterpriseId: number,
  deliveryId: number,
): Promise<
  | {
      id: number;
      state: OutboxState;
      endpoint_id: number;
      endpoint_url: string;
      event_id: number;
      event_public_id: string;
    }
  | undefined
> {
  return db
    .selectFrom('outbox as o')
    .innerJoin('webhook_endpoints as w', 'w.id', 'o.endpoint_id')
    .innerJoin('events as e', 'e.id', 'o.event_id')
    .select([
      'o.id',
      'o.state',
      'w.id as endpoint_id',
      'w.url as endpoint_url',
      'o.event_id',
      'e.public_id as event_public_id',
    ])
    .where('o.id', '=', deliveryId)
    .where('o.topic', '=', 'webhook')
    .where(ofCompany('webhook_endpoints as w', enterpriseId))
    .$narrowType<{ event_id: number }>()
    .executeTakeFirst();
}

/**
 * Queues the event for the endpoint again, unless a delivery of it there is still pending (pressing
 * "send again" twice sends once). The new row's id also says the new delivery; null when none was made.
 */
export async function queueDeliveryAgain(
  db: Executor,
  { endpointId, eventId, orderingKey, now }: { endpointId: number; eventId: number; orderingKey: string; now: number },
): Promise<number | null> {
  const pending = await db
    .selectFrom('outbox')
    .select('id')
    .where('endpoint_id', '=', endpointId)
    .where('event_id', '=', eventId)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  if (pending) return null;
  const row = await db
    .insertInto('outbox')
    .values({
      topic: 'webhook',
      ordering_key: orderingKey,
      payload: '{}',
      endpoint_id: endpointId,
      event_id: eventId,
      state: 'pending',
      next_at: now,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A product's endpoint (set by the operator's command line), by its OpenID client. */
export function findProductEndpoint(db: Executor, clientId: string): Promise<WebhookEndpointRow | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('client_id', '=', clientId).executeTakeFirst();
}

/** Every product's endpoint, by client id. */
export function listProductEndpoints(db: Executor): Promise<WebhookEndpointRow[]> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('client_id', 'is not', null)
    .orderBy('client_id')
    .execute();
}

export function insertProductEndpoint(
  db: Executor,
  values: NewEndpoint & { client_id: string },
): Promise<WebhookEndpointRow> {
  return db
    .insertInto('webhook_endpoints')
    .values({ ...values, enterprise_id: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateProductEndpoint(
  db: Executor,
  clientId: string,
  change: EndpointChange,
): Promise<WebhookEndpointRow | undefined> {
  return db
    .updateTable('webhook_endpoints')
    .set(change)
    .where('client_id', '=', clientId)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes a product's endpoint and its deliveries, in the caller's transaction; false when the
 *  client has none. */
export async function deleteProductEndpoint(trx: Executor, clientId: string): Promise<boolean> {
  const endpoint = await findProductEndpoint(trx, clientId);
  if (endpoint) await deleteEndpointWithDeliveries(trx, endpoint.id);
  return endpoint !== undefined;
}
