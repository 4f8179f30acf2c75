import { queryOptions } from '@tanstack/react-query';
import { apiPaths } from '@portal/shared/api/paths';
import type {
  TwoStepConfirmRequest,
  TwoStepConfirmResponse,
  TwoStepSetup,
  TwoStepState,
} from '@portal/shared/api/two-step';
import type { WithFreshProof } from '../components/fresh-proof';
import { type CallOptions, apiClient } from './api-client';

/** Two-step sign-in calls shared by the personal centre and the set-up a company requires. */
export const twoStepKeys = {
  all: ['two-step'] as const,
  state: () => [...twoStepKeys.all, 'state'] as const,
  setup: () => [...twoStepKeys.all, 'setup'] as const,
};

export const twoStepStateQuery = () =>
  queryOptions({
    queryKey: twoStepKeys.state(),
    queryFn: ({ signal }) => apiClient.get<TwoStepState>(apiPaths.twoStep, { signal }),
  });

/** A new pending secret on every mount of the set-up (a repeat replaces the pending one on the server),
 *  after a fresh proof of the person when the server wants one. */
export const twoStepSetupQuery = (withFreshProof: WithFreshProof) =>
  queryOptions({
    queryKey: twoStepKeys.setup(),
    queryFn: () => withFreshProof((proven) => apiClient.post<TwoStepSetup>(apiPaths.twoStepSetup, undefined, proven)),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

export function confirmTwoStep(body: TwoStepConfirmRequest, options?: CallOptions): Promise<TwoStepConfirmResponse> {
  return apiClient.post<TwoStepConfirmResponse>(apiPaths.twoStepConfirm, body, options);
}
