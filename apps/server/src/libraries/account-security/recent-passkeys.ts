import type { RecentPasskey } from '@portal/shared/api/fresh-proof';
import { RECENT_PASSKEY_DAYS } from '@portal/shared/api/fresh-proof';
import type { AppContext } from '../../context.ts';
import { findPasskeysOfUser } from '../../queries/passkeys.ts';

/** The passkeys the user added within RECENT_PASSKEY_DAYS, oldest first: after a password change or
 *  signing out everywhere the person is offered to remove them, since a borrowed session may have
 *  planted one that a new password and ended sessions would not stop. */
export async function recentPasskeysOf(ctx: AppContext, userId: number): Promise<RecentPasskey[]> {
  const since = ctx.now() - RECENT_PASSKEY_DAYS * 24 * 60 * 60_000;
  return (await findPasskeysOfUser(ctx.db, userId))
    .filter((row) => Number(row.created_at) >= since)
    .map((row) => ({ id: row.id, name: row.name, createdAt: new Date(Number(row.created_at)).toISOString() }));
}
