import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AssignmentsQuery, SitesQuery } from '@portal/shared/api/sites';
import { call } from '../../../lib/api-client';
import { accessRequestCalls, siteCalls as calls } from '../../../lib/integration-calls';
import { useCallMutation } from '../../../lib/use-call-mutation';
import { settingsKeys } from '../settings-api';

/**
 * The company's sites and the grants on them (docs/site-grants.md): the sites it owns with each one's
 * chain, and the grants other companies made to it with the people and departments it assigned.
 */
export const siteKeys = {
  all: [...settingsKeys.all, 'sites'] as const,
  lists: () => [...siteKeys.all, 'list'] as const,
  list: (keyword: string, status: SitesQuery['status']) => [...siteKeys.lists(), keyword, status] as const,
  detail: (siteId: string) => [...siteKeys.all, 'detail', siteId] as const,
  shared: () => [...siteKeys.all, 'shared'] as const,
  requests: () => [...siteKeys.all, 'requests'] as const,
  // beside the tab's lists, not under them: a change to a site leaves the company's policy as it was
  cap: () => [...settingsKeys.all, 'access-request-cap'] as const,
  sharedList: (keyword: string) => [...siteKeys.shared(), keyword] as const,
  assignments: (query: AssignmentsQuery) =>
    [...siteKeys.all, 'assignments', query.grantId ?? null, query.siteId ?? null] as const,
};

/** How many sites or grants a page brings; "show more" follows the server's cursor. */
export const SITES_SHOWN = 20;

export const sitesQuery = (keyword: string, status: SitesQuery['status']) =>
  infiniteQueryOptions({
    queryKey: siteKeys.list(keyword, status),
    queryFn: ({ signal, pageParam }) =>
      call(
        calls.sites,
        { pageSize: SITES_SHOWN, status, keyword: keyword || undefined, cursor: pageParam },
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // a new search keeps the list on screen until its answer is there
    placeholderData: keepPreviousData,
  });

export const siteDetailQuery = (siteId: string) =>
  queryOptions({
    queryKey: siteKeys.detail(siteId),
    queryFn: ({ signal }) => call(calls.site, { siteId }, { signal }),
  });

// A change to a site, a grant or an assignment may show in every list of the tab (a retire ends the
// grants of the chain, a share-on adds one under the grant held): all of them are read again.
export const ALL_SITES = [siteKeys.all];

export const useCreateSite = () => useCallMutation(calls.createSite, { invalidates: ALL_SITES });
export const useUpdateSite = () => useCallMutation(calls.updateSite, { invalidates: ALL_SITES });
export const useRetireSite = () => useCallMutation(calls.retireSite, { invalidates: ALL_SITES });
/** A grant lets another company's people in: the server may want a fresh proof of the administrator. */
export const useShareSites = () => useCallMutation(calls.shareSites, { invalidates: ALL_SITES, freshProof: true });
export const useRevokeGrant = () => useCallMutation(calls.revokeGrant, { invalidates: ALL_SITES });
export const useUpdateGrant = () => useCallMutation(calls.updateGrant, { invalidates: ALL_SITES });

/** The open requests for the company's sites, paged by the server's cursor, and how many there are
 *  (every page answers the count: the tab's badge reads the first). */
export const accessRequestsQuery = () =>
  infiniteQueryOptions({
    queryKey: siteKeys.requests(),
    queryFn: ({ signal, pageParam }) =>
      call(accessRequestCalls.accessRequests, { status: 'open', cursor: pageParam }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/** An approval lets another company's person in: the server may want a fresh proof. */
export const useApproveAccessRequest = () =>
  useCallMutation(accessRequestCalls.approveAccessRequest, { invalidates: ALL_SITES, freshProof: true });
export const useRefuseAccessRequest = () =>
  useCallMutation(accessRequestCalls.refuseAccessRequest, { invalidates: ALL_SITES });

/** The longest access the company grants on request (docs/site-grants.md#the-owners-cap). */
export const accessRequestCapQuery = () =>
  queryOptions({
    queryKey: siteKeys.cap(),
    queryFn: ({ signal }) => call(accessRequestCalls.accessRequestCap, undefined, { signal }),
  });

export const useSaveAccessRequestCap = () =>
  useCallMutation(accessRequestCalls.saveAccessRequestCap, { invalidates: [siteKeys.cap()] });
