import type { SessionResponse } from '@portal/shared/api/auth';
import type { AppContext } from '../context.ts';
import type { UserRow } from '../queries/users.ts';
import { recordAudit } from './audit.ts';
import type { SessionClient } from './devices.ts';
import { currentEnterpriseOf } from './memberships.ts';
import { createSession } from './sessions.ts';
import type { SignInAttempt } from './throttle.ts';
import { writeTogether } from './write-together.ts';

type SignInMethod = Parameters<NonNullable<AppContext['metrics']>['signIn']>[0];

/**
 * The last step of every sign-in, whatever proved the person (password, code, two-step code,
 * passkey): the run of failures ends, a session opens in the company they were last in, and the
 * success is recorded with `detail`, all in one write.
 */
export async function openSignInSession(
  ctx: AppContext,
  user: UserRow,
  attempt: SignInAttempt,
  client: SessionClient & { ip: string },
  method: SignInMethod,
  detail: Record<string, unknown>,
): Promise<SessionResponse> {
  const enterpriseId = await currentEnterpriseOf(ctx, user.id, user.last_enterprise_id);
  let session: SessionResponse | undefined;
  await writeTogether(ctx, [
    (db) => attempt.succeeded(db),
    async (db) => (session = await createSession(ctx, user.id, enterpriseId, client, db)),
    (db) => recordAudit(ctx, { action: 'sign-in.success', userId: user.id, enterpriseId, ip: client.ip, detail }, db),
  ]);
  ctx.metrics?.signIn(method, 'success');
  return session!;
}
