import dns, { type LookupAddress, type LookupAllOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../../app-error.ts';
import type { Config } from '../../config.ts';

/** Where a webhook may never go: the portal's own machine, the networks behind it, the cloud's
 *  metadata service, and what is no single host. A customer who could point a webhook there could
 *  read or poke at them through the portal. */
const refusedAddresses = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, with the metadata service at 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const)
  refusedAddresses.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible forms
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  refusedAddresses.addSubnet(network, prefix, 'ipv6');

/** The IPv4 address that a NAT64 address (64:ff9b::/96) reaches. BlockList itself reads IPv4-mapped
 *  forms (::ffff:127.0.0.1) as their IPv4 address. */
function nat64Target(address: string): string | null {
  const match = /^64:ff9b::([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!match) return null;
  const high = Number.parseInt(match[1]!, 16);
  const low = Number.parseInt(match[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an IP address (either family, as written by a resolver or a URL) is one a webhook may not reach. */
export function isRefusedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return refusedAddresses.check(address, 'ipv4');
  if (family !== 6) return true;
  const normalized = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const nat64 = nat64Target(normalized);
  if (nat64) return refusedAddresses.check(nat64, 'ipv4');
  return refusedAddresses.check(normalized, 'ipv6');
}

/** A URL's host as compared with WEBHOOK_ALLOWED_HOSTS and given to the resolver: lower case, without
 *  IPv6 brackets or a final dot. */
function hostOf(url: URL): string {
  return url.hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
}

function isAllowedHost(config: Pick<Config, 'webhookAllowedHosts'>, host: string): boolean {
  return config.webhookAllowedHosts.includes(host.replace(/\.$/, '').toLowerCase());
}

/** The refusal a caller is answered (1009191, nothing more: the rule is in the code's description);
 *  `reason` says in the delivery log which rule refused it. */
export class WebhookAddressRefused extends AppError<typeof ErrorCode.WebhookAddressRefused> {
  constructor(readonly reason: string) {
    super(ErrorCode.WebhookAddressRefused);
  }
}

/** What can be judged without a resolver: the scheme, https in production, and a host written as an
 *  IP address or as a name every machine keeps for itself. Returns the host, for the resolver, or
 *  null when nothing is left to check (an allowed host, an IP address that passed). */
export function checkWebhookUrlForm(
  config: Pick<Config, 'production' | 'webhookAllowedHosts'>,
  url: string,
): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new WebhookAddressRefused('not an address');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new WebhookAddressRefused('not http(s)');
  if (parsed.protocol === 'http:' && config.production) throw new WebhookAddressRefused('http in production');
  const host = hostOf(parsed);
  if (isAllowedHost(config, host)) return null;
  if (isIP(host)) {
    if (isRefusedAddress(host)) throw new WebhookAddressRefused('private address');
    return null;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) throw new WebhookAddressRefused('private address');
  return host;
}

/** Refuses (WebhookAddressRefused) a webhook address the portal must not deliver to: not http(s),
 *  plain http in production, or a host that is, or resolves to, a loopback, private, link-local,
 *  metadata or multicast address, unless the operator allows the host by name. A name that does not
 *  resolve now passes: it is checked again at every delivery, on the address actually reached. */
export async function checkWebhookUrl(
  config: Pick<Config, 'production' | 'webhookAllowedHosts'>,
  url: string,
): Promise<void> {
  const host = checkWebhookUrlForm(config, url);
  if (host === null) return;
  let addresses: LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
  } catch {
    return;
  }
  if (addresses.some((entry) => isRefusedAddress(entry.address))) throw new WebhookAddressRefused('private address');
}

type Resolve = (
  hostname: string,
  options: LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/** The resolver for http(s).request: it refuses to hand a connection any address a webhook may not
 *  reach, so that the check holds for the address connected to, and a name that resolved to a public
 *  address when it was checked and to a private one now (DNS rebinding) gets no connection. A host
 *  allowed by name resolves as it is. `resolve` is the system's resolver but in tests. */
export function webhookLookup(
  config: Pick<Config, 'webhookAllowedHosts'>,
  resolve: Resolve = dns.lookup,
): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', undefined);
      const refusedOne = isAllowedHost(config, hostname)
        ? undefined
        : addresses.find((entry) => isRefusedAddress(entry.address));
      if (refusedOne) {
        const failure: NodeJS.ErrnoException = new Error(
          `webhook address refused: ${hostname} resolves to ${refusedOne.address}`,
        );
        failure.code = 'EWEBHOOKADDRESS';
        return callback(failure, '', undefined);
      }
      if (addresses.length === 0) {
        const failure: NodeJS.ErrnoException = new Error(`${hostname} has no address`);
        failure.code = 'ENOTFOUND';
        return callback(failure, '', undefined);
      }
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
