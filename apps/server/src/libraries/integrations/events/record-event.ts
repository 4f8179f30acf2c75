import { randomBytes } from 'node:crypto';
import { EVENT_VERSION, type EventData, type EventType } from '@portal/shared/api/integrations';
import type { ProductCode } from '@portal/shared/products';
import type { AppContext } from '../../../context.ts';
import { insertEvent, listLiveEndpointsFor } from '../../../queries/events.ts';
import type { Executor } from '../../../queries/executor.ts';
import { insertOutboxRows } from '../../../queries/outbox.ts';
import { listEnterpriseProducts } from '../../../queries/products.ts';
import { afterCommit, assertCompanyLocked } from '../../platform/company-transaction.ts';

/** The ordering key of an endpoint's deliveries: one at a time, in the order of the events. */
export function endpointOrderingKey(endpointId: number): string {
  return `endpoint:${endpointId}`;
}

/**
 * Records an event of a company in `db`, the transaction of the change it reports, and queues its
 * delivery to each live endpoint that wants it: the company's own endpoints subscribed to the type,
 * and the endpoints of the products the company holds (for a change of product rights, also of the
 * products it just lost, which need to know most). Rolled back with the change, so an event exists
 * exactly when its change does; `db` is a `companyTransaction` holding the company's lock.
 */
export async function recordEvent<T extends EventType>(
  ctx: AppContext,
  db: Executor,
  event: { enterpriseId: number; type: T; data: EventData<T> },
): Promise<void> {
  // a company's events are written one transaction at a time (the change holds the company's lock
  // from before its first write), so their ids follow their commits: a feed reader past an id never
  // misses an event that commits later with a lower one
  assertCompanyLocked(db, event.enterpriseId);
  const now = ctx.now();
  const eventId = await insertEvent(db, {
    public_id: `evt_${randomBytes(16).toString('base64url')}`,
    enterprise_id: event.enterpriseId,
    type: event.type,
    version: EVENT_VERSION,
    data: JSON.stringify(event.data),
    at: now,
  });
  const endpoints = await listLiveEndpointsFor(db, event.enterpriseId);
  if (!endpoints.length) return;
  const products = endpoints.some((endpoint) => endpoint.client_id !== null)
    ? await productsConcerned(db, event)
    : new Set<string>();
  const receiving = endpoints.filter(
    (endpoint) =>
      (JSON.parse(endpoint.event_types) as string[]).includes(event.type) &&
      (endpoint.client_id === null || (endpoint.product_code !== null && products.has(endpoint.product_code))),
  );
  await insertOutboxRows(
    db,
    receiving.map((endpoint) => ({
      topic: 'webhook' as const,
      ordering_key: endpointOrderingKey(endpoint.id),
      payload: '{}',
      endpoint_id: endpoint.id,
      event_id: eventId,
      next_at: now,
      created_at: now,
    })),
  );
  // woken once the rows can be seen: a claim before the commit would find none and wait for the poll
  const outbox = ctx.outbox;
  if (receiving.length && outbox) afterCommit(db, () => outbox.nudge());
}

/** The products whose endpoints hear of a company's event: those it holds, and those it just lost. */
async function productsConcerned(db: Executor, event: { enterpriseId: number; type: EventType; data: unknown }) {
  const held = await listEnterpriseProducts(db, [event.enterpriseId]);
  const codes = new Set<string>(held.map((product) => product.code));
  if (event.type === 'company.product_rights_changed')
    for (const code of (event.data as EventData<'company.product_rights_changed'>).removed)
      codes.add(code as ProductCode);
  return codes;
}
