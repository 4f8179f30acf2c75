import type { Kysely } from 'kysely';

/** The scheduled purge deletes by age: each table it sweeps gets an index on the time it sweeps by. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('rate_events_at').on('rate_events').column('at').execute();
  await db.schema.createIndex('audit_events_at').on('audit_events').column('at').execute();
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();
  await db.schema.createIndex('tickets_expires_at').on('tickets').column('expires_at').execute();
  await db.schema.createIndex('verification_codes_expires_at').on('verification_codes').column('expires_at').execute();
}
