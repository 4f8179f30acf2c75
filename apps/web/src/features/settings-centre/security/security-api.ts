import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@portal/shared/api/paths';
import type { SecuritySettings, SecurityState } from '@portal/shared/api/two-step';
import { apiClient } from '../../../lib/api-client';
import { settingsKeys } from '../settings-api';

/** The company's sign-in rules (contract: `S`), on the session's current company. */
export const securityQuery = () =>
  queryOptions({
    queryKey: [...settingsKeys.all, 'security'] as const,
    queryFn: ({ signal }) => apiClient.get<SecurityState>(apiPaths.security, { signal }),
  });

export function useSaveSecurity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SecuritySettings) => apiClient.post<null>(apiPaths.saveSecurity, body),
    onSuccess: (_answer, body) =>
      client.setQueryData(securityQuery().queryKey, (state) => (state ? { ...state, ...body } : state)),
  });
}
