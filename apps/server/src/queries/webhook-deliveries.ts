import { ofCompany } from './company-scope.ts';
import type { Executor } from './executor.ts';

/** What the deliveries of a run need, read together: their endpoints (each with its company's domain;
 *  null for a product's) and their events, by id; one absent no longer exists. */
export async function findDeliveryParts(db: Executor, rows: { endpoint_id: number | null; event_id: number | null }[]) {
  const endpointIds = [...new Set(rows.flatMap((row) => (row.endpoint_id === null ? [] : [row.endpoint_id])))];
  const eventIds = [...new Set(rows.flatMap((row) => (row.event_id === null ? [] : [row.event_id])))];
  const [endpoints, events] = await Promise.all([
    endpointIds.length
      ? db
          .selectFrom('webhook_endpoints as w')
          .leftJoin('enterprises as e', 'e.id', 'w.enterprise_id')
          .select([
            'w.id',
            'w.url',
            'w.secret',
            'w.previous_secret',
            'w.previous_secret_until',
            'w.disabled_at',
            'w.disabled_reason',
            'w.failing_since',
            'e.domain as company',
          ])
          .where('w.id', 'in', endpointIds)
          .execute()
      : [],
    eventIds.length
      ? db
          .selectFrom('events')
          .select(['id', 'public_id', 'type', 'version', 'enterprise_id', 'at', 'data'])
          .where('id', 'in', eventIds)
          .execute()
      : [],
  ]);
  return {
    endpoints: new Map(endpoints.map((endpoint) => [endpoint.id, endpoint])),
    events: new Map(events.map((event) => [event.id, event])),
  };
}

/** A delivery succeeded: the endpoint's failing streak, if any, ends. */
export async function clearEndpointFailing(db: Executor, endpointId: number): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since: null })
    .where('id', '=', endpointId)
    .where('failing_since', 'is not', null)
    .execute();
}

/** A delivery failed: the endpoint's failing streak starts now unless one is running. */
export async function markEndpointFailing(db: Executor, endpointId: number, now: number): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since: now })
    .where('id', '=', endpointId)
    .where('failing_since', 'is', null)
    .execute();
}

/**
 * Disables the endpoint (`failing`) when it is live and has failed since `failingBefore` or earlier.
 * One statement decides, so of two processes seeing the same failure only one disables it, and only
 * that one gets the endpoint back (to tell the administrators); the others get undefined.
 */
export async function disableFailingEndpoint(db: Executor, endpointId: number, now: number, failingBefore: number) {
  return db
    .updateTable('webhook_endpoints')
    .set({ disabled_at: now, disabled_reason: 'failing', updated_at: now })
    .where('id', '=', endpointId)
    .where('disabled_at', 'is', null)
    .where('failing_since', '<=', failingBefore)
    .returning(['id', 'enterprise_id', 'url', 'failing_since'])
    .executeTakeFirst();
}

/** The administrators of a company with a verified email, where a notice about its endpoints goes. */
export function listAdministratorEmails(db: Executor, enterpriseId: number) {
  return db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['users.email', 'users.lang_code'])
    .where(ofCompany('memberships', enterpriseId))
    .where('memberships.role', '=', 'admin')
    .where('users.email', 'is not', null)
    .where('users.email_verified', '=', 1)
    .where('users.disabled', '=', 0)
    .execute();
}
