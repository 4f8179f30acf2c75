import { type Kysely, sql } from 'kysely';

/**
 * The outbox's pending rows by ordering key: a claim asks, of each due row, whether an older row of
 * its key is still pending, and the index of every row by key (`outbox_ordering`) made that walk
 * through the key's delivered history, which stays for the audit retention. A partial index holds the
 * pending rows alone, a handful whatever the history, so the claim costs the same after a year of
 * deliveries as on the first day, with or without the database's statistics.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('outbox_pending_ordering')
    .on('outbox')
    .columns(['ordering_key', 'id'])
    .where(sql.ref('state'), '=', sql.lit('pending'))
    .execute();
}
