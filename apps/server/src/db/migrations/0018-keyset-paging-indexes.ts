import type { Kysely } from 'kysely';

/**
 * Lists are paged by a key (the sort key and id of the last row shown), not by an offset: each page
 * is then a range of an index in the list's order, read from where the page before ended, so a page
 * deep in a long list costs what the first does.
 * - My sessions, newest opened first: (user_id, id) replaces the index on user_id alone, which it covers.
 * - The audit log filtered by action, newest first (the person's filter and no filter have theirs, 0007).
 * - A company's members in the order they joined.
 * - A company's invitation links, newest first: replaces (enterprise_id, created_at), which it covers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('sessions_user_recent').on('sessions').columns(['user_id', 'id desc']).execute();
  await db.schema.dropIndex('sessions_user').execute();
  await db.schema
    .createIndex('audit_events_enterprise_action_recent')
    .on('audit_events')
    .columns(['enterprise_id', 'action', 'at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('memberships_enterprise_joined')
    .on('memberships')
    .columns(['enterprise_id', 'joined_at', 'user_id'])
    .execute();
  await db.schema
    .createIndex('invitations_enterprise_recent')
    .on('invitations')
    .columns(['enterprise_id', 'created_at desc', 'id desc'])
    .execute();
  await db.schema.dropIndex('invitations_enterprise').execute();
}
