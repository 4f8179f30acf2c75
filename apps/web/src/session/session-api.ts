import type { PersonalizationQuery } from '@portal/shared/api/personalization';
import { brandingCalls, personalCalls, portalCalls, signInCalls } from '../lib/api-calls';
import { type OptionsOf, call } from '../lib/api-client';

export function logout(options?: OptionsOf<typeof signInCalls.logout>) {
  return call(signInCalls.logout, undefined, options);
}

export function fetchCurrentUser(signal?: AbortSignal) {
  return call(signInCalls.currentUser, undefined, { signal });
}

export function fetchPortalInfo() {
  return call(portalCalls.portalInfo);
}

export function enterEnterprise(enterpriseId: number) {
  return call(portalCalls.enterEnterprise, { enterpriseId });
}

/** With a session: its current company's branding; `domain` names the company of a sub-host. */
export function fetchPersonalization(query: PersonalizationQuery) {
  return call(brandingCalls.personalization, query);
}

/** The deadline by which the account's phone must be verified. */
export function fetchCertification() {
  return call(personalCalls.certification);
}
