import type { AppContext } from '../context.ts';
import type { Executor } from '../queries/executor.ts';
import { findLiveSessionWithUser, findUserAgentsOfUser, insertSession, touchSession } from '../queries/sessions.ts';
import type { UserRow } from '../queries/users.ts';
import { findUserById } from '../queries/users.ts';
import { type SessionClient, USER_AGENT_MAX, deviceFamily } from './devices.ts';
import { hashSecret, newSecret } from './secrets.ts';
import { notifySecurityEvent } from './security-notices.ts';

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

/**
 * Opens a session of a user, recording the client it is opened from (`User-Agent` and IP), for the
 * person's list of their sessions. Every sign-in, registration and other way in goes through here, so
 * a sign-in from a new device is noticed here too: when the user has had sessions before and none of
 * them came from the same browser and system, the person is told (security notifications). A brand-new
 * account, with no session before, is not; nor is one whose earlier sessions predate the record of
 * devices (migration 0006), which could be any device.
 */
export async function createSession(
  ctx: AppContext,
  userId: number,
  enterpriseId: number | null,
  client: SessionClient,
  db: Executor = ctx.db,
): Promise<{ token: string; expiresAt: string }> {
  const token = newSecret(32);
  const now = ctx.now();
  const expiresAt = now + ctx.config.sessionMaxMs;
  const userAgent = client.userAgent?.slice(0, USER_AGENT_MAX) ?? null;
  const earlier = await findUserAgentsOfUser(db, userId);
  await insertSession(db, {
    token_hash: hashSecret(token),
    user_id: userId,
    enterprise_id: enterpriseId,
    created_at: now,
    last_seen_at: now,
    expires_at: expiresAt,
    revoked_at: null,
    user_agent: userAgent,
    ip: client.ip,
  });
  if (isNewDevice(earlier, userAgent)) {
    const user = await findUserById(db, userId);
    if (user) notifySecurityEvent(ctx, user, 'new-device', { at: now, ip: client.ip, userAgent });
  }
  return { token, expiresAt: new Date(expiresAt).toISOString() };
}

/** Whether a sign-in with `userAgent` comes from a device family none of the earlier sessions came from;
 *  never for the first session, nor when an earlier one has no recorded device (it may be this one). */
function isNewDevice(earlier: (string | null)[], userAgent: string | null): boolean {
  if (!earlier.length || earlier.includes(null)) return false;
  const family = deviceFamily(userAgent);
  return !earlier.some((other) => deviceFamily(other || null) === family);
}

/** `Authorization: Bearer <token>`, or the bare token as the cookie-sharing products send it. */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  // the scheme is case-insensitive (RFC 9110, section 11.1): `bearer` and `BEARER` are Bearer too
  const token = header.replace(/^bearer\s+/i, '').trim();
  return /^[A-Za-z0-9_-]{20,200}$/.test(token) ? token : null;
}

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
