import { type Kysely, sql } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Gateways claimed into a site (docs/site-grants.md#gateways): one row per serial and site, with the
 * person who claimed it, the grant they claimed it through (null for the owner's administrators) and,
 * once the gateway exchanged its claim, its own OpenID client. A claim credential is stored as its hash,
 * valid 10 minutes and used once: `used_at` is set by the one statement that may set it.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const time = engine === 'postgres' ? ('bigint' as const) : ('integer' as const);
  const pg = engine === 'postgres';
  await db.schema
    .createTable('site_devices')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
    .addColumn('serial', 'text', (c) => c.notNull())
    .addColumn('product_code', 'text', (c) => c.notNull())
    .addColumn('claimed_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('via_grant_id', 'integer', (c) => c.references('site_grants.id'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('last_used_at', time)
    .addColumn('revoked_at', time)
    .execute();
  // a serial is claimed into a site once at a time: a revoked one may be claimed again
  await sql`create unique index site_devices_live_serial on site_devices (site_id, serial) where state = 'claimed'`.execute(
    db,
  );
  await db.schema.createIndex('site_devices_client').on('site_devices').column('client_id').execute();
  await db.schema.createIndex('site_devices_grant').on('site_devices').column('via_grant_id').execute();
  await db.schema
    .createTable('device_claims')
    .addColumn('claim_hash', 'text', (c) => c.primaryKey())
    .addColumn('site_device_id', 'integer', (c) => c.notNull().references('site_devices.id'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('used_at', time)
    .execute();
  await db.schema.createIndex('device_claims_expiry').on('device_claims').column('expires_at').execute();
}
