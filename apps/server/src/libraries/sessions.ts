import type { AppContext } from '../context.ts';
import { findLiveSessionWithUser, touchSession } from '../queries/sessions.ts';
import type { UserRow } from '../queries/users.ts';
import { hashSecret } from './secrets.ts';

export interface Auth {
  sessionId: number;
  user: UserRow;
  /** The enterprise the session last entered; membership is checked where it is used. */
  enterpriseId: number | null;
  /** A company of the user requires two-step sign-in (read with the session). */
  twoStepRequired: boolean;
}

/** Writing `last_seen_at` on every request would make every read a write; a minute is precise enough
 *  for an idle limit counted in hours. */
const TOUCH_EVERY_MS = 60_000;

/** The live session of a token: not revoked, within its absolute lifetime and not idle too long. */
export async function authenticate(ctx: AppContext, token: string): Promise<Auth | null> {
  const now = ctx.now();
  const session = await findLiveSessionWithUser(ctx.db, hashSecret(token), now);
  if (!session || session.lastSeenAt + ctx.config.sessionIdleMs <= now || session.user.disabled) return null;
  if (now - session.lastSeenAt >= TOUCH_EVERY_MS) await touchSession(ctx.db, session.id, now);
  return {
    sessionId: session.id,
    user: session.user,
    enterpriseId: session.enterpriseId,
    twoStepRequired: session.twoStepRequired,
  };
}
