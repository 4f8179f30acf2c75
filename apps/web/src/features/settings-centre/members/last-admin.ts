import type { Member } from '@portal/shared/api/settings';

/**
 * Known from the list on screen alone: the member is the only administrator when the list holds
 * every member, unfiltered, and no one else on it is one. Otherwise unknown (false): `hasOtherAdmin`
 * decides when it matters.
 */
export function isKnownLastAdmin(
  member: Member,
  list: { items: Member[]; complete: boolean; keyword: string },
): boolean {
  if (member.role !== 'admin' || !list.complete || list.keyword !== '') return false;
  return !list.items.some((m) => m.role === 'admin' && m.userId !== member.userId);
}

/** Only removing or demoting oneself can leave no administrator: whoever acts is an administrator. */
export function mayBeLastAdmin(member: Member, me: number | undefined): boolean {
  return member.role === 'admin' && member.userId === me;
}
