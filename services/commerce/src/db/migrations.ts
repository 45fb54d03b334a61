import { cartTemplatesSql } from '../seed/cart-templates';

/**
 * Schema migrations, applied in order and recorded in schema_migrations. Never edit one that
 * has shipped: add the next. Resources are stored as JSON documents (the commercetools shape)
 * beside the columns that are queried, constrained or versioned.
 */
export const MIGRATIONS: Array<{ name: string; sql: string }> = [
  {
    name: '001_init',
    sql: `
CREATE TABLE stores (
  key text PRIMARY KEY,
  data jsonb NOT NULL
);
CREATE TABLE customers (
  id uuid PRIMARY KEY,
  store_key text NOT NULL REFERENCES stores(key),
  email_lower text NOT NULL,
  version int NOT NULL,
  password_hash text NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  last_modified_at timestamptz NOT NULL,
  UNIQUE (store_key, email_lower)
);
CREATE TABLE password_tokens (
  value text PRIMARY KEY,
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE TABLE categories (
  id uuid PRIMARY KEY,
  key text NOT NULL UNIQUE,
  store_key text NOT NULL REFERENCES stores(key),
  parent_id uuid REFERENCES categories(id),
  data jsonb NOT NULL
);
CREATE TABLE products (
  id uuid PRIMARY KEY,
  key text NOT NULL UNIQUE,
  store_key text NOT NULL REFERENCES stores(key),
  version int NOT NULL,
  created_at timestamptz NOT NULL,
  data jsonb NOT NULL
);
CREATE INDEX products_store ON products(store_key);
CREATE TABLE skus (
  sku text PRIMARY KEY,
  product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE
);
CREATE INDEX skus_product ON skus(product_id);
CREATE TABLE inventory (
  sku text NOT NULL,
  inventory_list_key text NOT NULL,
  available int NOT NULL CHECK (available >= 0),
  version int NOT NULL DEFAULT 1,
  PRIMARY KEY (sku, inventory_list_key)
);
CREATE TABLE shipping_methods (
  id uuid PRIMARY KEY,
  key text NOT NULL UNIQUE,
  store_key text NOT NULL REFERENCES stores(key),
  data jsonb NOT NULL
);
CREATE TABLE discount_codes (
  id uuid PRIMARY KEY,
  code text NOT NULL,
  store_key text NOT NULL REFERENCES stores(key),
  data jsonb NOT NULL,
  UNIQUE (store_key, code)
);
CREATE TABLE carts (
  id uuid PRIMARY KEY,
  version int NOT NULL,
  store_key text NOT NULL REFERENCES stores(key),
  customer_id uuid REFERENCES customers(id),
  anonymous_id text,
  cart_state text NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  last_modified_at timestamptz NOT NULL
);
CREATE INDEX carts_customer ON carts(customer_id, cart_state, last_modified_at DESC);
CREATE SEQUENCE order_number_seq START 100001;
CREATE TABLE orders (
  id uuid PRIMARY KEY,
  order_number text NOT NULL UNIQUE,
  version int NOT NULL,
  store_key text NOT NULL REFERENCES stores(key),
  customer_id uuid REFERENCES customers(id),
  cart_id uuid NOT NULL UNIQUE REFERENCES carts(id),
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX orders_customer ON orders(customer_id, created_at DESC);
CREATE TABLE custom_objects (
  container text NOT NULL,
  key text NOT NULL,
  id uuid NOT NULL UNIQUE,
  version int NOT NULL,
  value jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  last_modified_at timestamptz NOT NULL,
  PRIMARY KEY (container, key)
);
CREATE TABLE catalog_meta (
  key text PRIMARY KEY,
  value jsonb NOT NULL
);
`,
  },
  {
    name: '002_inventory_changed_at',
    sql: `
ALTER TABLE inventory ADD COLUMN changed_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX inventory_changed_at ON inventory(changed_at);
`,
  },
  {
    // Discount codes become commercetools DiscountCodes that grant CartDiscounts, with a key,
    // a validity window and application limits. Codes are counted when an order is placed.
    name: '003_cart_discounts_and_discount_code_limits',
    sql: `
CREATE TABLE cart_discounts (
  id uuid PRIMARY KEY,
  key text NOT NULL,
  store_key text NOT NULL REFERENCES stores(key),
  version int NOT NULL DEFAULT 1,
  data jsonb NOT NULL,
  CONSTRAINT cart_discounts_key_per_store UNIQUE (store_key, key)
);
ALTER TABLE discount_codes
  ADD COLUMN key text,
  ADD COLUMN version int NOT NULL DEFAULT 1,
  ADD COLUMN max_applications int CHECK (max_applications > 0),
  ADD COLUMN application_count int NOT NULL DEFAULT 0 CHECK (application_count >= 0),
  ADD COLUMN created_at timestamptz NOT NULL DEFAULT now(),
  ADD CONSTRAINT discount_codes_key_per_store UNIQUE (store_key, key);
CREATE TABLE discount_code_customer_applications (
  discount_code_id uuid NOT NULL REFERENCES discount_codes(id) ON DELETE CASCADE,
  customer_id uuid NOT NULL,
  applications int NOT NULL CHECK (applications > 0),
  PRIMARY KEY (discount_code_id, customer_id)
);

-- A database seeded before this migration has codes shaped {code, name, percentOff}: give
-- each store a cart discount per percentage in use plus the welcome one, then point the
-- codes at them. A fresh database has no stores yet and gets all of this from the seed.
WITH wanted AS (
  SELECT DISTINCT store_key, 'percent-' || (data->>'percentOff') AS key, (data->>'percentOff')::numeric AS percent
  FROM discount_codes WHERE data ? 'percentOff'
  UNION
  SELECT key, 'welcome-15', 15 FROM stores
), shaped AS (
  SELECT gen_random_uuid() AS id, store_key, key, percent, to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at FROM wanted
)
INSERT INTO cart_discounts (id, key, store_key, data)
SELECT id, key, store_key, jsonb_build_object(
  'id', id, 'version', 1, 'key', key,
  'name', jsonb_build_object('en-US', CASE WHEN key = 'welcome-15' THEN 'Welcome offer: 15% off' ELSE percent || '% off' END),
  'value', jsonb_build_object('type', 'relative', 'permyriad', (percent * 100)::int),
  'cartPredicate', '1 = 1', 'target', jsonb_build_object('type', 'lineItems', 'predicate', '1 = 1'),
  'sortOrder', (percent / 100)::float8::text, 'stores', jsonb_build_array(jsonb_build_object('typeId', 'store', 'key', store_key)),
  'isActive', true, 'requiresDiscountCode', true, 'stackingMode', 'Stacking', 'references', '[]'::jsonb,
  'createdAt', at, 'lastModifiedAt', at)
FROM shaped;

UPDATE discount_codes AS c SET data = jsonb_build_object(
  'id', c.id, 'version', 1, 'code', c.code, 'name', jsonb_build_object('en-US', c.data->>'name'),
  'cartDiscounts', jsonb_build_array(jsonb_build_object('typeId', 'cart-discount', 'id', d.id)),
  'stores', jsonb_build_array(jsonb_build_object('typeId', 'store', 'key', c.store_key)),
  'isActive', true, 'references', '[]'::jsonb, 'groups', '[]'::jsonb,
  'createdAt', d.data->'createdAt', 'lastModifiedAt', d.data->'createdAt')
FROM cart_discounts AS d
WHERE c.data ? 'percentOff' AND d.store_key = c.store_key AND d.key = 'percent-' || (c.data->>'percentOff');
`,
  },
  {
    // Only what commercetools has: a brand's assortment is a ProductSelection assigned to its
    // Store (searched with storeProjection), and retailer links are the `retailerLinks`
    // attribute of every variant (a set of nested retailer/url values), not a product field.
    name: '004_product_selections_and_retailer_link_attributes',
    sql: `
CREATE TABLE product_selections (
  id uuid PRIMARY KEY,
  key text NOT NULL UNIQUE,
  version int NOT NULL DEFAULT 1,
  data jsonb NOT NULL
);
CREATE TABLE product_selection_products (
  product_selection_id uuid NOT NULL REFERENCES product_selections(id) ON DELETE CASCADE,
  product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  PRIMARY KEY (product_selection_id, product_id)
);
CREATE INDEX product_selection_products_product ON product_selection_products(product_id);

-- A database seeded before this migration: each store's products become its assortment.
-- A fresh database has no stores yet and gets all of this from the seed.
INSERT INTO product_selections (id, key, data)
SELECT id, key, jsonb_build_object('id', id, 'version', 1, 'key', key, 'name', jsonb_build_object('en-US', name || ' assortment'), 'mode', 'Individual')
FROM (SELECT gen_random_uuid() AS id, s.key || '-assortment' AS key, coalesce(s.data->'name'->>'en-US', s.key) AS name FROM stores s) AS shaped;
INSERT INTO product_selection_products (product_selection_id, product_id)
SELECT ps.id, p.id FROM products p JOIN product_selections ps ON ps.key = p.store_key || '-assortment';
UPDATE stores SET data = data || jsonb_build_object('productSelections', jsonb_build_array(
  jsonb_build_object('productSelection', jsonb_build_object('typeId', 'product-selection', 'key', key || '-assortment'), 'active', true)))
WHERE NOT data ? 'productSelections';

WITH links AS (
  SELECT p.id, (
    SELECT jsonb_agg(jsonb_build_array(
      jsonb_build_object('name', 'retailer', 'value', jsonb_build_object('key', l->>'retailer', 'label', CASE l->>'retailer'
        WHEN 'jcpenney' THEN 'JCPenney' WHEN 'kohls' THEN 'Kohl''s' WHEN 'macys' THEN 'Macy''s' ELSE initcap(l->>'retailer') END)),
      jsonb_build_object('name', 'url', 'value', l->'url')) ORDER BY ord)
    FROM jsonb_array_elements(p.data->'retailerLinks') WITH ORDINALITY AS t(l, ord)) AS value
  FROM products p
  WHERE jsonb_typeof(p.data->'retailerLinks') = 'array' AND jsonb_array_length(p.data->'retailerLinks') > 0
)
UPDATE products p SET data = jsonb_set(
  jsonb_set(p.data, '{masterVariant,attributes}', (p.data->'masterVariant'->'attributes') || jsonb_build_array(jsonb_build_object('name', 'retailerLinks', 'value', links.value))),
  '{variants}', (
    SELECT coalesce(jsonb_agg(jsonb_set(v, '{attributes}', (v->'attributes') || jsonb_build_array(jsonb_build_object('name', 'retailerLinks', 'value', links.value))) ORDER BY ord), '[]'::jsonb)
    FROM jsonb_array_elements(p.data->'variants') WITH ORDINALITY AS t(v, ord)))
FROM links WHERE links.id = p.id;
UPDATE products SET data = data - 'retailerLinks' WHERE data ? 'retailerLinks';
`,
  },
  {
    // Shipping methods rate per zone, as commercetools does (zoneRates[].shippingRates[]), not
    // with one flat price: the shop's one zone is the United States.
    name: '005_shipping_zone_rates',
    sql: `
CREATE TABLE zones (
  id uuid PRIMARY KEY,
  key text NOT NULL UNIQUE,
  data jsonb NOT NULL
);

-- A database seeded before this migration: add the US zone and rate every method in it.
-- A fresh database has no stores yet and gets the zone and the rates from the seed.
INSERT INTO zones (id, key, data)
SELECT id, 'us', jsonb_build_object('id', id, 'version', 1, 'key', 'us', 'name', 'United States', 'description', 'Shipping within the United States',
  'locations', jsonb_build_array(jsonb_build_object('country', 'US')))
FROM (SELECT gen_random_uuid() AS id) AS fresh
WHERE EXISTS (SELECT 1 FROM stores);
UPDATE shipping_methods AS m SET data = (m.data - 'price' - 'freeAboveCentAmount' - 'description') || jsonb_build_object(
  'localizedDescription', jsonb_build_object('en-US', m.data->>'description'),
  'active', true,
  'zoneRates', jsonb_build_array(jsonb_build_object(
    'zone', jsonb_build_object('typeId', 'zone', 'id', z.id),
    'shippingRates', jsonb_build_array(jsonb_build_object('price', m.data->'price') || CASE WHEN jsonb_typeof(m.data->'freeAboveCentAmount') = 'number'
      THEN jsonb_build_object('freeAbove', jsonb_build_object('type', 'centPrecision', 'currencyCode', 'USD', 'centAmount', m.data->'freeAboveCentAmount', 'fractionDigits', 2))
      ELSE '{}'::jsonb END))))
FROM zones AS z
WHERE z.key = 'us' AND m.data ? 'price';
`,
  },
  {
    // commercetools discount codes belong to no store: a code, and a key, is unique across the
    // project, and the store comes from the cart discounts it grants (CartDiscount.stores), whose
    // keys are project-wide too. Existing keys get their store as a prefix ({store}-welcome-15,
    // {store}-{code key}), so no two stores collide; a code two stores both had stays with the
    // oldest one and becomes {code}-{STORE} in the others.
    name: '006_project_wide_discount_codes',
    sql: `
UPDATE cart_discounts SET key = store_key || '-' || key;
UPDATE cart_discounts SET data = jsonb_set(data, '{key}', to_jsonb(key));
ALTER TABLE cart_discounts DROP CONSTRAINT cart_discounts_key_per_store;
ALTER TABLE cart_discounts ADD CONSTRAINT cart_discounts_key_unique UNIQUE (key);
ALTER TABLE cart_discounts DROP COLUMN store_key;

UPDATE discount_codes SET key = store_key || '-' || key WHERE key IS NOT NULL;
WITH ranked AS (
  SELECT id, row_number() OVER (PARTITION BY code ORDER BY created_at, id) AS rank FROM discount_codes
)
UPDATE discount_codes AS c SET code = c.code || '-' || upper(c.store_key)
FROM ranked WHERE ranked.id = c.id AND ranked.rank > 1;
UPDATE discount_codes SET data = jsonb_set(data, '{code}', to_jsonb(code))
  || CASE WHEN key IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('key', key) END;
ALTER TABLE discount_codes DROP CONSTRAINT discount_codes_key_per_store;
ALTER TABLE discount_codes DROP CONSTRAINT discount_codes_store_key_code_key;
ALTER TABLE discount_codes ADD CONSTRAINT discount_codes_code_unique UNIQUE (code);
ALTER TABLE discount_codes ADD CONSTRAINT discount_codes_key_unique UNIQUE (key);
ALTER TABLE discount_codes DROP COLUMN store_key;
`,
  },
  {
    // Carts as the cart API uses them: a project-wide unique key (a cart made from a template
    // once per session), lookups of a guest's carts by anonymousId, products that change (a
    // price) and are re-read by every instance, and the cart templates (custom objects).
    name: '007_cart_keys_product_updates_and_cart_templates',
    sql: `
ALTER TABLE carts ADD COLUMN key text;
ALTER TABLE carts ADD CONSTRAINT carts_key_unique UNIQUE (key);
CREATE INDEX carts_anonymous ON carts(anonymous_id, store_key, last_modified_at DESC) WHERE anonymous_id IS NOT NULL;
ALTER TABLE products ADD COLUMN last_modified_at timestamptz;
UPDATE products SET last_modified_at = created_at;
ALTER TABLE products ALTER COLUMN last_modified_at SET NOT NULL, ALTER COLUMN last_modified_at SET DEFAULT now();
CREATE INDEX products_last_modified ON products(last_modified_at);
${cartTemplatesSql()}`,
  },
  {
    // Checkout as commercetools has it: Payments with their transactions (carts and orders
    // reference them), and order numbers only the caller gives (commercetools never generates
    // one, so an order placed without a number has none). Store-scoped order queries
    // (inStore(key) { orders }) read by store.
    name: '008_payments_and_caller_order_numbers',
    sql: `
CREATE TABLE payments (
  id uuid PRIMARY KEY,
  key text,
  version int NOT NULL,
  customer_id uuid REFERENCES customers(id),
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  last_modified_at timestamptz NOT NULL,
  CONSTRAINT payments_key_unique UNIQUE (key)
);
CREATE INDEX payments_customer ON payments(customer_id) WHERE customer_id IS NOT NULL;
ALTER TABLE orders ALTER COLUMN order_number DROP NOT NULL;
DROP SEQUENCE IF EXISTS order_number_seq;
CREATE INDEX orders_store ON orders(store_key, created_at DESC);
`,
  },
  {
    // Promotions as commercetools stacks them (issue 28): code-only cart discounts stop the ones
    // after them (so a bag takes its best code, not the sum of all), and the codes handed out
    // for e-mail signups and ID verification carry the groups whose rules commerce enforces
    // (first-order; one-per-customer). A fresh database gets the same from the seed and the gateway.
    name: '009_discount_stacking_and_code_groups',
    sql: `
UPDATE cart_discounts SET data = jsonb_set(data, '{stackingMode}', '"StopAfterThisDiscount"')
WHERE (data->>'requiresDiscountCode')::boolean;
UPDATE discount_codes SET data = jsonb_set(data, '{groups}', '["welcome", "first-order"]')
WHERE key LIKE '%-welcome-%';
UPDATE discount_codes SET data = jsonb_set(data, '{groups}', '["id-verification", "one-per-customer"]')
WHERE key LIKE 'idme-%';
`,
  },
  {
    // Tax categories as commercetools has them (issue 29): every product names one
    // (Product.taxCategory) so the tax service can tell clothing, which some states exempt, from
    // the rest. The shop taxes in the External mode, so a category carries no rates.
    name: '010_tax_categories',
    sql: `
CREATE TABLE tax_categories (
  id uuid PRIMARY KEY,
  key text NOT NULL UNIQUE,
  version int NOT NULL DEFAULT 1,
  data jsonb NOT NULL
);

-- A database seeded before this migration: add the two categories and give each product the one
-- of its product type (garments are clothing; balls, hoops, training gear and any other type are
-- general merchandise). A fresh database has no stores yet and gets all of this from the seed.
WITH wanted (key, name, description) AS (VALUES
  ('clothing', 'Clothing and footwear', 'Garments, underwear, socks and footwear: exempt, or exempt up to a price, in some states.'),
  ('general', 'General merchandise', 'Sporting goods, equipment and everything else: taxed at the full rate.')
), shaped AS (
  SELECT gen_random_uuid() AS id, key, name, description, to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
  FROM wanted WHERE EXISTS (SELECT 1 FROM stores)
)
INSERT INTO tax_categories (id, key, data)
SELECT id, key, jsonb_build_object('id', id, 'version', 1, 'key', key, 'name', name, 'description', description,
  'rates', '[]'::jsonb, 'createdAt', at, 'lastModifiedAt', at)
FROM shaped;
UPDATE products AS p SET data = p.data || jsonb_build_object('taxCategory', jsonb_build_object('typeId', 'tax-category', 'id', t.id))
FROM tax_categories AS t
WHERE NOT p.data ? 'taxCategory'
  AND t.key = CASE WHEN p.data->>'productType' IN ('bra', 'panty', 'shapewear', 'cami', 'underwear', 'leggings', 'shorts',
    'top', 'hoodie', 'pants', 'sports-bra', 'socks', 'jersey') THEN 'clothing' ELSE 'general' END;
`,
  },
];
