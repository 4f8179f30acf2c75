import { RESERVED_DOMAINS } from '@portal/shared/constants';

/** The server writes this meta tag into index.html when MAIN_DOMAIN is configured. */
const MAIN_DOMAIN_META = 'portal:main-domain';

/** The main domain, when the page is served on it or on one of its sub-hosts. */
export function pageMainDomain(): string | undefined {
  // the build renders the sign-in page without a document: it belongs to no host
  if (typeof document === 'undefined') return undefined;
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${MAIN_DOMAIN_META}"]`)?.content.trim();
  if (!content) return undefined;
  const host = window.location.hostname.toLowerCase();
  const domain = content.replace(/^\./, '').toLowerCase();
  return host === domain || host.endsWith(`.${domain}`) ? domain : undefined;
}

/**
 * The company of a sub-host `<domain>.<main domain>`, whose branding the sign-in page shows.
 * Deeper hosts and the platform's reserved names (www, dev, test, ...) belong to no company.
 */
export function companyDomainLabel(): string | undefined {
  const domain = pageMainDomain();
  if (!domain) return undefined;
  const host = window.location.hostname.toLowerCase();
  const label = host.slice(0, -(domain.length + 1));
  if (!label || label.includes('.') || RESERVED_DOMAINS.includes(label)) return undefined;
  return label;
}
