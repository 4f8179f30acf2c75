import type { Member, MemberPage } from '@portal/shared/api/settings';

/**
 * Known from the page on screen alone: the member is the only administrator when the page holds
 * the whole, unfiltered list and no one else on it is one. Otherwise unknown (false): `hasOtherAdmin`
 * decides when it matters.
 */
export function isKnownLastAdmin(member: Member, page: MemberPage | null, filtered: boolean): boolean {
  if (member.role !== 'admin' || !page || filtered || page.total === null || page.items.length < page.total) {
    return false;
  }
  return !page.items.some((m) => m.role === 'admin' && m.userId !== member.userId);
}

/** Only removing or demoting oneself can leave no administrator: whoever acts is an administrator. */
export function mayBeLastAdmin(member: Member, me: number | undefined): boolean {
  return member.role === 'admin' && member.userId === me;
}
