import { FRESH_PROOF_MINUTES } from '@portal/shared/api/fresh-proof';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import { findSessionProofTime, markSessionProven } from '../../queries/sessions.ts';
import type { Auth } from '../platform/sessions.ts';

/**
 * A sensitive change needs the person at the keyboard, not just their session: 1009166 when the
 * session's last proof (its sign-in, or the last `reauthenticate`) is older than FRESH_PROOF_MINUTES.
 * Checked before anything is used up (a code, a challenge), so that the same request succeeds once
 * the person has proved it is them.
 */
export async function assertFreshProof(ctx: AppContext, auth: Auth): Promise<void> {
  const provenAt = await findSessionProofTime(ctx.db, auth.sessionId);
  if (provenAt === undefined || ctx.now() - provenAt > FRESH_PROOF_MINUTES * 60_000) {
    throw new AppError(ErrorCode.ReauthenticationRequired);
  }
}

/** A change that carried its own proof (the password, a second factor) renews the session's. */
export function sessionProvenNow(ctx: AppContext, auth: Auth): Promise<void> {
  return markSessionProven(ctx.db, auth.sessionId, ctx.now());
}
