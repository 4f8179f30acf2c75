import { apiPaths, fillPath } from '@portal/shared/api/paths';
import type {
  EnterpriseSignUpRequest,
  JoinEnterpriseRequest,
  MemberSignUpRequest,
  ReferralInfo,
  RegistrationResponse,
  SignUpCheckRequest,
  SignUpCheckResponse,
} from '@portal/shared/api/registration';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { apiClient } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';

export function fetchReferralInfo(referralId: string): Promise<ReferralInfo> {
  return apiClient.get<ReferralInfo>(fillPath(apiPaths.referralInfo, { id: referralId }));
}

export function checkSignUp(body: SignUpCheckRequest): Promise<SignUpCheckResponse> {
  return apiClient.post<SignUpCheckResponse>(apiPaths.signUpCheck, body);
}

const ENTERPRISE_SIGN_UP = { admin: apiPaths.adminSignUp, owner: apiPaths.ownerSignUp } as const;

/** An `admin` link creates a common company, an `owner` link an owner company; the body is the same. */
export function signUpEnterprise(
  kind: 'admin' | 'owner',
  body: EnterpriseSignUpRequest,
): Promise<RegistrationResponse> {
  return apiClient.post<RegistrationResponse>(ENTERPRISE_SIGN_UP[kind], body);
}

export function signUpMember(body: MemberSignUpRequest): Promise<RegistrationResponse> {
  return apiClient.post<RegistrationResponse>(apiPaths.memberSignUp, body);
}

export function joinEnterprise(body: JoinEnterpriseRequest): Promise<RegistrationResponse> {
  return apiClient.post<RegistrationResponse>(apiPaths.bindEnterprise, body);
}

/** Every redeeming call answers a used, expired, revoked or unknown link with 1008110 (contract). */
export function isLinkRejected(error: unknown): boolean {
  return error instanceof ApiError && error.code === ErrorCode.RegistrationFailed;
}

/** The ticket of step 2 expired (15 minutes) or was refused: the phone has to be verified again. */
export function isTicketRejected(error: unknown): boolean {
  return error instanceof ApiError && error.code === ErrorCode.CodeInvalid;
}
