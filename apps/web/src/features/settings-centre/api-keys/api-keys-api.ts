import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { integrationCalls as calls } from '../../../lib/integration-calls';
import { useCallMutation } from '../../../lib/use-call-mutation';
import { settingsKeys } from '../settings-api';

/** The company's API keys (docs/integrations.md): listed with their prefix, never the key again. */
const apiKeysKey = [...settingsKeys.all, 'api-keys'] as const;

export const apiKeysQuery = () =>
  queryOptions({
    queryKey: apiKeysKey,
    queryFn: ({ signal }) => call(calls.apiKeys, undefined, { signal }),
  });

/** A key is a credential handed out: the server may first want a fresh proof of the administrator. */
export const useCreateApiKey = () =>
  useCallMutation(calls.createApiKey, { invalidates: [apiKeysKey], freshProof: true });

export const useRevokeApiKey = () => useCallMutation(calls.revokeApiKey, { invalidates: [apiKeysKey] });
