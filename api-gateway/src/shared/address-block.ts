import { isIPv4, isIPv6 } from 'node:net';

/**
 * What one client holds of the address space, for limits keyed by address: an IPv4 address
 * itself, and an IPv6 address's /64, since a home or a server is given a whole /64 and can
 * rotate its last 64 bits at no cost. An IPv4-mapped IPv6 address is its IPv4 address.
 */
export function addressBlock(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array.from({ length: 8 - left.length - right.length }, () => '0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
