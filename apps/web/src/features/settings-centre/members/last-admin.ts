import { MEMBERS_PAGE_SIZE_MAX, type Member, type MemberPage } from '@portal/shared/api/settings';
import { fetchMembers } from '../settings-api';

/**
 * Whether the company has an administrator other than `userId`. The server refuses to remove or
 * demote the last administrator with 1000403, which (like every 1000403) sends the browser to
 * NoAuth; asking first keeps an administrator who tries it on the page with an explanation.
 */
export async function hasOtherAdmin(userId: number): Promise<boolean> {
  for (let page = 1; ; page++) {
    const { total, items } = await fetchMembers({ page, pageSize: MEMBERS_PAGE_SIZE_MAX });
    if (items.some((m) => m.role === 'admin' && m.userId !== userId)) return true;
    if (items.length === 0 || page * MEMBERS_PAGE_SIZE_MAX >= total) return false;
  }
}

/**
 * Known from the page on screen alone: the member is the only administrator when the page holds
 * the whole, unfiltered list and no one else on it is one. Otherwise unknown (false): `hasOtherAdmin`
 * decides when it matters.
 */
export function isKnownLastAdmin(member: Member, page: MemberPage | null, filtered: boolean): boolean {
  if (member.role !== 'admin' || !page || filtered || page.items.length < page.total) return false;
  return !page.items.some((m) => m.role === 'admin' && m.userId !== member.userId);
}

/** Only removing or demoting oneself can leave no administrator: whoever acts is an administrator. */
export function mayBeLastAdmin(member: Member, me: number | undefined): boolean {
  return member.role === 'admin' && member.userId === me;
}
