import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Sites shared between companies (docs/site-grants.md):
 * - `sites`: a second level under a company, its owner; retiring one ends every grant on it.
 * - `site_grants`: one site given to one company under a role template, by the owner (no parent) or
 *   by a holder allowed to share on (the parent grant); a grant is effective only while it and every
 *   grant above it are active, so a revoke is written on the grant itself and its descendants stop by
 *   that rule. One live grant per company per site.
 * - `site_assignments`: who inside a company holds a site: a receiving company's people or
 *   departments under one of its grants (`grant_id`), or the owner's own members on its own site
 *   (`site_id`); exactly one of the two, and exactly one of user / department.
 * - `site_grant_reminders`: the reminders sent before a grant ends, one row per grant and lead time,
 *   so that two processes never send the same one twice.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const pg = engine === 'postgres';
  const id = pg ? ('serial' as const) : ('integer' as const);
  const time = pg ? ('bigint' as const) : ('integer' as const);
  const real = pg ? ('double precision' as const) : ('real' as const);
  const table = (name: string) =>
    db.schema.createTable(name).addColumn('id', id, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()));

  await table('sites')
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('enterprise_id', 'integer', (c) => c.notNull().references('enterprises.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('rated_power_kw', real)
    .addColumn('rated_energy_kwh', real)
    .addColumn('product_codes', 'text', (c) => c.notNull())
    .addColumn('retired_at', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sites_enterprise').on('sites').columns(['enterprise_id', 'id']).execute();
  // a name names one live site of its owner; a retired site frees its name
  await sql`create unique index sites_live_name on sites (enterprise_id, name) where retired_at is null`.execute(db);

  await table('site_grants')
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
    .addColumn('grantor_enterprise_id', 'integer', (c) => c.notNull().references('enterprises.id'))
    .addColumn('grantee_enterprise_id', 'integer', (c) => c.notNull().references('enterprises.id'))
    .addColumn('parent_grant_id', 'integer', (c) => c.references('site_grants.id'))
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('may_share', 'integer', (c) => c.notNull())
    .addColumn('starts_at', time, (c) => c.notNull())
    .addColumn('ends_at', time)
    .addColumn('revoked_at', time)
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await sql`create unique index site_grants_live on site_grants (site_id, grantee_enterprise_id)
    where revoked_at is null`.execute(db);
  await db.schema.createIndex('site_grants_grantee').on('site_grants').column('grantee_enterprise_id').execute();
  await db.schema.createIndex('site_grants_parent').on('site_grants').column('parent_grant_id').execute();
  await db.schema.createIndex('site_grants_site').on('site_grants').column('site_id').execute();
  // the reminders' question: which grants end soon
  await db.schema.createIndex('site_grants_ends').on('site_grants').column('ends_at').execute();

  await table('site_assignments')
    .addColumn('grant_id', 'integer', (c) => c.references('site_grants.id'))
    .addColumn('site_id', 'integer', (c) => c.references('sites.id'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('department_id', 'integer', (c) => c.references('departments.id').onDelete('cascade'))
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('ends_at', time)
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addCheckConstraint('site_assignments_one_holder', sql`(grant_id is null) <> (site_id is null)`)
    .addCheckConstraint('site_assignments_one_assignee', sql`(user_id is null) <> (department_id is null)`)
    .execute();
  await sql`create unique index site_assignments_grant_user on site_assignments (grant_id, user_id)
    where grant_id is not null and user_id is not null`.execute(db);
  await sql`create unique index site_assignments_grant_department on site_assignments (grant_id, department_id)
    where grant_id is not null and department_id is not null`.execute(db);
  await sql`create unique index site_assignments_site_user on site_assignments (site_id, user_id)
    where site_id is not null and user_id is not null`.execute(db);
  await sql`create unique index site_assignments_site_department on site_assignments (site_id, department_id)
    where site_id is not null and department_id is not null`.execute(db);
  await db.schema.createIndex('site_assignments_user').on('site_assignments').column('user_id').execute();
  await db.schema.createIndex('site_assignments_department').on('site_assignments').column('department_id').execute();

  await db.schema
    .createTable('site_grant_reminders')
    .addColumn('grant_id', 'integer', (c) => c.notNull().references('site_grants.id'))
    .addColumn('days_before', 'integer', (c) => c.notNull())
    .addColumn('sent_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('site_grant_reminders_pk', ['grant_id', 'days_before'])
    .execute();
}
