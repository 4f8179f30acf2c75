import ipaddr from 'ipaddr.js';

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
/** Four decimal octets without leading zeros: the form ipaddr.js gives back for an IPv4 address. */
const PLAIN_IPV4 = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);

/**
 * The subject of a per-IP limit. An IPv6 client usually holds a whole /64 (and can pick any address
 * in it), so IPv6 addresses count by their /64 prefix; IPv4 (also IPv4-mapped IPv6) by the address.
 */
export function ipKey(ip: string): string {
  // most clients: an IPv4 address in its usual spelling is its own key, without parsing it
  if (PLAIN_IPV4.test(ip)) return ip;
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(':')}::/64`;
}
