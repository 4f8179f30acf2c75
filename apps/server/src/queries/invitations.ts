import type { Insertable, Selectable } from 'kysely';
import type { InvitationsTable } from '../db/schema.ts';
import { ofCompany } from './company-scope.ts';
import type { Executor } from './executor.ts';

export type InvitationRow = Selectable<InvitationsTable>;

export async function insertInvitation(db: Executor, values: Insertable<InvitationsTable>): Promise<number> {
  const row = await db.insertInto('invitations').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function findInvitationByHash(db: Executor, tokenHash: string): Promise<InvitationRow | undefined> {
  return db.selectFrom('invitations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** An invitation of one enterprise: another enterprise's id finds nothing. */
export function findEnterpriseInvitation(
  db: Executor,
  enterpriseId: number,
  id: number,
): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('id', '=', id)
    .where(ofCompany('invitations', enterpriseId))
    .executeTakeFirst();
}

/**
 * Takes one use of a live invitation in a single conditional update: of concurrent redemptions of
 * the last use, exactly one updates the row (PostgreSQL re-checks the condition after the row lock).
 */
export async function useInvitation(db: Executor, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', id)
    .where((eb) => eb('uses', '<', eb.ref('max_uses')))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** False when it was revoked already. */
export async function setInvitationRevoked(db: Executor, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Up to `limit` of an enterprise's invitations, newest first, with the name of whoever created each;
 *  those older than the invitation `before` ([createdAt, id]) when given: a range of the index on
 *  (enterprise_id, created_at, id) from where the page before ended. */
export function listEnterpriseInvitations(
  db: Executor,
  enterpriseId: number,
  page: { before?: readonly [createdAt: number, id: number] | undefined; limit: number },
) {
  const { before } = page;
  return db
    .selectFrom('invitations')
    .leftJoin('users', 'users.id', 'invitations.created_by')
    .selectAll('invitations')
    .select('users.nickname as creatorName')
    .where(ofCompany('invitations', enterpriseId))
    .$if(before !== undefined, (q) =>
      q.where((eb) =>
        eb.and([
          eb('invitations.created_at', '<=', before![0]),
          eb.or([eb('invitations.created_at', '<', before![0]), eb('invitations.id', '<', before![1])]),
        ]),
      ),
    )
    .orderBy('invitations.created_at', 'desc')
    .orderBy('invitations.id', 'desc')
    .limit(page.limit)
    .execute();
}
