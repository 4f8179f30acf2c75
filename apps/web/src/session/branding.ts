import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Personalization } from '@portal/shared/api/personalization';
import type { Language } from '@portal/shared/constants';
import { readToken } from '../lib/cookies';
import { currentLanguage } from '../lib/i18n';
import { companyDomainLabel } from '../lib/main-domain';
import { queryClient } from '../lib/query-client';
import { readEnterpriseConfig, writeEnterpriseConfig } from '../lib/storage';
import { fetchPersonalization } from './session-api';
import { sessionKeys } from './session-queries';

interface BrandingSource {
  /** The company of the sub-host, if the page is on one. */
  domain: string | null;
  /** With a session the answer is the session's current company's branding. */
  signedIn: boolean;
  /** The slogan is in the request language. */
  lang: Language;
}

const brandingKeys = {
  all: [...sessionKeys.all, 'branding'] as const,
  of: (source: BrandingSource) => [...brandingKeys.all, source] as const,
};

function brandingQueryOptions(source: BrandingSource) {
  return queryOptions({
    queryKey: brandingKeys.of(source),
    queryFn: async (): Promise<Personalization> => {
      const personalization = await fetchPersonalization(source.domain ? { domain: source.domain } : {});
      // `_enterpriseConfig` is the current company's, for the other products: only with a session.
      if (source.signedIn) writeEnterpriseConfig(personalization);
      return personalization;
    },
  });
}

/**
 * The branding in effect (favicon, page title, brand mark): the signed-in person's current company,
 * else the company of the sub-host; null means the platform's own. Until the answer arrives, the
 * stored copy keeps the company's title and icon across a reload, and a change of language keeps
 * the previous answer on screen.
 */
export function useBranding(): Personalization | null {
  // re-renders on a change of language, which asks for the slogan in it
  useTranslation();
  const domain = companyDomainLabel() ?? null;
  const signedIn = Boolean(readToken());
  const wanted = signedIn || domain !== null;
  const { data } = useQuery({
    ...brandingQueryOptions({ domain, signedIn, lang: currentLanguage() }),
    enabled: wanted,
    placeholderData: keepPreviousData,
  });
  if (!wanted) return null;
  return data ?? (signedIn ? readEnterpriseConfig() : null);
}

/** Asks for the branding again, after a change to it. */
export function loadBranding(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: brandingKeys.all });
}
