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
];
