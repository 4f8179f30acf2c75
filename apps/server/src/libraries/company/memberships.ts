import type { AppContext } from '../../context.ts';
import { findMembership, listUserEnterprises } from '../../queries/memberships.ts';

/** The company a session works in: the preferred one while the user still belongs to it, else the
 *  first company the user joined, else none (a personal-version user). */
export async function currentEnterpriseOf(
  ctx: AppContext,
  userId: number,
  preferred: number | null,
): Promise<number | null> {
  if (preferred !== null && (await findMembership(ctx.db, preferred, userId))) return preferred;
  const [first] = await listUserEnterprises(ctx.db, userId);
  return first?.enterpriseId ?? null;
}
