import type { Insertable, Selectable } from 'kysely';
import type { EventType } from '@portal/shared/api/integrations';
import type { EventsTable, WebhookEndpointsTable } from '../db/schema.ts';
import { ofCompany } from './company-scope.ts';
import type { Executor } from './executor.ts';

export type EventRow = Selectable<EventsTable>;
export type EndpointRow = Selectable<WebhookEndpointsTable>;

export async function insertEvent(db: Executor, values: Insertable<EventsTable>): Promise<number> {
  const row = await db.insertInto('events').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The live endpoints that may receive a company's events: its own, and the products' (with the
 * product each serves). Which of them a given event reaches is the caller's rule. In id order, so
 * that one event's deliveries are written in the same order on either engine.
 */
export async function listLiveEndpointsFor(
  db: Executor,
  enterpriseId: number,
): Promise<(Pick<EndpointRow, 'id' | 'event_types' | 'client_id'> & { product_code: string | null })[]> {
  return db
    .selectFrom('webhook_endpoints as w')
    .leftJoin('oidc_clients as c', 'c.client_id', 'w.client_id')
    .select(['w.id', 'w.event_types', 'w.client_id', 'c.product_code'])
    .where('w.disabled_at', 'is', null)
    .where((eb) =>
      eb.or([
        ofCompany('webhook_endpoints as w', enterpriseId)(eb),
        eb.and([eb('w.client_id', 'is not', null), eb('c.disabled_at', 'is', null)]),
      ]),
    )
    .orderBy('w.id')
    .execute();
}

/** Up to `limit` of a company's events after the event `afterId`, oldest first (a range of the index
 *  on (enterprise_id, id)), of one type when given. */
export function listEnterpriseEvents(
  db: Executor,
  enterpriseId: number,
  options: { afterId: number; type?: EventType; limit: number },
): Promise<EventRow[]> {
  let query = db
    .selectFrom('events')
    .selectAll()
    .where(ofCompany('events', enterpriseId))
    .where('id', '>', options.afterId);
  if (options.type !== undefined) query = query.where('type', '=', options.type);
  return query.orderBy('id').limit(options.limit).execute();
}
