import {
  type QueryClient,
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { MEMBERS_PAGE_SIZE_MAX, type MemberPage, type MembersQuery } from '@portal/shared/api/settings';
import { brandingCalls, settingsCalls } from '../../lib/api-calls';
import { call } from '../../lib/api-client';
import type { CallView } from '../../lib/call-view';
import { type Change, useCallMutation } from '../../lib/use-call-mutation';
import { loadBranding } from '../../session/branding';
import { refreshPortal } from '../../session/portal-session';

/**
 * The settings centre's administrator calls (docs/settings-centre.md#who-may-use-it); each acts on the
 * session's current company. Reads are query options under `settingsKeys`; changes are mutations that
 * invalidate what they touched.
 */
export const settingsKeys = {
  all: ['settings'] as const,
  members: () => [...settingsKeys.all, 'members'] as const,
  memberList: (keyword: string, pageSize: number) => [...settingsKeys.members(), keyword, pageSize] as const,
  departments: () => [...settingsKeys.all, 'departments'] as const,
  invitations: () => [...settingsKeys.all, 'invitations'] as const,
  branding: () => [...settingsKeys.all, 'branding'] as const,
};

export function fetchMembers(query: MembersQuery, signal?: AbortSignal): Promise<MemberPage> {
  return call(settingsCalls.members, query, { signal });
}

/** The members of a search, a page at a time: each page asks for the one after through the last
 *  `nextCursor` (`page` is then not read). */
export const membersQuery = (keyword: string, pageSize: number) =>
  infiniteQueryOptions({
    queryKey: settingsKeys.memberList(keyword, pageSize),
    queryFn: ({ signal, pageParam }) =>
      fetchMembers({ page: 1, pageSize, keyword: keyword || undefined, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const departmentsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.departments(),
    queryFn: ({ signal }) => call(settingsCalls.departments, undefined, { signal }),
  });

/** The invitation links, a page at a time: each page asks for the one after through the last `nextCursor`. */
export const invitationsQuery = (pageSize: number) =>
  infiniteQueryOptions({
    queryKey: [...settingsKeys.invitations(), pageSize] as const,
    queryFn: ({ signal, pageParam }) => call(settingsCalls.invitations, { pageSize, cursor: pageParam }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/** The current company's branding as its administrator edits it (the shell keeps the one in effect). */
export const brandingQuery = () =>
  queryOptions({
    queryKey: settingsKeys.branding(),
    queryFn: ({ signal }) => call(brandingCalls.personalization, undefined, { signal }),
  });

/**
 * Whether the company has an administrator other than `userId`. The server refuses to remove or
 * demote the last administrator with 1000403, which (like every 1000403) sends the browser to
 * NoAuth; asking first keeps an administrator who tries it on the page with an explanation.
 */
export async function hasOtherAdmin(userId: number): Promise<boolean> {
  let cursor: string | undefined;
  do {
    // the cursor, when there is one, is where the pages go on from (`page` is then not read)
    const members = await fetchMembers({ page: 1, cursor, pageSize: MEMBERS_PAGE_SIZE_MAX });
    if (members.items.some((m) => m.role === 'admin' && m.userId !== userId)) return true;
    cursor = members.nextCursor ?? undefined;
  } while (cursor !== undefined);
  return false;
}

/** Members show their department and departments their member count: a change to one touches both. */
function invalidateMembersAndDepartments(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: settingsKeys.members() }),
    client.invalidateQueries({ queryKey: settingsKeys.departments() }),
  ]);
}

/**
 * Having removed or demoted oneself, one is no administrator any more: fetching the settings again
 * would only meet 1000403, so they are only marked stale, and portal info learns the new role.
 */
async function leaveSettings(client: QueryClient) {
  await client.invalidateQueries({ queryKey: settingsKeys.all, refetchType: 'none' });
  await refreshPortal();
}

/** The outcome of a change that may be the last administrator's. */
export type MemberChange = 'done' | 'lastAdmin';

interface SelfChange<D extends CallView> extends Change<D> {
  /** Demoting or removing oneself as an administrator: allowed only while another one remains. */
  self?: boolean;
}

export const useCreateMember = () =>
  useCallMutation(settingsCalls.createMember, { invalidates: invalidateMembersAndDepartments });

export function useUpdateMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      body,
      self,
      options,
    }: SelfChange<typeof settingsCalls.updateMember>): Promise<MemberChange> => {
      if (self && !(await hasOtherAdmin(body.userId))) return 'lastAdmin';
      await call(settingsCalls.updateMember, body, options);
      return 'done';
    },
    onSuccess: (outcome, { self }) => {
      if (outcome === 'lastAdmin') return;
      return self ? leaveSettings(client) : invalidateMembersAndDepartments(client);
    },
  });
}

export function useRemoveMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      body,
      self,
      options,
    }: SelfChange<typeof settingsCalls.removeMember>): Promise<MemberChange> => {
      if (self && !(await hasOtherAdmin(body.userId))) return 'lastAdmin';
      await call(settingsCalls.removeMember, body, options);
      return 'done';
    },
    onSuccess: (outcome, { self }) => {
      if (outcome === 'lastAdmin') return;
      return self ? leaveSettings(client) : invalidateMembersAndDepartments(client);
    },
  });
}

export const useCreateDepartment = () =>
  useCallMutation(settingsCalls.createDepartment, { invalidates: invalidateMembersAndDepartments });

export const useRenameDepartment = () =>
  useCallMutation(settingsCalls.renameDepartment, { invalidates: invalidateMembersAndDepartments });

export const useDeleteDepartment = () =>
  useCallMutation(settingsCalls.deleteDepartment, { invalidates: invalidateMembersAndDepartments });

export const useCreateInvitation = () =>
  useCallMutation(settingsCalls.createInvitation, { invalidates: [settingsKeys.invitations()] });

export const useRevokeInvitation = () =>
  useCallMutation(settingsCalls.revokeInvitation, { invalidates: [settingsKeys.invitations()] });

/** The shell's branding follows too (favicon, page title, `_enterpriseConfig`). */
function invalidateBranding(client: QueryClient) {
  return Promise.all([client.invalidateQueries({ queryKey: settingsKeys.branding() }), loadBranding()]);
}

export const useSavePersonalization = () =>
  useCallMutation(settingsCalls.savePersonalization, { invalidates: invalidateBranding });

/** The platform's icon again, in place of the uploaded one. */
export const useResetIcon = () => useCallMutation(settingsCalls.resetIcon, { invalidates: invalidateBranding });

export function useUploadIcon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, options }: Change<typeof settingsCalls.uploadIcon, File>) => {
      const form = new FormData();
      form.append('file', body);
      return call(settingsCalls.uploadIcon, form, options);
    },
    onSuccess: () => invalidateBranding(client),
  });
}
