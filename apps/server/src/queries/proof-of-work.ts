import type { Executor } from './executor.ts';

export async function insertProofOfWorkChallenge(
  db: Executor,
  challengeHash: string,
  expiresAt: number,
): Promise<void> {
  await db
    .insertInto('proof_of_work_challenges')
    .values({ challenge_hash: challengeHash, expires_at: expiresAt })
    .execute();
}

/** Takes the challenge if it is still open: true once, whoever asks at the same time. */
export async function takeProofOfWorkChallenge(db: Executor, challengeHash: string, now: number): Promise<boolean> {
  const result = await db
    .deleteFrom('proof_of_work_challenges')
    .where('challenge_hash', '=', challengeHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function deleteProofOfWorkChallengesExpiredBefore(db: Executor, before: number): Promise<number> {
  const result = await db.deleteFrom('proof_of_work_challenges').where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
