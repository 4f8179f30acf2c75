import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Access to a site on request (docs/site-grants.md#requests-for-a-site):
 * - `access_requests`: a person of one company asks the owner of a site for it under a template for
 *   some hours; `open` until decided or `expires_at`. At most one open request per person and site.
 * - `site_grants.widens_grant_id`: a grant an approval made beside a narrower one the company holds,
 *   for the hours asked. It may stand beside that grant, so the one-live-grant rule counts the other
 *   grants alone, and at most one such widening per company and site.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const pg = engine === 'postgres';
  const id = pg ? ('serial' as const) : ('integer' as const);
  const time = pg ? ('bigint' as const) : ('integer' as const);

  await db.schema
    .createTable('access_requests')
    .addColumn('id', id, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
    .addColumn('owner_enterprise_id', 'integer', (c) => c.notNull().references('enterprises.id'))
    .addColumn('requester_enterprise_id', 'integer', (c) => c.notNull().references('enterprises.id'))
    .addColumn('requester_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('hours', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('widens_template', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('decided_at', time)
    .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('grant_id', 'integer', (c) => c.references('site_grants.id'))
    .execute();
  await db.schema
    .createIndex('access_requests_owner')
    .on('access_requests')
    .columns(['owner_enterprise_id', 'id'])
    .execute();
  await db.schema
    .createIndex('access_requests_requester')
    .on('access_requests')
    .columns(['requester_enterprise_id', 'status'])
    .execute();
  await db.schema
    .createIndex('access_requests_person')
    .on('access_requests')
    .columns(['requester_user_id', 'status'])
    .execute();
  await sql`create unique index access_requests_open on access_requests (site_id, requester_user_id)
    where status = 'open'`.execute(db);

  await db.schema
    .alterTable('site_grants')
    .addColumn('widens_grant_id', 'integer', (c) => c.references('site_grants.id'))
    .execute();
  await sql`drop index site_grants_live`.execute(db);
  await sql`create unique index site_grants_live on site_grants (site_id, grantee_enterprise_id)
    where revoked_at is null and widens_grant_id is null`.execute(db);
  await sql`create unique index site_grants_widening_live on site_grants (site_id, grantee_enterprise_id)
    where revoked_at is null and widens_grant_id is not null`.execute(db);
}
