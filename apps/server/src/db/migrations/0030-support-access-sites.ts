import type { Kysely } from 'kysely';

/**
 * A support window for some of a company's sites (docs/support-access.md#sites): the sites the
 * administrator named when granting it. A window without rows here is for the whole company; the
 * support's rights on each named site are the "support" role template.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('support_access_sites')
    .addColumn('access_id', 'integer', (c) => c.notNull().references('support_access.id').onDelete('cascade'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
    .addPrimaryKeyConstraint('support_access_sites_pkey', ['access_id', 'site_id'])
    .execute();
}
