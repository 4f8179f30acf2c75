import type { Insertable, Selectable } from 'kysely';
import type { EventsTable, WebhookEndpointsTable } from '../db/schema.ts';
import type { Executor } from './executor.ts';

export type EventRow = Selectable<EventsTable>;
export type EndpointRow = Selectable<WebhookEndpointsTable>;

export async function insertEvent(db: Executor, values: Insertable<EventsTable>): Promise<number> {
  const row = await db.insertInto('events').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The live endpoints that may receive a company's events: its own, and the products' (with the
 * product each serves). Which of them a given event reaches is the caller's rule.
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
        eb('w.enterprise_id', '=', enterpriseId),
        eb.and([eb('w.client_id', 'is not', null), eb('c.disabled_at', 'is', null)]),
      ]),
    )
    .execute();
}
