import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Department names are unique among siblings, held by the schema so that two concurrent creations
 * cannot both win. Top-level departments have no parent: `coalesce` makes them siblings of each other,
 * since a plain unique index treats every NULL as distinct (on both engines).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create unique index departments_sibling_name on departments (enterprise_id, coalesce(parent_id, 0), name)`.execute(
    db,
  );
}
