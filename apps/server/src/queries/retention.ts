import type { Executor } from './executor.ts';

/** Deletions by age for the scheduled purge; each answers how many rows went. */

export async function deleteAuditEventsBefore(db: Executor, before: number): Promise<number> {
  const result = await db.deleteFrom('audit_events').where('at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Sessions that ended (expired or revoked) before the moment. */
export async function deleteSessionsEndedBefore(db: Executor, before: number): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<', before), eb('revoked_at', '<', before)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteTicketsExpiredBefore(db: Executor, before: number): Promise<number> {
  const result = await db.deleteFrom('tickets').where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteCodesExpiredBefore(db: Executor, before: number): Promise<number> {
  const result = await db.deleteFrom('verification_codes').where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
