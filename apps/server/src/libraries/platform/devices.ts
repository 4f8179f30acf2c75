import ipaddr from 'ipaddr.js';
import { UAParser } from 'ua-parser-js';
import type { SessionDevice } from '@portal/shared/api/sessions';

/** A `User-Agent` is kept up to this many characters: enough for every real browser's. */
export const USER_AGENT_MAX = 512;

/** Where a session is opened from, as the server saw the request. */
export interface SessionClient {
  ip: string | null;
  userAgent: string | null;
}

/** The stored form of a `User-Agent` header: trimmed, cut to its limit, null when absent. */
export function storedUserAgent(header: string | string[] | undefined): string | null {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  return value ? value.slice(0, USER_AGENT_MAX) : null;
}

function parse(userAgent: string | null) {
  return new UAParser(userAgent ?? '').getResult();
}

const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ') || null;

/** Browser and system with their major versions ("Chrome 126", "Windows 10"), and the kind of device. */
export function describeDevice(userAgent: string | null): SessionDevice {
  const { browser, os, device } = parse(userAgent);
  const type =
    device.type === 'mobile' || device.type === 'tablet'
      ? device.type
      : device.type === undefined && (browser.name || os.name)
        ? 'desktop'
        : 'other';
  return { browser: join(browser.name, browser.major), os: join(os.name, os.version), type };
}

/**
 * The device family a sign-in is compared by to tell a new device: the browser and the system,
 * without versions (an update is not a new device). A client that says nothing has the empty family.
 */
export function deviceFamily(userAgent: string | null): string {
  const { browser, os } = parse(userAgent);
  return `${browser.name ?? ''}/${os.name ?? ''}`;
}

const LOCAL_RANGES = new Set(['loopback', 'private', 'linkLocal', 'uniqueLocal', 'unspecified']);

/**
 * The approximate place of an address. There is no geolocation database offline, so the place is the
 * address's network, never the address itself: an IPv4 address as its /24 (`203.0.113.*`), an IPv6
 * address as its /48 (`2001:db8:1::/48`, a site's usual allocation); loopback and private addresses
 * are the local network. Anything unparsable gives no network.
 */
export function approximatePlace(ip: string | null): { network: string | null; local: boolean } {
  if (!ip || !ipaddr.isValid(ip)) return { network: null, local: false };
  const address = ipaddr.process(ip);
  const local = LOCAL_RANGES.has(address.range());
  if (address.kind() === 'ipv4') {
    const octets = (address as ipaddr.IPv4).octets.slice(0, 3);
    return { network: `${octets.join('.')}.*`, local };
  }
  const parts = (address as ipaddr.IPv6).parts.slice(0, 3).map((p) => p.toString(16));
  return { network: `${parts.join(':')}::/48`, local };
}
