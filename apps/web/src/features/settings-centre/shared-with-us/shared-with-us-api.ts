import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AssignmentsQuery } from '@portal/shared/api/sites';
import { call } from '../../../lib/api-client';
import { siteCalls as calls } from '../../../lib/integration-calls';
import { useCallMutation } from '../../../lib/use-call-mutation';
import { ALL_SITES, SITES_SHOWN, siteKeys } from '../sites/sites-api';

/** The grants other companies made to this company, and the people and departments it gave them to. */
export const sharedWithUsQuery = (keyword: string) =>
  infiniteQueryOptions({
    queryKey: siteKeys.sharedList(keyword),
    queryFn: ({ signal, pageParam }) =>
      call(calls.sharedWithUs, { pageSize: SITES_SHOWN, keyword: keyword || undefined, cursor: pageParam }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

export const assignmentsQuery = (query: AssignmentsQuery) =>
  queryOptions({
    queryKey: siteKeys.assignments(query),
    queryFn: ({ signal }) => call(calls.assignments, query, { signal }),
  });

export const useShareOn = () => useCallMutation(calls.shareOn, { invalidates: ALL_SITES, freshProof: true });
export const useLeaveGrant = () => useCallMutation(calls.leaveGrant, { invalidates: ALL_SITES });
export const useAddAssignment = () => useCallMutation(calls.addAssignment, { invalidates: ALL_SITES });
export const useRemoveAssignment = () => useCallMutation(calls.removeAssignment, { invalidates: ALL_SITES });
