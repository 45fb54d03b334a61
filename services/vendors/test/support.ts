import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type RunningVendors, start } from '../src/server';

export type DatabaseKind = 'pglite' | 'postgres';

const ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const CRM_KEY = 'test-crm-api-key-0123456789';
export const ORG_ID = '00D5g000004XyZaEAK';
export const RECORD_TYPE_ID = '0125g000001AbCdAAK';

/** The vendor services on an ephemeral port over a CRM database of their own (dropped at stop). */
export async function startVendors(
  kind: DatabaseKind,
  dataDir = mkdtempSync(join(tmpdir(), 'vendors-')),
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
  const vendors = await start({
    port: 0,
    host: '127.0.0.1',
    databaseUrl,
    dataDir,
    crmApiKey: CRM_KEY,
    logLevel: 'silent',
  });
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
