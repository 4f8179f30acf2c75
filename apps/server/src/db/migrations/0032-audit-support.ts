import { type Kysely, sql } from 'kysely';

/**
 * Whether the actor of an audit row was the platform's support (docs/support-access.md#audit), kept
 * with the row when it is written. Read at display time from who is support staff now, a support
 * person's rows lost the mark once the operator took them off the staff, and a former member made
 * support staff later had their old rows marked. Rows written before are marked as that reading
 * would mark them today: the best there is for them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('audit_events')
    .addColumn('support', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update audit_events set support = 1
    where user_id in (select user_id from support_staff)
      and not exists (
        select 1 from memberships m
        where m.user_id = audit_events.user_id and m.enterprise_id = audit_events.enterprise_id
      )`.execute(db);
}
