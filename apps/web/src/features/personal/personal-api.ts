import { type QueryKey, queryOptions } from '@tanstack/react-query';
import { personalCalls } from '../../lib/api-calls';
import { call } from '../../lib/api-client';
import type { CallView } from '../../lib/call-view';
import { useCallMutation } from '../../lib/use-call-mutation';
import { sessionKeys } from '../../session/session-queries';
import { accountSecurityKeys } from '../account-security/account-security-api';

/** The personal centre's calls: reads are query options under `personalKeys`, changes are mutations. */
export const personalKeys = {
  all: ['personal'] as const,
  allowModifyPassword: () => [...personalKeys.all, 'allow-modify-password'] as const,
};

export const allowModifyPasswordQuery = () =>
  queryOptions({
    queryKey: personalKeys.allowModifyPassword(),
    queryFn: ({ signal }) => call(personalCalls.allowModifyPassword, undefined, { signal }),
  });

/**
 * A change of one's details: afterwards the server's view of the user is fetched again, here and in
 * portal info, which the header and the other products of the origin (`_userInfo`) read, and whatever
 * else the change makes stale (`alsoStale`). A new phone or email needs a fresh proof of the person,
 * asked for when the server wants it.
 */
export function useChange<D extends CallView>(declaration: D, alsoStale: readonly QueryKey[] = []) {
  return useCallMutation(declaration, {
    freshProof: true,
    invalidates: (client) => {
      // fetched again without waiting: the change is told done once the user's own view is fresh
      for (const queryKey of alsoStale) void client.invalidateQueries({ queryKey });
      return Promise.all([
        client.invalidateQueries({ queryKey: sessionKeys.currentUser }),
        client.invalidateQueries({ queryKey: sessionKeys.portalInfo }),
      ]);
    },
  });
}

export const useUpdateNickname = () => useChange(personalCalls.updateNickname);
/** A new password ends every other session of the person: My sessions is fetched again. */
export const useUpdatePassword = () => useChange(personalCalls.updatePassword, [accountSecurityKeys.sessions()]);
