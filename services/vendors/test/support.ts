import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type RunningVendors, type StartOptions, start } from '../src/server';

export type DatabaseKind = 'pglite' | 'postgres';

const ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const CRM_KEY = 'test-crm-api-key-0123456789';
/** Each vendor's key in the tests (the secret scan knows test values for what they are). */
export const KEYS = {
  taxApiKey: 'test-tax-api-key-0123456789',
  addressApiKey: 'test-address-api-key-0123456789',
  paymentSecretKey: 'test-payment-secret-key-0123456789',
  fraudApiKey: 'test-fraud-api-key-0123456789',
  loyaltyApiKey: 'test-loyalty-api-key-0123456789',
  returnLabelApiKey: 'test-return-label-api-key-0123456789',
} as const;
export const PUBLISHABLE_KEY = 'pk_test_shop';
export const ORG_ID = '00D5g000004XyZaEAK';
export const RECORD_TYPE_ID = '0125g000001AbCdAAK';

/** The vendor services on ephemeral ports over a database of their own (dropped at stop). */
export async function startVendors(
  kind: DatabaseKind,
  dataDir = mkdtempSync(join(tmpdir(), 'vendors-')),
  options: StartOptions = {},
): Promise<RunningVendors> {
  let databaseUrl: string | undefined;
  let drop = async () => undefined as void;
  if (kind === 'postgres') {
    const name = `vendors_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    databaseUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
    drop = async () => {
      const again = new pg.Client({ connectionString: ADMIN_URL });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    };
  }
  const vendors = await start(
    {
      port: 0,
      host: '127.0.0.1',
      databaseUrl,
      dataDir,
      crmApiKey: CRM_KEY,
      ...KEYS,
      paymentPublishableKey: PUBLISHABLE_KEY,
      fraudOrgId: 'shop-test',
      logLevel: 'silent',
    },
    options,
  );
  return {
    ...vendors,
    stop: async () => {
      await vendors.stop();
      await drop();
    },
  };
}

/** A Salesforce-style form post; returns the status and the JSON answer. */
export async function postForm(url: string, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(key, item);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
  });
  return { status: response.status, body: (await response.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export async function getJson(url: string, key: string | null = CRM_KEY) {
  const response = await fetch(url, { headers: key ? { authorization: `Bearer ${key}` } : {} });
  return { status: response.status, body: (await response.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface Answer {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** A JSON call with a bearer key (none when null), as the gateway makes them. */
export async function call(
  url: string,
  {
    method = 'GET',
    key = null,
    body,
    headers = {},
  }: {
    method?: string;
    key?: string | null;
    body?: unknown;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const response = await fetch(url, {
    method,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (a page, a script): the text itself.
  }
  return { status: response.status, headers: response.headers, body: parsed };
}
