import { ErrorCode } from '@portal/shared/errors/error-codes';
import type { ProductCode } from '@portal/shared/products';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import { findMembership } from '../../queries/memberships.ts';
import { listEnterpriseProducts } from '../../queries/products.ts';
import type { SupportWindow } from '../../queries/sessions.ts';
import type { UserRow } from '../../queries/users.ts';

/** What a product's sign-in through the OpenID provider may go on to. */
export type ProductAdmission =
  { admitted: true } | { admitted: false; reason: 'two-step-setup' | 'not-member' | 'no-right' };

/**
 * The gate of a product's sign-in (the OpenID provider's interaction). The person's session was opened
 * through `enterAccount`, with the second factor and the account's rules; what the gate adds is the
 * company's: its two-step requirement is met, the person is its member, and it has the right to the
 * product. A person without a company (a personal account) has no product's right.
 */
export async function admitToProduct(
  ctx: AppContext,
  session: { user: UserRow; twoStepRequired: boolean; support?: SupportWindow | null },
  enterpriseId: number | null,
  product: ProductCode,
): Promise<ProductAdmission> {
  if (session.user.disabled) throw new AppError(ErrorCode.AccountDisabled);
  if (session.twoStepRequired && session.user.totp_enabled_at === null) {
    return { admitted: false, reason: 'two-step-setup' };
  }
  if (enterpriseId === null) return { admitted: false, reason: 'no-right' };
  // the platform's support opens the products of the company whose window it works in, as its members do
  const supporting = session.support?.enterpriseId === enterpriseId;
  if (!supporting && !(await findMembership(ctx.db, enterpriseId, session.user.id))) {
    return { admitted: false, reason: 'not-member' };
  }
  const products = await listEnterpriseProducts(ctx.db, [enterpriseId]);
  return products.some((p) => p.code === product) ? { admitted: true } : { admitted: false, reason: 'no-right' };
}
