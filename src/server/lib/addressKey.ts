import ipaddr from 'ipaddr.js';

/**
 * The part of a client address that limits count by. An IPv4 address is itself (an
 * IPv4-mapped IPv6 address is read as the IPv4 one); an IPv6 address counts by its /64
 * network, since one subscriber is routinely given a whole /64 and could otherwise take a
 * fresh address for every request. Anything unreadable counts as it is.
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.parse(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const v6 = address as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${v6
    .toNormalizedString()
    .split(':')
    .slice(0, 4)
    .map((part) => part.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
