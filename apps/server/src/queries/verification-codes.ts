import type { Insertable, Selectable } from 'kysely';
import type { VerificationCodesTable } from '../db/schema.ts';
import type { Executor } from './executor.ts';

export type CodeRow = Selectable<VerificationCodesTable>;

/** A new send replaces the previous code for the same scene and target, with fresh tries. */
export async function upsertCode(
  db: Executor,
  values: Omit<Insertable<VerificationCodesTable>, 'id' | 'wrong_tries' | 'consumed_at'>,
): Promise<void> {
  await db
    .insertInto('verification_codes')
    .values({ ...values, wrong_tries: 0, consumed_at: null })
    .onConflict((oc) =>
      oc.columns(['scene', 'target']).doUpdateSet({
        code_hash: values.code_hash,
        expires_at: values.expires_at,
        created_at: values.created_at,
        wrong_tries: 0,
        consumed_at: null,
      }),
    )
    .execute();
}

export function findCode(db: Executor, scene: CodeRow['scene'], target: string): Promise<CodeRow | undefined> {
  return db
    .selectFrom('verification_codes')
    .selectAll()
    .where('scene', '=', scene)
    .where('target', '=', target)
    .executeTakeFirst();
}

/** Takes one try in a single conditional update, so concurrent guesses cannot exceed the limit. */
export async function reserveCodeTry(db: Executor, id: number, maxTries: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('verification_codes')
    .set((eb) => ({ wrong_tries: eb('wrong_tries', '+', 1) }))
    .where('id', '=', id)
    .where('wrong_tries', '<', maxTries)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A right guess gives its try back and consumes the code, once; a code replaced meanwhile is not consumed. */
export async function consumeCode(db: Executor, id: number, codeHash: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('verification_codes')
    .set((eb) => ({ consumed_at: now, wrong_tries: eb('wrong_tries', '-', 1) }))
    .where('id', '=', id)
    .where('code_hash', '=', codeHash)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A right guess whose call refused for another reason gives its try back and leaves the code valid. */
export async function releaseCodeTry(db: Executor, id: number, codeHash: string): Promise<void> {
  await db
    .updateTable('verification_codes')
    .set((eb) => ({ wrong_tries: eb('wrong_tries', '-', 1) }))
    .where('id', '=', id)
    .where('code_hash', '=', codeHash)
    .where('consumed_at', 'is', null)
    .where('wrong_tries', '>', 0)
    .execute();
}
