import { ApiError } from '../lib/api-error';
import { readToken } from '../lib/cookies';
import { companyDomainLabel } from '../lib/main-domain';
import { writeEnterpriseConfig } from '../lib/storage';
import { useBranding } from '../stores/branding-store';
import { fetchPersonalization } from './session-api';

/**
 * Fetches the branding in effect: the signed-in user's current company, else the company of the
 * sub-host. Its slogan follows the request language, so this runs again when the language changes.
 * A failure leaves the branding as it was: the api client has told the user already.
 */
export async function loadBranding(): Promise<void> {
  const domain = companyDomainLabel();
  if (!readToken() && !domain) {
    useBranding.getState().clear();
    return;
  }
  try {
    const personalization = await fetchPersonalization(domain ? { domain } : {});
    useBranding.getState().setPersonalization(personalization);
    // `_enterpriseConfig` is the current company's, for the other products: only with a session.
    if (readToken()) writeEnterpriseConfig(personalization);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
  }
}
