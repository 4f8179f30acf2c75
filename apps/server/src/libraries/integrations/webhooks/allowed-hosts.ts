import { BlockList, isIP } from 'node:net';
import { domainSchema } from '@portal/shared/validation/rules';

/**
 * WEBHOOK_ALLOWED_HOSTS: the receivers inside the network that webhooks may reach although the
 * address guard refuses their address. Comma-separated entries, each `host`, `host:port` or either
 * with `@company|company...` (company domains) after it:
 *
 * - `host` is a name, an IPv4 address or an IPv6 address in brackets, and it is compared as written:
 *   another name for the same address is not allowed by it;
 * - without a port, the entry allows the scheme's default port alone (443, or 80 for plain http); a
 *   port opens that one; `*` opens every port, outside production only (a developer's receivers);
 * - without companies, the entry serves every company's endpoints and every product's; with them,
 *   only the endpoints of those companies. A loopback or cloud metadata host (`localhost`,
 *   `127.0.0.1`, `[::1]`, `169.254.169.254`, ...) must name its companies: one receiver on the
 *   portal's own machine must not become every customer's way into it. Outside production a loopback
 *   entry may go without, for a developer's receivers and the test suites; a metadata one never.
 */
export interface AllowedHost {
  /** As a URL's host compares (`hostOf`). */
  host: string;
  /** null: the scheme's default port alone; '*': every port (refused in production). */
  port: number | '*' | null;
  /** The domains of the companies whose endpoints may reach it; null: every company's and product's. */
  companies: string[] | null;
}

/** A URL's host as compared with WEBHOOK_ALLOWED_HOSTS and given to the resolver: lower case, without
 *  IPv6 brackets or a final dot. */
export function hostOf(url: URL): string {
  return url.hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addSubnet('0.0.0.0', 8, 'ipv4');
loopback.addSubnet('::', 127, 'ipv6');
const metadata = new BlockList();
metadata.addSubnet('169.254.0.0', 16, 'ipv4');
metadata.addSubnet('fe80::', 10, 'ipv6');
// the IPv6 address of AWS's instance metadata service
metadata.addAddress('fd00:ec2::254', 'ipv6');
const METADATA_NAMES = new Set(['metadata.google.internal', 'metadata.goog', 'instance-data']);

/** Whether a host of an entry is the portal's own machine or a cloud's metadata service, or neither. */
function riskOf(host: string): 'loopback' | 'metadata' | null {
  const family = isIP(host);
  if (family) {
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (metadata.check(host, type)) return 'metadata';
    return loopback.check(host, type) ? 'loopback' : null;
  }
  if (METADATA_NAMES.has(host)) return 'metadata';
  return host === 'localhost' || host.endsWith('.localhost') ? 'loopback' : null;
}

const SYNTAX = 'entries are host, host:port or host:port@company|company (company domains), comma-separated';

/** The entries of WEBHOOK_ALLOWED_HOSTS; throws an Error whose message says which entry is wrong and why. */
export function parseAllowedHosts(raw: string, production: boolean): AllowedHost[] {
  const entries: AllowedHost[] = [];
  for (const written of raw.split(',').map((entry) => entry.trim())) {
    if (!written) continue;
    const wrong = (why: string) => new Error(`WEBHOOK_ALLOWED_HOSTS: "${written}" ${why}; ${SYNTAX}`);
    const [address = '', names, ...more] = written.split('@');
    if (more.length) throw wrong('has more than one @');
    let hostPart: string;
    let portPart: string | undefined;
    if (address.startsWith('[')) {
      const end = address.indexOf(']');
      if (end < 0) throw wrong('opens a bracket it does not close');
      hostPart = address.slice(0, end + 1);
      const rest = address.slice(end + 1);
      if (rest && !rest.startsWith(':')) throw wrong('has something other than a port after its IPv6 address');
      portPart = rest ? rest.slice(1) : undefined;
    } else {
      const parts = address.split(':');
      if (parts.length > 2) throw wrong('is an IPv6 address without brackets (write [2001:db8::1]:8443)');
      [hostPart = '', portPart] = parts;
    }
    let host: string;
    try {
      if (!hostPart || /[/?#\\\s]/.test(hostPart)) throw new Error('not a host');
      host = hostOf(new URL(`http://${hostPart}/`));
    } catch {
      throw wrong('is not a host name or IP address');
    }
    let port: AllowedHost['port'] = null;
    if (portPart !== undefined) {
      if (portPart === '*') {
        if (production) throw wrong('opens every port (*), which production refuses: name the port');
        port = '*';
      } else if (/^\d{1,5}$/.test(portPart) && Number(portPart) >= 1 && Number(portPart) <= 65535)
        port = Number(portPart);
      else throw wrong('has a port that is not 1-65535 or *');
    }
    let companies: string[] | null = null;
    if (names !== undefined) {
      companies = names.split('|').map((name) => name.trim().toLowerCase());
      const bad = companies.find((name) => !domainSchema.safeParse(name).success);
      if (bad !== undefined) throw wrong(`names "${bad}", which is not a company domain`);
    }
    const risk = riskOf(host);
    if (companies === null && risk === 'metadata')
      throw wrong('is a cloud metadata address: allow it only for the companies it is for (host:port@company)');
    if (companies === null && risk === 'loopback' && production)
      throw wrong("is the portal's own machine: allow it only for the companies it is for (host:port@company)");
    entries.push({ host, port, companies });
  }
  return entries;
}

/** Whether an entry lets the endpoint of `company` (its domain; null for a product's) reach `url`. */
export function isAllowedTarget(entries: readonly AllowedHost[], url: URL, company: string | null): boolean {
  const host = hostOf(url);
  return entries.some(
    (entry) =>
      entry.host === host &&
      // URL leaves out the scheme's default port: '' is 443 for https and 80 for http
      (entry.port === '*' || (entry.port === null ? url.port === '' : String(entry.port) === portOf(url))) &&
      (entry.companies === null || (company !== null && entry.companies.includes(company))),
  );
}

function portOf(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}
