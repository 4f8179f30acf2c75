import type { Updateable } from 'kysely';
import type { PhoneBoundData } from '@portal/shared/api/personal';
import type { AppContext } from '../../context.ts';
import type { UsersTable } from '../../db/schema.ts';
import { findUserByIdentifier, shareAnEnterprise, updateUser } from '../../queries/users.ts';
import { maskEmail, notifySecurityEvent } from '../account-security/security-notices.ts';
import type { AuditEvent } from '../platform/audit.ts';
import { recordAudit } from '../platform/audit.ts';
import type { SignedInCaller } from '../platform/caller.ts';
import { maskAccount, maskNickname } from '../platform/masking.ts';
import { uniqueViolationOf } from '../platform/unique-violation.ts';

/** Another account holds the phone; `boundTo` names it (masked) only when it shares a company with the caller. */
export type PhoneConflict = PhoneBoundData;

/**
 * Writes a new phone or email of a user together with its audit row. The unique constraint is the
 * final word: false when another account took the identifier first, and then nothing is written.
 */
export async function saveIdentifier(
  ctx: AppContext,
  userId: number,
  values: Pick<Updateable<UsersTable>, 'phone' | 'email' | 'phone_certified' | 'email_verified'>,
  audit: AuditEvent,
): Promise<boolean> {
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await updateUser(trx, userId, { ...values, updated_at: ctx.now() });
      await recordAudit(ctx, audit, trx);
    });
    return true;
  } catch (error) {
    if (uniqueViolationOf(error)) return false;
    throw error;
  }
}

/** The account other than `userId` that has proven `phone`, if any: an unproven holder blocks nobody. */
export async function phoneConflict(ctx: AppContext, userId: number, phone: string): Promise<PhoneConflict | null> {
  const holder = await findUserByIdentifier(ctx.db, 'phone', phone);
  if (!holder || holder.id === userId) return null;
  const colleague = await shareAnEnterprise(ctx.db, userId, holder.id);
  return { boundTo: colleague ? { nickname: maskNickname(holder.nickname), account: signInNameOf(holder) } : null };
}

/**
 * What its owner signs in with besides the phone, masked: the account name, else the email. An
 * account made by an invitation often has no account name, and a masked nickname alone ("测*")
 * names no one that its owner would recognise.
 */
function signInNameOf(holder: { account: string | null; email: string | null }): string | null {
  return maskAccount(holder.account) ?? (holder.email ? maskEmail(holder.email) : null);
}

/**
 * Binds a phone whose code the caller has just proven, as the account's verified phone. Returns the
 * conflict when another account holds it (checked only now, after the code, so that only the
 * phone's owner learns that it is taken). A phone that changes is told to the person, and to the
 * verified phone it replaces (security notifications); a first verified phone is told as verified, not
 * as a change, since it replaced none.
 */
export async function bindProvenPhone(
  ctx: AppContext,
  { session, ip, userAgent }: SignedInCaller,
  phone: string,
  via: 'updatephone' | 'phoneAuth',
): Promise<PhoneConflict | null> {
  const conflict = await phoneConflict(ctx, session.user.id, phone);
  if (conflict) return conflict;
  const saved = await saveIdentifier(
    ctx,
    session.user.id,
    { phone, phone_certified: 1 },
    {
      action: 'phone.change',
      userId: session.user.id,
      enterpriseId: session.enterpriseId,
      ip,
      detail: { via, changed: session.user.phone !== phone },
    },
  );
  if (saved) {
    const changed = session.user.phone !== phone;
    // the same phone proven for the first time (one an administrator typed in) is a first verified phone too
    if (changed || !session.user.phone_certified) {
      const replaced = changed && session.user.phone_certified ? session.user.phone : null;
      notifySecurityEvent(
        ctx,
        { ...session.user, phone, phone_certified: 1 },
        replaced ? 'phone-changed' : 'phone-verified',
        {
          ip,
          userAgent,
          previousPhone: replaced,
        },
      );
    }
    return null;
  }
  // lost a race for the phone: name the winner as above, or no one if it has let go already
  return (await phoneConflict(ctx, session.user.id, phone)) ?? { boundTo: null };
}
