import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../lib/i18n';
import { useBranding } from '../session/branding';

const PLATFORM_FAVICON = '/favicon.svg';

function setFavicon(href: string): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  // A company icon may be PNG or JPEG: the type of the built-in SVG would be wrong for it.
  link.removeAttribute('type');
  if (link.getAttribute('href') !== href) link.href = href;
}

/**
 * `<html lang>`, the page title (the company's slogan, else the platform title) and the favicon
 * (the company's icon), following the language and the branding in effect.
 */
export function useDocumentBranding(): void {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const personalization = useBranding();

  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);

  useEffect(() => {
    document.title = personalization?.slogan || t('common.platformTitle');
    setFavicon(personalization?.icon || PLATFORM_FAVICON);
  }, [personalization, t]);
}
