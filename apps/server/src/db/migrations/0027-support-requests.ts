import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Support requests a company approves (docs/support-access.md#requests): a support person asks a
 * company for a window of `hours`, for the whole company or the sites named (`site_ids`, their
 * public ids, checked again when approved); `open` until decided or `expires_at`. At most one open
 * request per support person and company, held by a partial unique index. `access_id` is the window
 * an approval opened. An open request past its day is closed by the sweep (`expired`), once.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const pg = engine === 'postgres';
  const id = pg ? ('serial' as const) : ('integer' as const);
  const time = pg ? ('bigint' as const) : ('integer' as const);

  await db.schema
    .createTable('support_requests')
    .addColumn('id', id, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('enterprise_id', 'integer', (c) => c.notNull().references('enterprises.id'))
    .addColumn('requester_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('hours', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('site_ids', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('decided_at', time)
    .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('access_id', 'integer', (c) => c.references('support_access.id'))
    .execute();
  await db.schema
    .createIndex('support_requests_company')
    .on('support_requests')
    .columns(['enterprise_id', 'status'])
    .execute();
  await db.schema
    .createIndex('support_requests_person')
    .on('support_requests')
    .columns(['requester_user_id', 'status'])
    .execute();
  await sql`create unique index support_requests_open on support_requests (enterprise_id, requester_user_id)
    where status = 'open'`.execute(db);
  // the sweep's once-a-second look for open requests past their day
  await sql`create index support_requests_expiring on support_requests (expires_at) where status = 'open'`.execute(db);
}
