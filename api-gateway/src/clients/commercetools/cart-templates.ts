import type { RawCustomObject } from './ctp-types';
import { CART_TEMPLATE } from './documents';
import type { Graphql } from './transport';

/** A named list of skus and quantities a cart is made from (SPEC §2 `/cart/create?cart=`). */
export interface CartTemplate {
  name: string;
  lines: Array<{ sku: string; quantity: number }>;
}

type Call = { correlationId: string };

/** The stored value, if it has the template's shape; lines that do not are left out. */
function reshapeTemplate(value: unknown): CartTemplate | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { name, lines } = value as { name?: unknown; lines?: unknown };
  if (typeof name !== 'string' || !Array.isArray(lines)) return undefined;
  return {
    name,
    lines: lines.flatMap((line: unknown) => {
      const { sku, quantity } = (line ?? {}) as { sku?: unknown; quantity?: unknown };
      return typeof sku === 'string' && typeof quantity === 'number' && Number.isInteger(quantity) && quantity > 0
        ? [{ sku, quantity }]
        : [];
    }),
  };
}

/** Cart templates: custom objects in the container `cart-templates`, keyed `{store}-{template}`. */
export function cartTemplateOperations(graphql: Graphql) {
  return {
    /** The store's template of this name, or undefined. */
    async getCartTemplate(storeKey: string, template: string, call: Call): Promise<CartTemplate | undefined> {
      const { customObject } = await graphql<{ customObject: RawCustomObject | null }>(
        'CartTemplate',
        CART_TEMPLATE,
        { key: `${storeKey}-${template}` },
        call,
      );
      return customObject ? reshapeTemplate(customObject.value) : undefined;
    },
  };
}
