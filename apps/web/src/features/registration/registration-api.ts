import { apiPaths, fillPath } from '@portal/shared/api/paths';
import type { TicketResponse } from '@portal/shared/api/codes';
import type {
  EnterpriseSignUpRequest,
  JoinEnterpriseRequest,
  MemberSignUpRequest,
  ReferralInfo,
  RegistrationAnswer,
  SignUpCheckRequest,
  SignUpCheckResponse,
} from '@portal/shared/api/registration';
import { type CallOptions, apiClient } from '../../lib/api-client';

export function fetchReferralInfo(referralId: string, options?: CallOptions): Promise<ReferralInfo> {
  return apiClient.get<ReferralInfo>(fillPath(apiPaths.referralInfo, { id: referralId }), options);
}

/** Trades the `register` code for the ticket the registering call spends. */
export function checkRegisterCode(phone: string, code: string, options?: CallOptions): Promise<TicketResponse> {
  return apiClient.post<TicketResponse>(apiPaths.checkPhoneCode, { phone, code, scene: 'register' }, options);
}

export function checkSignUp(body: SignUpCheckRequest, options?: CallOptions): Promise<SignUpCheckResponse> {
  return apiClient.post<SignUpCheckResponse>(apiPaths.signUpCheck, body, options);
}

const ENTERPRISE_SIGN_UP = { admin: apiPaths.adminSignUp, owner: apiPaths.ownerSignUp } as const;

/** An `admin` link creates a common company, an `owner` link an owner company; the body is the same. */
export function signUpEnterprise(
  kind: 'admin' | 'owner',
  body: EnterpriseSignUpRequest,
  options?: CallOptions,
): Promise<RegistrationAnswer> {
  return apiClient.post<RegistrationAnswer>(ENTERPRISE_SIGN_UP[kind], body, options);
}

export function signUpMember(body: MemberSignUpRequest, options?: CallOptions): Promise<RegistrationAnswer> {
  return apiClient.post<RegistrationAnswer>(apiPaths.memberSignUp, body, options);
}

export function joinEnterprise(body: JoinEnterpriseRequest, options?: CallOptions): Promise<RegistrationAnswer> {
  return apiClient.post<RegistrationAnswer>(apiPaths.bindEnterprise, body, options);
}
