import { type QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useFreshProof } from '../components/fresh-proof';
import { type OptionsOf, call } from './api-client';
import type { AnswerOf, CallView, RequestOf } from './call-view';

/** A change's variables: the request (`Body` where the hook builds the request from it), and how the
 *  caller shows which of its call's failures. */
export interface Change<V extends CallView, Body = RequestOf<V>> {
  body: Body;
  options?: OptionsOf<V>;
}

/** A call that sends nothing is made with no variables at all. */
export type ChangeOf<V extends CallView> = undefined extends RequestOf<V> ? Change<V> | void : Change<V>;

export interface CallMutationOptions<V extends CallView> {
  /**
   * What the change makes stale: these queries are fetched again, and the change is told done once
   * they are; or, for more than that, what to do instead (the shell's branding besides a query).
   */
  invalidates?: readonly QueryKey[] | ((client: QueryClient) => Promise<unknown>);
  /** Invalidated after a refusal too: the change may have been made all the same (a session already gone). */
  invalidatesOnFailure?: boolean;
  /** The server may want a fresh proof of the person first (1009166): they are asked for it, and the
   *  call is made again (components/fresh-proof.tsx). */
  freshProof?: boolean;
  /** What the screen does with the answer, once what it made stale is fresh. */
  onSuccess?: (answer: AnswerOf<V>, variables: ChangeOf<V>) => unknown;
}

/**
 * The one way a screen changes something on the server: a mutation of one declared call, which makes
 * stale what the call changed and asks for a fresh proof where the call may need one. Its variables
 * are the request and the caller's handling of the call's codes (`Change`).
 */
export function useCallMutation<V extends CallView>(declaration: V, settings: CallMutationOptions<V> = {}) {
  const { invalidates = [], invalidatesOnFailure = false, freshProof = false, onSuccess } = settings;
  const client = useQueryClient();
  const withFreshProof = useFreshProof();

  function refresh(): Promise<unknown> {
    if (typeof invalidates === 'function') return invalidates(client);
    return Promise.all(invalidates.map((queryKey) => client.invalidateQueries({ queryKey })));
  }

  return useMutation({
    mutationFn: (variables: ChangeOf<V>): Promise<AnswerOf<V>> => {
      const { body, options } = (variables ?? {}) as Partial<Change<V>>;
      return freshProof
        ? withFreshProof((proven) => call(declaration, body, proven), options)
        : call(declaration, body, options);
    },
    onSuccess: async (answer, variables) => {
      if (!invalidatesOnFailure) await refresh();
      await onSuccess?.(answer, variables);
    },
    onSettled: () => (invalidatesOnFailure ? refresh() : undefined),
  });
}
