import Cookies from 'js-cookie';
import { type Language, SESSION_MAX_DAYS, isLanguage } from '@portal/shared/constants';
import { COOKIE_ENTERPRISE_ID, COOKIE_LANG, COOKIE_TOKEN } from '@portal/shared/cookies';
import { pageMainDomain } from './main-domain';

const LONG_LIVED_DAYS = 365;
const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** Attributes shared by every portal cookie, so that the other products on the main domain see them. */
export function cookieAttributes(): Cookies.CookieAttributes {
  const { hostname, protocol } = window.location;
  // A Secure cookie cannot be set from a plain-http page, so SameSite=None (which needs Secure)
  // is only possible on https; localhost and plain http stay on Lax (docs/portal-and-products.md#browser-storage).
  const crossSite = protocol === 'https:' && !LOCAL_HOSTS.includes(hostname);
  // A browser drops a cookie whose Domain does not cover the page's host: host-only then.
  const domain = pageMainDomain();
  return {
    path: '/',
    ...(domain ? { domain } : {}),
    ...(crossSite ? { sameSite: 'None', secure: true } : { sameSite: 'Lax' }),
  };
}

function write(name: string, value: string, expires: Date | number): void {
  Cookies.set(name, value, { ...cookieAttributes(), expires });
}

function remove(name: string): void {
  const attributes = cookieAttributes();
  Cookies.remove(name, attributes);
  // A host-only copy left from before MAIN_DOMAIN was configured would keep the user signed in.
  if (attributes.domain) Cookies.remove(name, { path: '/' });
}

export function readToken(): string | undefined {
  return Cookies.get(COOKIE_TOKEN) || undefined;
}

/** `expiresAt` comes from sign-in; a token handed over by another product gets the session maximum. */
export function writeToken(token: string, expiresAt?: string): void {
  const until = expiresAt ? new Date(expiresAt) : null;
  write(COOKIE_TOKEN, token, until && !Number.isNaN(until.getTime()) ? until : SESSION_MAX_DAYS);
}

export function removeToken(): void {
  remove(COOKIE_TOKEN);
}

export function readEnterpriseId(): number | undefined {
  const value = Number(Cookies.get(COOKIE_ENTERPRISE_ID));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

export function writeEnterpriseId(id: number): void {
  write(COOKIE_ENTERPRISE_ID, String(id), LONG_LIVED_DAYS);
}

export function removeEnterpriseId(): void {
  remove(COOKIE_ENTERPRISE_ID);
}

export function readLangCookie(): Language | undefined {
  const value = Cookies.get(COOKIE_LANG);
  return isLanguage(value) ? value : undefined;
}

export function writeLangCookie(lang: Language): void {
  write(COOKIE_LANG, lang, LONG_LIVED_DAYS);
}
