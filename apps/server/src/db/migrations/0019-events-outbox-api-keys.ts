import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Events out and machines in:
 * - `events`: what happened in a company, written in the transaction of the change it reports; the
 *   feed and every webhook read it.
 * - `outbox`: work to be done after a commit (a message to send, an event to deliver to one
 *   endpoint), written in the same transaction, claimed by workers of any process under a lease, tried
 *   again with backoff, and given up into `dead` after a while. A webhook's row is also its delivery
 *   in the endpoint's log.
 * - `webhook_endpoints`: a company's endpoints, or (with `client_id`) a product's, which receives the
 *   events of every company holding the product's right. Secrets are sealed with OUTBOX_SECRET.
 * - `api_keys`: a company's keys, stored as hashes with a visible prefix.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const pg = engine === 'postgres';
  const id = pg ? ('serial' as const) : ('integer' as const);
  const time = pg ? ('bigint' as const) : ('integer' as const);
  const table = (name: string) =>
    db.schema.createTable(name).addColumn('id', id, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()));

  await table('events')
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('enterprise_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_enterprise').on('events').columns(['enterprise_id', 'id']).execute();
  await db.schema.createIndex('events_at').on('events').column('at').execute();

  await table('webhook_endpoints')
    // null for a product's endpoint (`client_id`), which serves every company with the product
    .addColumn('enterprise_id', 'integer', (c) => c.references('enterprises.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.unique().references('oidc_clients.client_id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('event_types', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_until', time)
    .addColumn('disabled_at', time)
    .addColumn('disabled_reason', 'text')
    .addColumn('failing_since', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_enterprise')
    .on('webhook_endpoints')
    .columns(['enterprise_id', 'id'])
    .execute();

  await table('outbox')
    .addColumn('topic', 'text', (c) => c.notNull())
    // rows of one key are delivered one at a time, in id order (an endpoint's events); null: no order
    .addColumn('ordering_key', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('endpoint_id', 'integer', (c) => c.references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('event_id', 'integer')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', time, (c) => c.notNull())
    .addColumn('lease_until', time)
    .addColumn('lease_owner', 'text')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('last_attempt_at', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('done_at', time)
    .execute();
  // the workers' question: what is due, oldest first
  await db.schema.createIndex('outbox_due').on('outbox').columns(['state', 'next_at', 'id']).execute();
  await db.schema.createIndex('outbox_ordering').on('outbox').columns(['ordering_key', 'id']).execute();
  await db.schema.createIndex('outbox_endpoint').on('outbox').columns(['endpoint_id', 'id']).execute();
  await db.schema.createIndex('outbox_done').on('outbox').column('done_at').execute();

  await table('api_keys')
    .addColumn('enterprise_id', 'integer', (c) => c.notNull().references('enterprises.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull().unique())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('last_used_at', time)
    .addColumn('created_by', 'integer')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('revoked_at', time)
    .execute();
  await db.schema.createIndex('api_keys_enterprise').on('api_keys').columns(['enterprise_id', 'id']).execute();
}
