import type { Insertable } from 'kysely';
import type { AuditEventsTable } from '../db/schema.ts';
import type { Executor } from './executor.ts';

export async function insertAuditEvent(db: Executor, values: Insertable<AuditEventsTable>): Promise<void> {
  await db.insertInto('audit_events').values(values).execute();
}
