import type { Kysely } from 'kysely';

/**
 * Each session keeps what proved the sign-in that opened it, as RFC 8176 names in a JSON array
 * (`["pwd"]`, `["sms"]`, `["pwd","otp","mfa"]`, `["swk","mfa"]`): the OpenID provider's ID tokens tell
 * a product how the person signed in (`amr`), and two factors (`acr`) when `mfa` is among them.
 * Sessions opened before this migration have none; they stay null and count as one factor.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('amr', 'text').execute();
}
