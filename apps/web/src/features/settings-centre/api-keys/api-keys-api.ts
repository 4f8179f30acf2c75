import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useFreshProof } from '../../../components/fresh-proof';
import { call } from '../../../lib/api-client';
import { integrationCalls as calls } from '../../../lib/integration-calls';
import { type Change, settingsKeys } from '../settings-api';

/** The company's API keys (docs/integrations.md): listed with their prefix, never the key again. */
const apiKeysKey = [...settingsKeys.all, 'api-keys'] as const;

export const apiKeysQuery = () =>
  queryOptions({
    queryKey: apiKeysKey,
    queryFn: ({ signal }) => call(calls.apiKeys, undefined, { signal }),
  });

/** A key is a credential handed out: the server may first want a fresh proof of the administrator. */
export function useCreateApiKey() {
  const client = useQueryClient();
  const withFreshProof = useFreshProof();
  return useMutation({
    mutationFn: ({ body, options }: Change<typeof calls.createApiKey>) =>
      withFreshProof((proven) => call(calls.createApiKey, body, proven), options),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, options }: Change<typeof calls.revokeApiKey>) => call(calls.revokeApiKey, body, options),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
