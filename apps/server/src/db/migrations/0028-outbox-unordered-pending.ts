import { type Kysely, sql } from 'kysely';

/**
 * The outbox's pending rows without an ordering key, by due time: a claim takes the oldest row of each
 * key through `outbox_pending_ordering`, and these rows through this index, so that it reads no
 * pending row it cannot take. Through the index of every pending row by due time (`outbox_due`) it
 * read past a key's whole backlog to find them, which made a backlog of one endpoint drain in time
 * that grew with its square.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('outbox_pending_unordered')
    .on('outbox')
    .columns(['next_at', 'id'])
    .where((eb) => eb.and([eb(sql.ref('state'), '=', sql.lit('pending')), eb(sql.ref('ordering_key'), 'is', null)]))
    .execute();
}
