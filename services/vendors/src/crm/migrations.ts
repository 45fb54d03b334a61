/**
 * The CRM's schema, applied in order and recorded in vendor_migrations. Never edit one that has
 * shipped: add the next. Tables carry a crm_ prefix and the record table its own name, so the
 * stand-in can share one PostgreSQL database with the commerce service without clashing.
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
];
