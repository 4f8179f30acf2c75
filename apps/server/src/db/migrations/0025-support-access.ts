import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Support access with a company's consent (docs/support-access.md), and client secrets rotated with
 * an overlap:
 * - `support_staff`: the people of a support company the operator named the platform's support.
 * - `support_access`: a company's consent to the support for a window; one live window per company
 *   (not revoked and not yet ended), held by a partial unique index. `ended_at` is written once, by
 *   whichever process ends the window's sessions first.
 * - `support_sessions`: the portal sessions a support person entered a company in; they and the
 *   product grants made in them end with the window.
 * - `oidc_clients.previous_secret_hash` / `previous_secret_until`: after `clients rotate-secret`, the
 *   old secret's hash, accepted beside the new one until then, so that a product's servers move to the
 *   new secret one by one without a refused token request.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const pg = engine === 'postgres';
  const id = pg ? ('serial' as const) : ('integer' as const);
  const time = pg ? ('bigint' as const) : ('integer' as const);

  await db.schema
    .createTable('support_staff')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('enterprise_id', 'integer', (c) => c.notNull().references('enterprises.id'))
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('support_access')
    .addColumn('id', id, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('enterprise_id', 'integer', (c) => c.notNull().references('enterprises.id'))
    .addColumn('granted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('starts_at', time, (c) => c.notNull())
    .addColumn('ends_at', time, (c) => c.notNull())
    .addColumn('revoked_at', time)
    .addColumn('revoked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('ended_at', time)
    .execute();
  await sql`create unique index support_access_live on support_access (enterprise_id)
    where revoked_at is null and ended_at is null`.execute(db);
  await sql`create index support_access_ending on support_access (ends_at) where ended_at is null`.execute(db);

  await db.schema
    .createTable('support_sessions')
    .addColumn('session_id', 'integer', (c) => c.primaryKey().references('sessions.id').onDelete('cascade'))
    .addColumn('access_id', 'integer', (c) => c.notNull().references('support_access.id'))
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('support_sessions_access').on('support_sessions').column('access_id').execute();

  await db.schema.alterTable('oidc_clients').addColumn('previous_secret_hash', 'text').execute();
  await db.schema.alterTable('oidc_clients').addColumn('previous_secret_until', time).execute();
}
