import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * When the person last proved it is them in a session (`reauthenticate`, or a change that carried
 * its own password): sensitive changes need a fresh proof. Null until then, when the sign-in that
 * opened the session is the proof, so that opening a session writes nothing more.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('proven_at', engine === 'postgres' ? 'bigint' : 'integer')
    .execute();
}
