import type { SessionResponse } from '@portal/shared/api/auth';
import { apiPaths } from '@portal/shared/api/paths';
import type { TwoStepSignInRequest } from '@portal/shared/api/two-step';
import { type CallOptions, apiClient } from '../../lib/api-client';

/** The second step of a sign-in: the first step's ticket and a code. */
export function requestTwoStepSignIn(body: TwoStepSignInRequest, options?: CallOptions): Promise<SessionResponse> {
  return apiClient.post<SessionResponse>(apiPaths.loginTwoStep, body, options);
}
