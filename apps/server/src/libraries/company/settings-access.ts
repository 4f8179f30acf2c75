import { ErrorCode } from '@portal/shared/errors/error-codes';
import type { ProductCode } from '@portal/shared/products';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import { findMembership } from '../../queries/memberships.ts';
import { listEnterpriseProducts } from '../../queries/products.ts';
import type { Caller } from '../platform/caller.ts';
import { currentEnterpriseOf } from './memberships.ts';

/** Who acts in the settings centre: an administrator of the company the session works in, or a
 *  company API key, which acts for the company on the calls that name its scope. */
export type Administrator = PersonAdministrator | KeyAdministrator;

/** A person, signed in, who is an administrator of the company. */
export interface PersonAdministrator {
  kind: 'person';
  enterpriseId: number;
  userId: number;
  /** For the audit trail. */
  ip: string;
}

/** A company API key: nobody (never "oneself"), recorded as the actor in the audit trail. */
export interface KeyAdministrator {
  kind: 'key';
  enterpriseId: number;
  ip: string;
  apiKey: { id: number; prefix: string; name: string };
}

/** The actor of an audit row: the person, or the key (then no person). */
export function actorOf(admin: Administrator): { userId: number | null; apiKey: KeyAdministrator['apiKey'] | null } {
  return admin.kind === 'person' ? { userId: admin.userId, apiKey: null } : { userId: null, apiKey: admin.apiKey };
}

/** The product right that opens the settings centre to a company's administrators. */
export const SETTINGS_PRODUCT: ProductCode = 'settcntr';

/**
 * The one gate of the settings centre's changes and lists. The company is the session's current one,
 * resolved as everywhere else (`portal/info`, `portal/user/admin`): never an id from the request.
 * Anyone but an administrator of it, including a user without a company, gets 1000403 (with
 * `redirect-page: 001`), and so does an administrator of a company without the settings-centre
 * product: the settings centre is a product like the others, sold per company. Both are read on every
 * call, so a demotion or a revoked right takes effect at once. No session is 1000401.
 */
export async function requireAdministrator(ctx: AppContext, { session, ip }: Caller): Promise<PersonAdministrator> {
  if (!session) throw new AppError(ErrorCode.Unauthorized);
  // the platform's support, within the company's window, works in its settings centre in its own name;
  // what it may not do is refused by the calls' gate (plugins/audiences/signed-in.ts)
  if (session.support)
    return { kind: 'person', enterpriseId: session.support.enterpriseId, userId: session.user.id, ip };
  const enterpriseId = await currentEnterpriseOf(ctx, session.user.id, session.enterpriseId);
  if (enterpriseId === null) throw new AppError(ErrorCode.Forbidden);
  const [membership, products] = await Promise.all([
    findMembership(ctx.db, enterpriseId, session.user.id),
    listEnterpriseProducts(ctx.db, [enterpriseId]),
  ]);
  if (membership?.role !== 'admin' || !products.some((p) => p.code === SETTINGS_PRODUCT)) {
    throw new AppError(ErrorCode.Forbidden);
  }
  return { kind: 'person', enterpriseId, userId: session.user.id, ip };
}

/** 1000403 for a change that would leave the company without an administrator. `reason` lets the
 *  web app tell it from a lost right (both carry `redirect-page: 001`, as every 1000403 does). */
export function lastAdministrator(): AppError {
  return new AppError(ErrorCode.Forbidden, { reason: 'lastAdmin' });
}
