import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * The proof-of-work challenges an address must solve once its anonymous code sends pass their
 * threshold. A challenge is stored as its SHA-256 hash until it expires, and deleted when a solution
 * of it is accepted: a solution counts once, and in every server process, since the one row is shared.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const time = engine === 'postgres' ? ('bigint' as const) : ('integer' as const);
  await db.schema
    .createTable('proof_of_work_challenges')
    .addColumn('challenge_hash', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('proof_of_work_challenges_expiry')
    .on('proof_of_work_challenges')
    .column('expires_at')
    .execute();
}
