import { BlockList, isIPv4 } from 'node:net';

/**
 * Addresses that say nothing about who the shopper is: loopback, private networks, link-local,
 * carrier-grade NAT, unique-local IPv6. One of these reaching the fraud screen is the merchant's
 * own proxy or a shared carrier gateway, so counting orders per such an address would lump every
 * shopper behind it together; the address rules leave them out.
 */
const shared = new BlockList();
shared.addSubnet('0.0.0.0', 8, 'ipv4');
shared.addSubnet('10.0.0.0', 8, 'ipv4');
shared.addSubnet('100.64.0.0', 10, 'ipv4');
shared.addSubnet('127.0.0.0', 8, 'ipv4');
shared.addSubnet('169.254.0.0', 16, 'ipv4');
shared.addSubnet('172.16.0.0', 12, 'ipv4');
shared.addSubnet('192.168.0.0', 16, 'ipv4');
shared.addAddress('::', 'ipv6');
shared.addAddress('::1', 'ipv6');
shared.addSubnet('fc00::', 7, 'ipv6');
shared.addSubnet('fe80::', 10, 'ipv6');

/**
 * The address the velocity rule counts: an IPv4-mapped IPv6 address as plain IPv4, IPv6 in
 * lower case; undefined for none or one that names no single client (above).
 */
export function countableAddress(ip: string | undefined): string | undefined {
  if (!ip) return undefined;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped ? mapped[1] : ip.toLowerCase();
  const family = isIPv4(address) ? 'ipv4' : 'ipv6';
  return shared.check(address, family) ? undefined : address;
}
