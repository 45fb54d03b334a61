/**
 * Cart templates (SPEC §2, `/cart/create?cart={template}`): custom objects in the container
 * `cart-templates`, keyed `{store}-{template}`, each `{ name, lines: [{ sku, quantity }] }`. The
 * gateway reads one with `customObject(container, key)` and makes a cart of its lines.
 *
 * Written by migration 007 for a database seeded before it, and by the seed for a new one (a
 * new database has no products when the migrations run). The lines are picked from the store's
 * own products, in style-number order: the first variant (by sku) with enough stock in the
 * store's inventory, so a template never starts out with a line the shopper cannot have.
 */
export interface CartTemplateSpec {
  template: string;
  name: string;
  /** Stores that get it; all when empty. */
  stores: string[];
  /** Products skipped first, so two templates of a store do not hold the same items. */
  skip: number;
  products: number;
  quantity: number;
}

export const CART_TEMPLATE_CONTAINER = 'cart-templates';

export const CART_TEMPLATES: CartTemplateSpec[] = [
  { template: 'starter-kit', name: 'Starter kit', stores: [], skip: 0, products: 3, quantity: 1 },
  { template: 'gift-set', name: 'Gift set', stores: ['vanityfair', 'everwear'], skip: 3, products: 2, quantity: 2 },
  {
    template: 'team-pack',
    name: 'Team pack',
    stores: ['rallyathletic', 'hoopcraft'],
    skip: 5,
    products: 1,
    quantity: 5,
  },
];

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** Inserts each store's templates that are missing; running it again changes nothing. */
export function cartTemplatesSql(specs: CartTemplateSpec[] = CART_TEMPLATES): string {
  const rows = specs
    .map(
      (t) =>
        `(${literal(t.template)}, ${literal(t.name)}, ${literal(t.stores.join(','))}, ${t.skip}, ${t.products}, ${t.quantity})`,
    )
    .join(',\n  ');
  return `
INSERT INTO custom_objects (container, key, id, version, value, created_at, last_modified_at)
SELECT ${literal(CART_TEMPLATE_CONTAINER)}, s.key || '-' || t.template, gen_random_uuid(), 1,
  jsonb_build_object('name', t.name, 'lines', picked.lines), now(), now()
FROM stores s
JOIN (VALUES
  ${rows}
) AS t(template, name, stores, skip, products, quantity)
  ON t.stores = '' OR s.key = ANY(string_to_array(t.stores, ','))
CROSS JOIN LATERAL (
  SELECT jsonb_agg(jsonb_build_object('sku', chosen.sku, 'quantity', t.quantity) ORDER BY chosen.key) AS lines
  FROM (
    SELECT candidate.key, candidate.sku FROM (
      SELECT p.key, (
        SELECT k.sku FROM skus k
        JOIN inventory i ON i.sku = k.sku AND i.inventory_list_key = s.data->>'inventoryListKey'
        WHERE k.product_id = p.id AND i.available >= t.quantity
        ORDER BY k.sku LIMIT 1) AS sku
      FROM products p WHERE p.store_key = s.key ORDER BY p.key OFFSET t.skip
    ) AS candidate
    WHERE candidate.sku IS NOT NULL
    ORDER BY candidate.key LIMIT t.products
  ) AS chosen
) AS picked
WHERE picked.lines IS NOT NULL
ON CONFLICT (container, key) DO NOTHING;
`;
}
