import type { Kysely } from 'kysely';

/**
 * Why a gateway was revoked (`unclaimed`, `site_retired`, `grant_ended`), kept with it so that the
 * site's page says so, as the `device.revoked` event already did; null for the ones revoked before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('site_devices').addColumn('revoked_reason', 'text').execute();
}
