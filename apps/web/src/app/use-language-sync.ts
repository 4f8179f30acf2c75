import { useEffect } from 'react';
import { LANGUAGE_CHECK_INTERVAL_MS } from '@portal/shared/constants';
import { readLangCookie } from '../lib/cookies';
import { i18n } from '../lib/i18n';

/**
 * The other products on the main domain can change the language cookie; the portal notices within
 * LANGUAGE_CHECK_INTERVAL_MS and switches the whole view (docs/portal-and-products.md#languages-and-themes).
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
