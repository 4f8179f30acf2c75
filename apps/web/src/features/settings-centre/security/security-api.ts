import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SecuritySettings } from '@portal/shared/api/two-step';
import { settingsCalls } from '../../../lib/api-calls';
import { call } from '../../../lib/api-client';
import { settingsKeys } from '../settings-api';

/** The company's sign-in rules (docs/settings-centre.md#security), on the session's current company. */
export const securityQuery = () =>
  queryOptions({
    queryKey: [...settingsKeys.all, 'security'] as const,
    queryFn: ({ signal }) => call(settingsCalls.security, undefined, { signal }),
  });

export function useSaveSecurity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SecuritySettings) => call(settingsCalls.saveSecurity, body),
    onSuccess: (_answer, body) =>
      client.setQueryData(securityQuery().queryKey, (state) => (state ? { ...state, ...body } : state)),
  });
}
