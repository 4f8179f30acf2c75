import type { Kysely } from 'kysely';

/**
 * The owner company's cap of access on request (docs/site-grants.md#the-owners-cap): a policy of the
 * company beside its two-step requirement, so a column of `enterprises`. Every company starts at the
 * 7 days (168 hours) that were the fixed cap before; written out here, as a migration never changes
 * with a constant that may.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('enterprises')
    .addColumn('access_request_cap_hours', 'integer', (c) => c.notNull().defaultTo(168))
    .execute();
}
