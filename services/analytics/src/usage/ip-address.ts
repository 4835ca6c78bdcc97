import ipaddr from 'ipaddr.js';

/**
 * The client's address as analytics keeps it, truncated for privacy: an IPv4 address to its /24
 * (`203.0.113.0`), an IPv6 address to its /48 (`2001:db8:1::`); an IPv4-mapped IPv6 address counts
 * as IPv4. Enough to tell networks apart, not people. Null for anything that is not an address.
 */
export function truncateIpAddress(address: string | undefined): string | null {
  if (!address || !ipaddr.isValid(address)) return null;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
  }
  if (parsed.kind() === 'ipv4') {
    const [a, b, c] = (parsed as ipaddr.IPv4).octets;
    return `${a}.${b}.${c}.0`;
  }
  const parts = (parsed as ipaddr.IPv6).parts.map((part, index) => (index < 3 ? part : 0));
  return new ipaddr.IPv6(parts).toString();
}
