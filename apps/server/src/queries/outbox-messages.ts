import type { Executor } from './executor.ts';

/** What a message row kept: blanked once the row is done (sent or given up), so that no code stays at
 *  rest, even sealed, longer than its delivery needs. A row still pending keeps its payload. */
export const FORGOTTEN_PAYLOAD = '{}';

export async function forgetOutboxPayload(db: Executor, id: number): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ payload: FORGOTTEN_PAYLOAD })
    .where('id', '=', id)
    .where('topic', '=', 'message')
    .where('state', '<>', 'pending')
    .execute();
}
