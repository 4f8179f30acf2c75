import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { PROOF_OF_WORK_MAX_NUMBER, PROOF_OF_WORK_TTL_SECONDS } from '@portal/shared/constants';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import type { FailureDataOf } from '@portal/shared/errors/error-data';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import { insertProofOfWorkChallenge, takeProofOfWorkChallenge } from '../../queries/proof-of-work.ts';
import { hashSecret } from '../platform/secrets.ts';

/**
 * ALTCHA signs its challenges so that a server can keep none; this one keeps each challenge it hands
 * out (hashed, until it expires) and accepts a solution only by taking that row, which is what makes a
 * solution count once in every server process. The signature therefore proves nothing here, and its
 * key need not be secret.
 */
const SIGNATURE_KEY = 'portal-proof-of-work';

/** A fresh challenge for the client: find the number whose SHA-256 with the salt is `challenge`. */
export async function issueProofOfWork(
  ctx: AppContext,
): Promise<FailureDataOf<typeof ErrorCode.ProofOfWorkRequired>['challenge']> {
  const challenge = await createChallenge({ hmacKey: SIGNATURE_KEY, maxnumber: PROOF_OF_WORK_MAX_NUMBER });
  await insertProofOfWorkChallenge(
    ctx.db,
    hashSecret(challenge.challenge),
    ctx.now() + PROOF_OF_WORK_TTL_SECONDS * 1000,
  );
  // ALTCHA's type leaves the bound optional; the challenge always has the one it was made with
  return { ...challenge, maxnumber: PROOF_OF_WORK_MAX_NUMBER };
}

/** The challenge a solution names, when it is one of ours and solves it; null for anything else. */
function solvedChallenge(solution: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(solution, 'base64').toString('utf8')) as { challenge?: unknown };
    return typeof payload.challenge === 'string' ? payload.challenge : null;
  } catch {
    return null;
  }
}

/** Accepts a solution (ALTCHA's base64 payload) once, before its challenge expires; 1009181 otherwise. */
export async function redeemProofOfWork(ctx: AppContext, solution: string): Promise<void> {
  const challenge = solvedChallenge(solution);
  // the expiry is the stored row's, on the app's clock
  const solves = challenge !== null && (await verifySolution(solution, SIGNATURE_KEY, false));
  if (!solves || !(await takeProofOfWorkChallenge(ctx.db, hashSecret(challenge), ctx.now()))) {
    throw new AppError(ErrorCode.ProofOfWorkInvalid);
  }
}
