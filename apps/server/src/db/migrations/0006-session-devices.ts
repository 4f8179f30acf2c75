import type { Kysely } from 'kysely';

/**
 * Each session keeps where it was opened from, for the person's list of their sessions ("My sessions")
 * and for noticing a sign-in from a device they have not used before: the client's `User-Agent` (cut
 * to 512 characters when written) and its IP address. Sessions opened before this migration have
 * neither; they stay null.
 * (A user's sessions are read by `sessions_user`, made in 0001.)
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('ip', 'text').execute();
}
