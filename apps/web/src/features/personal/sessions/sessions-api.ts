import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@portal/shared/api/paths';
import type {
  MySession,
  RevokeOtherSessionsResponse,
  RevokeSessionRequest,
  RevokeSessionResponse,
} from '@portal/shared/api/sessions';
import { useFreshProof } from '../../../components/fresh-proof';
import { type CallOptions, apiClient } from '../../../lib/api-client';
import { personalKeys } from '../personal-api';

/** The person's own sessions: the list, and ending one or all the others. */
export const sessionsKeys = {
  list: () => [...personalKeys.all, 'sessions'] as const,
};

export const mySessionsQuery = () =>
  queryOptions({
    queryKey: sessionsKeys.list(),
    queryFn: ({ signal }) => apiClient.get<MySession[]>(apiPaths.mySessions, { signal }),
  });

interface Call<Body> {
  body: Body;
  options?: CallOptions;
}

/** Whatever the answer (a session already gone answers 1009150), the list is fetched again. Signing
 *  out everywhere needs a fresh proof of the person, asked for when the server wants it. */
function useRevoke<Body, Answer>(path: string) {
  const client = useQueryClient();
  const withFreshProof = useFreshProof();
  return useMutation({
    mutationFn: ({ body, options }: Call<Body>) =>
      withFreshProof((proven) => apiClient.post<Answer>(path, body, proven), options),
    onSettled: () => client.invalidateQueries({ queryKey: sessionsKeys.list() }),
  });
}

export const useRevokeSession = () => useRevoke<RevokeSessionRequest, RevokeSessionResponse>(apiPaths.revokeMySession);
export const useRevokeOtherSessions = () =>
  useRevoke<undefined, RevokeOtherSessionsResponse>(apiPaths.revokeMyOtherSessions);
