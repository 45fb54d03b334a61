import type { LineItem } from './cart-types';

/**
 * A value as text with object keys sorted, so two documents that differ only in key order (a
 * draft as sent, and the same document after a round trip through jsonb, which reorders keys)
 * compare equal.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

type Identity = Pick<LineItem, 'custom' | 'supplyChannel' | 'distributionChannel'> & { sku: string };

/**
 * commercetools merges an added line into an existing one when both are the same product
 * variant with the same supply and distribution channels and the same custom fields; otherwise
 * the add makes a line of its own. `defaultChannel` stands in for a line stored without one.
 */
export function sameLine(line: LineItem, other: Identity, defaultChannel: string): boolean {
  return (
    line.variant.sku === other.sku &&
    (line.supplyChannel?.key ?? defaultChannel) === (other.supplyChannel?.key ?? defaultChannel) &&
    (line.distributionChannel?.key ?? null) === (other.distributionChannel?.key ?? null) &&
    canonicalJson(line.custom ?? null) === canonicalJson(other.custom ?? null)
  );
}
