import { queryOptions } from '@tanstack/react-query';
import { portalCalls } from '../../lib/api-calls';
import { call } from '../../lib/api-client';
import { sessionKeys } from '../../session/session-queries';

export const homeKeys = {
  /** Under the session's keys, so a change of company or a sign-out drops them with the rest. */
  sites: (enterpriseId: number | null) => [...sessionKeys.all, 'portal-sites', enterpriseId] as const,
};

/** `GET F/portal/sites`: the launcher's site cards, for the session's current company. */
export const portalSitesQuery = (enterpriseId: number | null) =>
  queryOptions({
    queryKey: homeKeys.sites(enterpriseId),
    queryFn: ({ signal }) => call(portalCalls.portalSites, undefined, { signal }),
    // a grant may end at any moment: coming back to the page asks again
    staleTime: 0,
  });
