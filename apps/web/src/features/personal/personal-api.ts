import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@portal/shared/api/paths';
import type { CurrentUser } from '@portal/shared/api/auth';
import type {
  AllowModifyPassword,
  UpdateEmailRequest,
  UpdateNicknameRequest,
  UpdatePasswordRequest,
  UpdatePasswordResponse,
  UpdatePhoneRequest,
} from '@portal/shared/api/personal';
import { useFreshProof } from '../../components/fresh-proof';
import { type CallOptions, apiClient } from '../../lib/api-client';
import { sessionKeys } from '../../session/session-queries';

/** The personal centre's calls: reads are query options under `personalKeys`, changes are mutations. */
export const personalKeys = {
  all: ['personal'] as const,
  currentUser: () => [...personalKeys.all, 'current-user'] as const,
  allowModifyPassword: () => [...personalKeys.all, 'allow-modify-password'] as const,
};

/** A mutation's variables: the request body, and how the caller shows which failures. */
export interface Call<Body> {
  body: Body;
  options?: CallOptions;
}

export const currentUserQuery = () =>
  queryOptions({
    queryKey: personalKeys.currentUser(),
    queryFn: ({ signal }) => apiClient.get<CurrentUser>(apiPaths.currentUser, { signal }),
  });

export const allowModifyPasswordQuery = () =>
  queryOptions({
    queryKey: personalKeys.allowModifyPassword(),
    queryFn: ({ signal }) => apiClient.get<AllowModifyPassword>(apiPaths.allowModifyPassword, { signal }),
  });

/**
 * A change of one's details: afterwards the server's view of the user is fetched again, here and in
 * portal info, which the header and the other products of the origin (`_userInfo`) read. A new phone
 * or email needs a fresh proof of the person, asked for when the server wants it.
 */
function useChange<Body, Answer = null>(path: string) {
  const client = useQueryClient();
  const withFreshProof = useFreshProof();
  return useMutation({
    mutationFn: ({ body, options }: Call<Body>) =>
      withFreshProof((proven) => apiClient.post<Answer>(path, body, proven), options),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: personalKeys.currentUser() }),
        client.invalidateQueries({ queryKey: sessionKeys.portalInfo }),
      ]),
  });
}

export const useUpdateNickname = () => useChange<UpdateNicknameRequest>(apiPaths.updateNickname);
export const useUpdatePhone = () => useChange<UpdatePhoneRequest>(apiPaths.updatePhone);
export const useUpdateEmail = () => useChange<UpdateEmailRequest>(apiPaths.updateEmail);
export const useUpdatePassword = () =>
  useChange<UpdatePasswordRequest, UpdatePasswordResponse>(apiPaths.updatePassword);
