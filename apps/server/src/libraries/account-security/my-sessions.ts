import type {
  MySessionsPage,
  MySessionsQuery,
  RevokeOtherSessionsResponse,
  RevokeSessionResponse,
} from '@portal/shared/api/sessions';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import {
  countLiveSessionsOfUser,
  findLiveSessionsOfUser,
  revokeLiveSessionOfUser,
  revokeOtherLiveSessionsOfUser,
} from '../../queries/sessions.ts';
import { recordAudit } from '../platform/audit.ts';
import type { SignedInCaller } from '../platform/caller.ts';
import { decodeCursor, pageOf } from '../platform/cursor.ts';
import { approximatePlace, describeDevice } from '../platform/devices.ts';
import { assertFreshProof } from './fresh-proof.ts';
import { recentPasskeysOf } from './recent-passkeys.ts';
import { notifySecurityEvent } from './security-notices.ts';

/**
 * A page of the person's live sessions, the one of this request marked: the same rule authentication
 * applies (not revoked, within the absolute lifetime, used within the idle limit), newest opened
 * first. Not by last activity: every request moves that, so a page boundary on it would let a
 * session in use jump over it and be skipped. Each is described by its device (the parsed
 * `User-Agent`) and the network of its address, never the address itself (see `approximatePlace`).
 */
export async function listMySessions(
  ctx: AppContext,
  { session }: SignedInCaller,
  query: MySessionsQuery,
): Promise<MySessionsPage> {
  const [beforeId] = decodeCursor(query.cursor, ['id']) ?? [];
  const userId = session.user.id;
  const now = ctx.now();
  const [total, rows] = await Promise.all([
    countLiveSessionsOfUser(ctx.db, userId, now, ctx.config.sessionIdleMs),
    findLiveSessionsOfUser(ctx.db, userId, now, ctx.config.sessionIdleMs, { beforeId, limit: query.pageSize + 1 }),
  ]);
  const page = pageOf(rows, query.pageSize, (row) => [row.id]);
  const items = page.rows.map((row) => {
    const { network, local } = approximatePlace(row.ip);
    return {
      id: row.id,
      device: describeDevice(row.user_agent),
      ip: network,
      ...(local ? { place: 'local' as const } : {}),
      createdAt: new Date(row.created_at).toISOString(),
      lastSeenAt: new Date(row.last_seen_at).toISOString(),
      current: row.id === session.sessionId,
    };
  });
  return { items, total, nextCursor: page.nextCursor };
}

/**
 * Ends one of the person's own live sessions. Another person's session, or one already ended, answers
 * 1009150 alike, so that session ids tell nothing. Ending the current one is signing out. The session
 * row is revoked in the database, which every server process reads on each request: the session's next
 * request, on any process, answers 1000401. The products signed in to from it are signed out too.
 */
export async function revokeMySession(
  ctx: AppContext,
  { session, ip }: SignedInCaller,
  id: number,
): Promise<RevokeSessionResponse> {
  const userId = session.user.id;
  if (!(await revokeLiveSessionOfUser(ctx.db, userId, id, ctx.now(), ctx.config.sessionIdleMs))) {
    throw new AppError(ErrorCode.SessionNotFound);
  }
  ctx.productSessions?.endForPortalSession(id);
  const current = id === session.sessionId;
  await recordAudit(ctx, {
    action: current ? 'logout' : 'session.revoke',
    userId,
    enterpriseId: session.enterpriseId,
    ip,
    detail: { sessionId: id },
  });
  return { current };
}

/**
 * Ends every other live session of the person, and the products signed in to from them; this one
 * goes on. Needs a fresh proof (1009166), and the person is told when a session ended. The answer lists the passkeys added lately, which the
 * person is offered to remove: a borrowed session may have planted one that outlives it.
 */
export async function revokeMyOtherSessions(
  ctx: AppContext,
  { session, ip, userAgent }: SignedInCaller,
): Promise<RevokeOtherSessionsResponse> {
  await assertFreshProof(ctx, session);
  const userId = session.user.id;
  const revoked = await revokeOtherLiveSessionsOfUser(
    ctx.db,
    userId,
    session.sessionId,
    ctx.now(),
    ctx.config.sessionIdleMs,
  );
  ctx.productSessions?.endForPortalSessions(revoked);
  if (revoked.length > 0) {
    await recordAudit(ctx, {
      action: 'session.revoke',
      userId,
      enterpriseId: session.enterpriseId,
      ip,
      detail: { others: revoked.length },
    });
    notifySecurityEvent(ctx, session.user, 'other-sessions-signed-out', { ip, userAgent });
  }
  return { revoked: revoked.length, recentPasskeys: await recentPasskeysOf(ctx, userId) };
}
