import type { Kysely } from 'kysely';

/**
 * The purge deletes in small batches, each found through an index on the time it sweeps by; without
 * one, every batch (and the last, empty one) would scan the whole table while holding the write lock.
 * 0004 indexed the first tables; these are the conditions it missed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('sessions_revoked_at').on('sessions').column('revoked_at').execute();
  await db.schema.createIndex('oidc_grant_links_expiry').on('oidc_grant_links').column('expires_at').execute();
  await db.schema.createIndex('sign_in_waits_last_failure').on('sign_in_waits').column('last_failure_at').execute();
  await db.schema.createIndex('webauthn_challenges_used').on('webauthn_challenges').column('used_at').execute();
}
