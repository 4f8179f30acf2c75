import type { Insertable, Selectable } from 'kysely';
import type { TicketsTable } from '../db/schema.ts';
import type { Executor } from './executor.ts';

export type TicketRow = Selectable<TicketsTable>;

export async function insertTicket(
  db: Executor,
  values: Omit<Insertable<TicketsTable>, 'id' | 'used_at'>,
): Promise<void> {
  await db
    .insertInto('tickets')
    .values({ ...values, used_at: null })
    .execute();
}

export function findLiveTicket(db: Executor, tokenHash: string, now: number): Promise<TicketRow | undefined> {
  return db
    .selectFrom('tickets')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Marks a ticket used, once: of two concurrent uses only one updates the row. */
export async function useTicket(db: Executor, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('tickets')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
