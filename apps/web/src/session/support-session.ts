import { useQuery } from '@tanstack/react-query';
import { portalCalls } from '../lib/api-calls';
import { call } from '../lib/api-client';
import { readToken } from '../lib/cookies';

/** Outside `sessionKeys`: a refresh of the session's answers (after a change of company) does not wait
 *  for these; a sign-out clears them with every answer. */
export const supportKeys = {
  all: ['support'] as const,
  session: ['support', 'session'] as const,
  companies: ['support', 'companies'] as const,
};

/** How often a support session asks who acts: the window's end or a revoke signs it out within it. */
const SUPPORT_POLL_MS = 3_000;

/** Who acts as the platform's support in this session: null for anyone else. While it acts, it is
 *  asked again every few seconds, so that the end of the window signs the support out (401). */
export function useSupportSession() {
  return useQuery({
    queryKey: supportKeys.session,
    queryFn: ({ signal }) => call(portalCalls.supportSession, undefined, { signal }),
    enabled: Boolean(readToken()),
    refetchInterval: (query) => (query.state.data?.support ? SUPPORT_POLL_MS : false),
  });
}

/** The companies a support person may enter now (none for anyone else). */
export function useSupportCompanies() {
  return useQuery({
    queryKey: supportKeys.companies,
    queryFn: ({ signal }) => call(portalCalls.supportCompanies, undefined, { signal }),
    enabled: Boolean(readToken()),
  });
}
