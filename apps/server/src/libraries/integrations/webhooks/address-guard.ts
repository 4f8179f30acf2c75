import dns, { type LookupAddress, type LookupAllOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../../../app-error.ts';
import type { Config } from '../../../config.ts';
import { hostOf, isAllowedTarget } from './allowed-hosts.ts';

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
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT): a translator reaches the IPv4 address inside
  ['64:ff9b:1::', 48], // local-use NAT64, whose translator is inside the network
  ['100::', 64], // discard-only
  ['2001::', 32], // Teredo, which embeds its server's and client's IPv4 addresses
  ['2002::', 16], // 6to4, which embeds an IPv4 address (2002:a9fe:a9fe:: is the metadata service's)
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local, deprecated but still routed inside some networks
  ['ff00::', 8], // multicast
] as const)
  refusedAddresses.addSubnet(network, prefix, 'ipv6');

/** The IPv4 address that a NAT64 address of the well-known prefix (64:ff9b::/96) reaches: a public
 *  one may be a receiver behind the operator's NAT64. BlockList itself reads IPv4-mapped forms
 *  (::ffff:127.0.0.1) as their IPv4 address. */
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

/** The refusal a caller is answered (1009191, nothing more: the rule is in the code's description);
 *  `reason` says in the delivery log which rule refused it. */
export class WebhookAddressRefused extends AppError<typeof ErrorCode.WebhookAddressRefused> {
  constructor(readonly reason: string) {
    super(ErrorCode.WebhookAddressRefused);
  }
}

/** What can be judged without a resolver: the scheme, https in production, whether the operator
 *  allows the target for the endpoint's company (`company`: its domain; null for a product's
 *  endpoint), and a host written as an IP address or as a name every machine keeps for itself.
 *  Returns `allowed` (the operator's: no address check applies) and the name left for the resolver
 *  (null: an allowed target, or an IP address that passed). */
export function checkWebhookUrlForm(
  config: Pick<Config, 'production' | 'webhookAllowedHosts'>,
  url: string,
  company: string | null,
): { allowed: boolean; name: string | null } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new WebhookAddressRefused('not an address');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new WebhookAddressRefused('not http(s)');
  if (parsed.protocol === 'http:' && config.production) throw new WebhookAddressRefused('http in production');
  if (isAllowedTarget(config.webhookAllowedHosts, parsed, company)) return { allowed: true, name: null };
  const host = hostOf(parsed);
  if (isIP(host)) {
    if (isRefusedAddress(host)) throw new WebhookAddressRefused('private address');
    return { allowed: false, name: null };
  }
  if (host === 'localhost' || host.endsWith('.localhost')) throw new WebhookAddressRefused('private address');
  return { allowed: false, name: host };
}

/** Refuses (WebhookAddressRefused) a webhook address the portal must not deliver to: not http(s),
 *  plain http in production, or a host that is, or resolves to, a loopback, private, link-local,
 *  metadata or multicast address, unless the operator allows its host and port for the endpoint's
 *  company (`company`, its domain; null for a product's endpoint). A name that does not resolve now
 *  passes: it is checked again at every delivery, on the address actually reached. */
export async function checkWebhookUrl(
  config: Pick<Config, 'production' | 'webhookAllowedHosts'>,
  url: string,
  company: string | null,
): Promise<void> {
  const { name } = checkWebhookUrlForm(config, url, company);
  if (name === null) return;
  let addresses: LookupAddress[];
  try {
    addresses = await dns.promises.lookup(name, { all: true, verbatim: true });
  } catch {
    return;
  }
  if (addresses.some((entry) => isRefusedAddress(entry.address))) throw new WebhookAddressRefused('private address');
}

export type Resolve = (
  hostname: string,
  options: LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/** The resolver for http(s).request: it refuses to hand a connection any address a webhook may not
 *  reach, so that the check holds for the address connected to, and a name that resolved to a public
 *  address when it was checked and to a private one now (DNS rebinding) gets no connection. A target
 *  the operator allows (`allowed`, from checkWebhookUrlForm) resolves as it is. `resolve` is the
 *  system's resolver but in tests. */
export function webhookLookup(allowed: boolean, resolve: Resolve = dns.lookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', undefined);
      const refusedOne = allowed ? undefined : addresses.find((entry) => isRefusedAddress(entry.address));
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
