import { queryOptions } from '@tanstack/react-query';
import type { InvitationKind } from '@portal/shared/api/registration';
import { registrationCalls } from '../../lib/api-calls';
import { type OptionsOf, call } from '../../lib/api-client';
import type { RequestOf } from '../../lib/call-view';

export const referralQuery = (referralId: string) =>
  queryOptions({
    queryKey: ['registration', 'referral', referralId],
    // The flow says every failure itself: the link-invalid page, or a retry button in place.
    queryFn: ({ signal }) => call(registrationCalls.referralInfo, { id: referralId }, { silent: true, signal }),
    // Only the open flow needs it: a later visit of the link (used by then, say) asks again.
    gcTime: 0,
  });

/** What the phone's ticket is to the link: whether the phone has an account, and whether that is in
 *  the company already. */
export function signUpCheck(
  body: RequestOf<typeof registrationCalls.signUpCheck>,
  options?: OptionsOf<typeof registrationCalls.signUpCheck>,
) {
  return call(registrationCalls.signUpCheck, body, options);
}

/** A member link: the account joins the link's company. */
export function memberSignUp(
  body: RequestOf<typeof registrationCalls.memberSignUp>,
  options?: OptionsOf<typeof registrationCalls.memberSignUp>,
) {
  return call(registrationCalls.memberSignUp, body, options);
}

/** An `admin` link creates a common company, an `owner` link an owner company; the request is the same. */
const ENTERPRISE_SIGN_UP = { admin: registrationCalls.adminSignUp, owner: registrationCalls.ownerSignUp } as const;
type EnterpriseSignUp = (typeof ENTERPRISE_SIGN_UP)[keyof typeof ENTERPRISE_SIGN_UP];

/** An administrator or owner link: the account and its new company. */
export function enterpriseSignUp(
  kind: Exclude<InvitationKind, 'member'>,
  body: RequestOf<EnterpriseSignUp>,
  options?: OptionsOf<EnterpriseSignUp>,
) {
  return call(ENTERPRISE_SIGN_UP[kind], body, options);
}
