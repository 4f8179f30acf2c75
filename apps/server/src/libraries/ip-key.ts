import ipaddr from 'ipaddr.js';

/**
 * The subject of a per-IP limit. An IPv6 client usually holds a whole /64 (and can pick any address
 * in it), so IPv6 addresses count by their /64 prefix; IPv4 (also IPv4-mapped IPv6) by the address.
 */
export function ipKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(':')}::/64`;
}
