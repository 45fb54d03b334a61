import { isIP } from 'node:net';
import { z } from 'zod';

const NAMED = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a subnet (address/prefix) or one of proxy-addr's names. */
function isProxyAddress(entry: string): boolean {
  if (NAMED.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY with Express's semantics, except `true`: trusting every hop lets any client name
 * its own address in X-Forwarded-For (and so walk past every per-address limit).
 * `false`: no proxy; `2`: the two nearest hops are proxies; `loopback, 10.0.0.0/8`: these peers are.
 */
export const trustProxySetting = z.string().transform((raw, ctx): false | number | string[] => {
  const value = raw.trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') {
    ctx.addIssue({
      code: 'custom',
      message:
        "true would trust any client to name its own address; give the hop count (e.g. 1) or the proxies' addresses (e.g. loopback, 10.0.0.0/8)",
    });
    return z.NEVER;
  }
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isProxyAddress(entry));
  if (bad !== undefined) {
    ctx.addIssue({
      code: 'custom',
      message: `"${bad}" is not an address, a subnet, loopback, linklocal or uniquelocal`,
    });
    return z.NEVER;
  }
  return entries;
});
