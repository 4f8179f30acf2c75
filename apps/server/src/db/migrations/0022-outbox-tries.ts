import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Every try of an outbox row whose topic keeps them (a webhook's delivery): when it began, the
 * answer's status, how long it took, why it failed and when the next follows, as a receiver's
 * developer reads them in the delivery log. The row itself keeps only the last. Tries go with their
 * row (deleted with it when the retention purges it).
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const pg = engine === 'postgres';
  const time = pg ? ('bigint' as const) : ('integer' as const);
  await db.schema
    .createTable('outbox_tries')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('outbox_id', 'integer', (c) => c.notNull().references('outbox.id').onDelete('cascade'))
    .addColumn('at', time, (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer')
    .addColumn('error', 'text')
    .addColumn('next_at', time)
    .execute();
  await db.schema.createIndex('outbox_tries_row').on('outbox_tries').columns(['outbox_id', 'id']).execute();
}
