import type { Engine } from '../db/database.ts';
import type { Executor } from './executor.ts';

export type Write = (db: Executor) => Promise<unknown>;

/**
 * Writes of one step that do not depend on each other. On SQLite they share one transaction: one
 * commit and one turn of the only connection instead of one each. On PostgreSQL they go side by side
 * on the pool: the step waits for one round trip instead of one per write (and a transaction would
 * add two more). Neither engine needs them to stand or fall together.
 */
export async function writeTogether(db: Executor, engine: Engine, writes: Write[]): Promise<void> {
  if (engine === 'sqlite') {
    await db.transaction().execute(async (trx) => {
      for (const write of writes) await write(trx);
    });
  } else {
    await Promise.all(writes.map((write) => write(db)));
  }
}
