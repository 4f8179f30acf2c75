import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AddPasskeyRequest,
  Passkey,
  RegistrationOptions,
  RemovePasskeyRequest,
  RenamePasskeyRequest,
} from '@portal/shared/api/passkeys';
import { apiPaths } from '@portal/shared/api/paths';
import { startRegistration } from '@simplewebauthn/browser';
import { type WithFreshProof, useFreshProof } from '../../../components/fresh-proof';
import { type CallOptions, apiClient } from '../../../lib/api-client';

/** The personal centre's passkeys: the list, and adding, renaming and removing one. */
export const passkeyKeys = {
  all: ['personal', 'passkeys'] as const,
};

export const passkeysQuery = () =>
  queryOptions({
    queryKey: passkeyKeys.all,
    queryFn: ({ signal }) => apiClient.get<Passkey[]>(apiPaths.passkeys, { signal }),
  });

/**
 * Adds a passkey: the server's options, the browser's ceremony (its own dialog: fingerprint, face,
 * screen lock or a security key), then the answer with the name. The browser's refusal (cancelled,
 * timed out, a passkey of this account already on the authenticator) rejects with its own error.
 * Both calls need a fresh proof of the person, asked for when the server wants it.
 */
export async function createPasskey(
  name: string | undefined,
  withFreshProof: WithFreshProof,
  options?: CallOptions,
): Promise<Passkey> {
  const optionsJSON = await withFreshProof(
    (proven) => apiClient.post<RegistrationOptions>(apiPaths.passkeyRegistrationOptions, undefined, proven),
    options,
  );
  // the shared schema's `type` is a plain string; WebAuthn knows only 'public-key'
  const response = await startRegistration({
    optionsJSON: optionsJSON as Parameters<typeof startRegistration>[0]['optionsJSON'],
  });
  const body: AddPasskeyRequest = { response: response as AddPasskeyRequest['response'], ...(name ? { name } : {}) };
  return withFreshProof((proven) => apiClient.post<Passkey>(apiPaths.passkeys, body, proven), options);
}

function useRefreshingMutation<Variables>(mutationFn: (variables: Variables) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.all }),
  });
}

export function useAddPasskey() {
  const withFreshProof = useFreshProof();
  return useRefreshingMutation(({ name, options }: { name: string | undefined; options?: CallOptions }) =>
    createPasskey(name, withFreshProof, options),
  );
}

export function useRenamePasskey() {
  return useRefreshingMutation(({ body, options }: { body: RenamePasskeyRequest; options?: CallOptions }) =>
    apiClient.post<null>(apiPaths.renamePasskey, body, options),
  );
}

export function useRemovePasskey() {
  return useRefreshingMutation(({ body }: { body: RemovePasskeyRequest }) =>
    apiClient.post<null>(apiPaths.removePasskey, body),
  );
}
