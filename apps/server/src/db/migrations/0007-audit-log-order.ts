import type { Kysely } from 'kysely';

/**
 * The settings centre's audit log reads one company's events newest first, `id` breaking ties of the
 * same millisecond, optionally of one person: both orders straight from an index, so that a page
 * costs the rows it shows, not the company's whole history. They replace the index on
 * (enterprise_id, at), which the first one covers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('audit_events_enterprise_recent')
    .on('audit_events')
    .columns(['enterprise_id', 'at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('audit_events_enterprise_user_recent')
    .on('audit_events')
    .columns(['enterprise_id', 'user_id', 'at desc', 'id desc'])
    .execute();
  await db.schema.dropIndex('audit_events_enterprise').execute();
}
