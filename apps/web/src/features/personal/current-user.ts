import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@portal/shared/api/auth';
import { currentUserQueryOptions, useSessionUser } from '../../session/session-queries';

/**
 * The signed-in user as the server knows them now (another tab or product may have changed them);
 * the session's copy shows until the answer arrives.
 */
export function useCurrentUser(): CurrentUser | null {
  const session = useSessionUser();
  return useQuery(currentUserQueryOptions()).data ?? session;
}
