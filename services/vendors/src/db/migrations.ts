/**
 * The vendor stand-ins' schema, applied in order and recorded in vendor_migrations. Never edit
 * one that has shipped: add the next. Each vendor's tables carry its own prefix (crm_, pay_,
 * fraud_, loyalty_) and the record table its own name, so the stand-ins can share one PostgreSQL
 * database with the commerce service without clashing.
 */
export const MIGRATIONS: Array<{ name: string; sql: string }> = [
  {
    name: 'crm_001_cases_and_leads',
    sql: `
CREATE SEQUENCE crm_case_number_seq START 1001;
CREATE TABLE crm_cases (
  id uuid PRIMARY KEY,
  row_no bigint GENERATED ALWAYS AS IDENTITY,
  case_number text NOT NULL UNIQUE,
  org_id text NOT NULL,
  record_type_id text,
  name text,
  email text NOT NULL,
  phone text,
  company text,
  subject text NOT NULL,
  description text NOT NULL,
  origin text,
  type text,
  reason text,
  priority text,
  custom jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX crm_cases_newest ON crm_cases(row_no DESC);
CREATE TABLE crm_leads (
  id uuid PRIMARY KEY,
  row_no bigint GENERATED ALWAYS AS IDENTITY,
  org_id text NOT NULL,
  opt_in_key text NOT NULL,
  email_lower text NOT NULL,
  email text NOT NULL,
  first_name text,
  last_name text NOT NULL,
  company text,
  phone text,
  lead_source text,
  record_type_id text,
  custom jsonb NOT NULL DEFAULT '{}',
  submissions int NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_submitted_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (opt_in_key, email_lower)
);
CREATE INDEX crm_leads_newest ON crm_leads(row_no DESC);
`,
  },
  {
    name: 'pay_001_tokens_and_authorizations',
    // No card number and no CVC, ever: a token keeps the brand, the last four digits, the expiry,
    // the test outcome and an HMAC fingerprint (the same card gives the same fingerprint).
    sql: `
CREATE TABLE pay_tokens (
  token text PRIMARY KEY,
  brand text NOT NULL,
  last4 char(4) NOT NULL,
  exp_month smallint NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
  exp_year smallint NOT NULL,
  fingerprint text NOT NULL,
  outcome text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE TABLE pay_authorizations (
  id text PRIMARY KEY,
  idempotency_key text NOT NULL,
  request_hash text NOT NULL,
  token text NOT NULL REFERENCES pay_tokens(token),
  reference text NOT NULL,
  amount int NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  status text NOT NULL CHECK (status IN ('authorized', 'review', 'declined', 'captured', 'voided', 'refunded')),
  decline_code text,
  captured_amount int NOT NULL DEFAULT 0,
  refunded_amount int NOT NULL DEFAULT 0 CHECK (refunded_amount <= captured_amount),
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT pay_authorizations_idempotency_key UNIQUE (idempotency_key)
);
CREATE INDEX pay_authorizations_reference ON pay_authorizations(reference);
CREATE TABLE pay_refunds (
  id text PRIMARY KEY,
  authorization_id text NOT NULL REFERENCES pay_authorizations(id),
  amount int NOT NULL CHECK (amount > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pay_refunds_authorization ON pay_refunds(authorization_id);
`,
  },
  {
    name: 'fraud_001_sessions_and_decisions',
    // Addresses are compared, never stored; e-mails are kept lower-cased for the velocity rule.
    sql: `
CREATE TABLE fraud_sessions (
  org_id text NOT NULL,
  session_id text NOT NULL,
  device_id text,
  attributes jsonb NOT NULL DEFAULT '{}',
  collections int NOT NULL DEFAULT 0,
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, session_id)
);
CREATE TABLE fraud_decisions (
  id text PRIMARY KEY,
  org_id text NOT NULL,
  session_id text NOT NULL,
  email_lower text NOT NULL,
  customer_id text,
  device_id text,
  amount int NOT NULL,
  decision text NOT NULL CHECK (decision IN ('accept', 'review', 'reject')),
  score int NOT NULL,
  reasons jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX fraud_decisions_email ON fraud_decisions(email_lower, created_at);
CREATE INDEX fraud_decisions_device ON fraud_decisions(device_id, created_at);
`,
  },
  {
    name: 'loyalty_001_members_holds_and_ledger',
    // held <= balance is the invariant concurrent holds must keep; the CHECK is the last line of defence.
    sql: `
CREATE TABLE loyalty_members (
  brand text NOT NULL,
  customer_id text NOT NULL,
  balance int NOT NULL,
  held int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (brand, customer_id),
  CONSTRAINT loyalty_members_held_within_balance CHECK (held >= 0 AND held <= balance)
);
CREATE TABLE loyalty_holds (
  id text PRIMARY KEY,
  brand text NOT NULL,
  customer_id text NOT NULL,
  points int NOT NULL CHECK (points > 0),
  reference text NOT NULL,
  status text NOT NULL CHECK (status IN ('held', 'released', 'redeemed')),
  redeem_reference text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (brand, customer_id) REFERENCES loyalty_members(brand, customer_id)
);
CREATE TABLE loyalty_ledger (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  brand text NOT NULL,
  customer_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('welcome', 'earn', 'redeem')),
  points int NOT NULL,
  reference text NOT NULL,
  amount int,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (brand, customer_id) REFERENCES loyalty_members(brand, customer_id),
  CONSTRAINT loyalty_ledger_once UNIQUE (brand, customer_id, kind, reference)
);
`,
  },
  {
    name: 'labels_001_return_labels',
    // One label per return (return_id is the caller's id); a repeat of the same return answers the same label.
    sql: `
CREATE TABLE return_labels (
  id text PRIMARY KEY,
  return_id text NOT NULL UNIQUE,
  order_number text NOT NULL,
  tracking_number text NOT NULL UNIQUE,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
`,
  },
  {
    name: 'fraud_002_card_and_address_velocity',
    // The card's fingerprint (an HMAC from the payment vendor, never the number) and the client
    // address of each decision, for the card and address velocity rules.
    sql: `
ALTER TABLE fraud_decisions
  ADD COLUMN card_fingerprint text,
  ADD COLUMN ip_address text;
CREATE INDEX fraud_decisions_card ON fraud_decisions(card_fingerprint, created_at);
CREATE INDEX fraud_decisions_ip ON fraud_decisions(ip_address, created_at);
`,
  },
  {
    name: 'loyalty_002_pending_points_and_reversals',
    // Points an order earns wait in `pending` until the order is captured; a cancel or a return
    // takes them back. What was already spent is recorded in `owed` (never a negative balance) and
    // paid from the next points that post. loyalty_orders is one row per order a member earned or
    // redeemed on; orders earned before this migration had posted at once, so they count as captured.
    sql: `
ALTER TABLE loyalty_members
  ADD COLUMN pending int NOT NULL DEFAULT 0,
  ADD COLUMN owed int NOT NULL DEFAULT 0,
  ADD CONSTRAINT loyalty_members_pending_and_owed CHECK (pending >= 0 AND owed >= 0);
ALTER TABLE loyalty_ledger DROP CONSTRAINT loyalty_ledger_kind_check;
ALTER TABLE loyalty_ledger
  ADD CONSTRAINT loyalty_ledger_kind CHECK (kind IN
    ('welcome', 'earn', 'earn-pending', 'earn-posted', 'earn-reversed', 'redeem', 'redeem-reversed')),
  ADD COLUMN order_number text,
  ADD COLUMN owed_change int NOT NULL DEFAULT 0;
UPDATE loyalty_ledger SET order_number = reference WHERE kind = 'earn';
UPDATE loyalty_ledger l SET order_number = h.redeem_reference
  FROM loyalty_holds h WHERE l.kind = 'redeem' AND h.id = l.reference;
CREATE INDEX loyalty_ledger_by_order ON loyalty_ledger(brand, customer_id, order_number);
CREATE TABLE loyalty_orders (
  brand text NOT NULL,
  customer_id text NOT NULL,
  order_number text NOT NULL,
  earned int CHECK (earned >= 0),
  amount int,
  captured boolean NOT NULL DEFAULT false,
  cancelled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (brand, customer_id, order_number),
  FOREIGN KEY (brand, customer_id) REFERENCES loyalty_members(brand, customer_id)
);
INSERT INTO loyalty_orders (brand, customer_id, order_number, earned, amount, captured)
  SELECT brand, customer_id, reference, points, amount, true FROM loyalty_ledger WHERE kind = 'earn';
`,
  },
  {
    name: 'pay_002_token_binding',
    // A token is bound to the bag, session and brand of the client secret it was made with, and
    // consumed by its first authorisation. Tokens made before this carry no binding: refused.
    sql: `
ALTER TABLE pay_tokens
  ADD COLUMN bound_reference text,
  ADD COLUMN bound_session text,
  ADD COLUMN bound_brand text,
  ADD COLUMN used_at timestamptz;
`,
  },
  {
    name: 'pay_003_refund_idempotency',
    // A refund asked for again under its key (a retry after a lost answer) is the same refund,
    // never a second one; refunds made before this have no key.
    sql: `
ALTER TABLE pay_refunds ADD COLUMN idempotency_key text;
CREATE UNIQUE INDEX pay_refunds_idempotency_key ON pay_refunds(authorization_id, idempotency_key);
`,
  },
];
