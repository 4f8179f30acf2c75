import { startRegistration } from '@simplewebauthn/browser';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddPasskeyRequest } from '@portal/shared/api/passkeys';
import { type WithFreshProof, useFreshProof } from '../../components/fresh-proof';
import { accountSecurityCalls as calls } from '../../lib/api-calls';
import { type OptionsOf, call } from '../../lib/api-client';
import type { RequestOf } from '../../lib/call-view';
import { passkeysKey } from '../../lib/passkeys-api';
import { twoStepKeys } from '../../lib/two-step-api';
import { useCallMutation } from '../../lib/use-call-mutation';

/** The person's two-step sign-in, sessions and passkeys: reads are query options under
 *  `accountSecurityKeys` (the two-step state under `twoStepKeys`), changes are mutations. */
export const accountSecurityKeys = {
  all: ['account-security'] as const,
  twoStepSetup: () => [...twoStepKeys.all, 'setup'] as const,
  sessions: () => [...accountSecurityKeys.all, 'sessions'] as const,
  // the passkeys' list is read by the fresh-proof dialog too: its key and query live in lib
  passkeys: passkeysKey,
};

// two-step sign-in

/** A new pending secret on every mount of the set-up (a repeat replaces the pending one on the server),
 *  after a fresh proof of the person when the server wants one. */
export const twoStepSetupQuery = (withFreshProof: WithFreshProof) =>
  queryOptions({
    queryKey: accountSecurityKeys.twoStepSetup(),
    queryFn: () => withFreshProof((proven) => call(calls.twoStepSetup, undefined, proven)),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

/** Under a company's requirement, the code the set-up also needs, sent to the verified email or phone. */
export function sendTwoStepSetupCode(options?: OptionsOf<typeof calls.twoStepSetupCode>) {
  return call(calls.twoStepSetupCode, undefined, options);
}

export function confirmTwoStep(
  body: RequestOf<typeof calls.twoStepConfirm>,
  options?: OptionsOf<typeof calls.twoStepConfirm>,
) {
  return call(calls.twoStepConfirm, body, options);
}

export const useDisableTwoStep = () => useCallMutation(calls.twoStepDisable);

// sessions

/** My sessions, a page at a time: each page asks for the one after through the last `nextCursor`. */
export const mySessionsQuery = (pageSize: number) =>
  infiniteQueryOptions({
    queryKey: [...accountSecurityKeys.sessions(), pageSize] as const,
    queryFn: ({ signal, pageParam }) => call(calls.mySessions, { pageSize, cursor: pageParam }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/** Whatever the answer (a session already gone answers 1009150), the list is fetched again. Signing
 *  out everywhere needs a fresh proof of the person, asked for when the server wants it. */
const revoke = { invalidates: [accountSecurityKeys.sessions()], invalidatesOnFailure: true, freshProof: true };

export const useRevokeSession = () => useCallMutation(calls.revokeMySession, revoke);
export const useRevokeOtherSessions = () => useCallMutation(calls.revokeMyOtherSessions, revoke);

// passkeys

/**
 * Adds a passkey: the server's options, the browser's ceremony (its own dialog: fingerprint, face,
 * screen lock or a security key), then the answer with the name. The browser's refusal (cancelled,
 * timed out, a passkey of this account already on the authenticator) rejects with its own error.
 * Both calls need a fresh proof of the person, asked for when the server wants it.
 */
export async function createPasskey(
  name: string | undefined,
  withFreshProof: WithFreshProof,
  options?: OptionsOf<typeof calls.addPasskey>,
) {
  // the caller's handlers, for those of its codes the first call may answer
  const first: OptionsOf<typeof calls.passkeyRegistrationOptions> | undefined = options;
  const optionsJSON = await withFreshProof(
    (proven) => call(calls.passkeyRegistrationOptions, undefined, proven),
    first,
  );
  // the shared schema's `type` is a plain string; WebAuthn knows only 'public-key'
  const response = await startRegistration({
    optionsJSON: optionsJSON as Parameters<typeof startRegistration>[0]['optionsJSON'],
  });
  const body: AddPasskeyRequest = { response: response as AddPasskeyRequest['response'], ...(name ? { name } : {}) };
  return withFreshProof((proven) => call(calls.addPasskey, body, proven), options);
}

/** The browser's ceremony between two calls (`createPasskey`): a flow of its own, not one call. */
export function useAddPasskey() {
  const client = useQueryClient();
  const withFreshProof = useFreshProof();
  return useMutation({
    mutationFn: ({ name, options }: { name: string | undefined; options?: OptionsOf<typeof calls.addPasskey> }) =>
      createPasskey(name, withFreshProof, options),
    onSuccess: () => client.invalidateQueries({ queryKey: accountSecurityKeys.passkeys() }),
  });
}

export const useRenamePasskey = () =>
  useCallMutation(calls.renamePasskey, { invalidates: [accountSecurityKeys.passkeys()] });

/** Removing a passkey takes a way in away: it needs a fresh proof of the person, asked for when the
 *  server wants one. */
export const useRemovePasskey = () =>
  useCallMutation(calls.removePasskey, { invalidates: [accountSecurityKeys.passkeys()], freshProof: true });
