import type { AppContext } from '../../context.ts';
import type { CompanyProductRow } from '../../queries/memberships.ts';
import { type SupportWindow, findLiveSessionWithUser, touchSession } from '../../queries/sessions.ts';
import type { UserRow } from '../../queries/users.ts';
import { hashSecret } from './secrets.ts';

export interface Auth {
  sessionId: number;
  /** When the session was opened: the time of the sign-in (`auth_time` to the OpenID provider). */
  signedInAt: number;
  user: UserRow;
  /** The enterprise the session last entered; membership is checked where it is used. */
  enterpriseId: number | null;
  /** A company of the user requires two-step sign-in (read with the session). */
  twoStepRequired: boolean;
  /** What proved the sign-in (RFC 8176 names, `mfa` for two factors); null for a session older than that. */
  amr: string[] | null;
  /** The user's companies with their products, read with the session for a call that asked for them. */
  companies?: CompanyProductRow[];
  /** A support person's session in a company, within the company's window (docs/support-access.md). */
  support: SupportWindow | null;
}

/** What a call may read with its session, in the session's own statement. */
export type SessionRead = 'companies';

/** Writing `last_seen_at` on every request would make every read a write; a minute is precise enough
 *  for an idle limit counted in hours. */
const TOUCH_EVERY_MS = 60_000;

/** The live session of a token: not revoked, within its absolute lifetime and not idle too long. */
export async function authenticate(ctx: AppContext, token: string, read?: SessionRead): Promise<Auth | null> {
  const now = ctx.now();
  const session = await findLiveSessionWithUser(ctx.db, hashSecret(token), now, read === 'companies');
  if (!session || session.lastSeenAt + ctx.config.sessionIdleMs <= now || session.user.disabled) return null;
  // a support session ends with its window, at once, whether or not its end was processed yet
  if (session.support && (session.support.over || session.support.endsAt <= now)) return null;
  if (now - session.lastSeenAt >= TOUCH_EVERY_MS) await touchSession(ctx.db, session.id, now);
  return {
    sessionId: session.id,
    signedInAt: session.createdAt,
    user: session.user,
    enterpriseId: session.enterpriseId,
    twoStepRequired: session.twoStepRequired,
    amr: session.amr,
    support: session.support,
    ...(session.companies ? { companies: session.companies } : {}),
  };
}
