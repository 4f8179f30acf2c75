import type { AppContext } from '../../context.ts';
import type { Engine } from '../../db/database.ts';
import type { Within } from '../../messaging/messenger.ts';
import { lockEnterpriseRow } from '../../queries/enterprises.ts';
import type { Executor } from '../../queries/executor.ts';

/**
 * The one lock order of the portal's writes. A transaction that changes a company takes the company's
 * lock before its first write, and one that changes several takes them in id order, all before the
 * first: two writers of one company then wait for each other instead of each holding a part the other
 * needs (an insert's foreign key takes a share of the company's row; asking for the row afterwards
 * deadlocks against a sibling that did the same).
 */
interface TransactionState {
  engine: Engine;
  /** The companies this transaction holds: locked, or created in it. */
  companies: number[];
  /** The highest id locked so far: the next lock must come above it. */
  highest: number;
  /** What waits for the commit: a rollback drops it. */
  afterCommit: (() => void)[];
}

const states = new WeakMap<Executor, TransactionState>();

/**
 * Runs `work` in one transaction that first takes the locks of `companies` (in id order); more may
 * be taken inside with `lockCompanies` while they come after those held. What `afterCommit` is given
 * runs once the transaction has committed.
 */
export async function companyTransaction<T>(
  ctx: Pick<AppContext, 'db' | 'engine'>,
  companies: readonly number[],
  work: (trx: Executor) => Promise<T>,
): Promise<T> {
  let state: TransactionState | undefined;
  const result = await ctx.db.transaction().execute(async (trx) => {
    state = { engine: ctx.engine, companies: [], highest: 0, afterCommit: [] };
    states.set(trx, state);
    await lockCompanies(trx, companies);
    return work(trx);
  });
  for (const send of state!.afterCommit) send();
  return result;
}

/**
 * Takes the locks of companies inside a transaction `companyTransaction` opened, before its first
 * write to them: those held already are skipped, the rest taken in id order. Asking for a company
 * below one held breaks the order (two such transactions could each wait for the other), and throws.
 */
export async function lockCompanies(trx: Executor, companies: readonly number[]): Promise<void> {
  const state = stateOf(trx);
  const wanted = [...new Set(companies)].filter((id) => !state.companies.includes(id)).sort((a, b) => a - b);
  if (!wanted.length) return;
  if (wanted[0]! < state.highest)
    throw new Error(
      `company ${wanted[0]} locked after company ${state.highest}: take a transaction's companies at once`,
    );
  for (const id of wanted) {
    await lockEnterpriseRow(trx, state.engine, id);
    state.companies.push(id);
    state.highest = id;
  }
}

/** A company this transaction has just created: nobody else sees it before the commit, so it is held
 *  without a lock and stands outside the order. */
export function holdNewCompany(trx: Executor, enterpriseId: number): void {
  stateOf(trx).companies.push(enterpriseId);
}

/** Throws unless `trx` holds the company's lock: for the writers that need its order (the events). */
export function assertCompanyLocked(trx: Executor, enterpriseId: number): void {
  if (!states.get(trx)?.companies.includes(enterpriseId))
    throw new Error(`company ${enterpriseId} is changed without its lock: open the change with companyTransaction`);
}

/** Keeps `send` until the transaction has committed; one rolled back never calls it. */
export function afterCommit(trx: Executor, send: () => void): void {
  stateOf(trx).afterCommit.push(send);
}

/** The transaction as the writers that wait for its commit take it (the outbox's messages, a sign-in's
 *  notices). */
export function enclosing(trx: Executor): Within {
  return { db: trx, afterCommit: (run) => afterCommit(trx, run) };
}

/** A transaction of no company's (a code and its message), opened the same way so that what waits for
 *  its commit runs after it. */
export function inTransaction<T>(
  ctx: Pick<AppContext, 'db' | 'engine'>,
  work: (trx: Executor) => Promise<T>,
): Promise<T> {
  return companyTransaction(ctx, [], work);
}

function stateOf(trx: Executor): TransactionState {
  const state = states.get(trx);
  if (!state) throw new Error('a company lock is taken in a transaction that companyTransaction opened');
  return state;
}
