import { useEffect } from 'react';
import { LANGUAGE_CHECK_INTERVAL_MS } from '@portal/shared/constants';
import { readLangCookie } from '../lib/cookies';
import { i18n } from '../lib/i18n';

/**
 * The other products on the main domain can change the language cookie; the spec has the portal
 * notice within a second and switch the whole view.
 */
export function useLanguageSync(): void {
  useEffect(() => {
    const timer = setInterval(() => {
      const stored = readLangCookie();
      if (stored && stored !== i18n.language) void i18n.changeLanguage(stored);
    }, LANGUAGE_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
}
