import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * The products a company registered through an operator's administrator link gets: a JSON array of
 * product codes, stored with the link (null for the other kinds). Before, such a company got none,
 * not even the settings centre, so its administrator could invite no one: the links made before
 * this give it the settings centre, the command line's default.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invitations').addColumn('product_codes', 'text').execute();
  await sql`update invitations set product_codes = '["settcntr"]' where kind = 'admin'`.execute(db);
}
