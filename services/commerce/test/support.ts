import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type RunningCommerce, start } from '../src/server';

export type DatabaseKind = 'pglite' | 'postgres';

const ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const CLIENT = { id: 'test-client-id', secret: 'test-client-secret-0123456789' };

/** A fresh, empty PostgreSQL database and a way to drop it. */
export async function temporaryPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `commerce_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    url: ADMIN_URL.replace(/\/[^/]*$/, `/${name}`),
    drop: async () => {
      const again = new pg.Client({ connectionString: ADMIN_URL });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

/** A real commerce service on an ephemeral port over a database of its own (dropped at stop). */
export async function startCommerce(
  kind: DatabaseKind,
  seedProducts = 300,
  now?: () => number,
): Promise<RunningCommerce> {
  let databaseUrl: string | undefined;
  let drop = async () => undefined as void;
  if (kind === 'postgres') ({ url: databaseUrl, drop } = await temporaryPostgres());
  const commerce = await start({
    port: 0,
    host: '127.0.0.1',
    databaseUrl,
    dataDir: mkdtempSync(join(tmpdir(), 'commerce-')),
    seedProducts,
    logLevel: 'silent',
    clientId: CLIENT.id,
    clientSecret: CLIENT.secret,
    now,
  });
  return {
    ...commerce,
    stop: async () => {
      await commerce.stop();
      await drop();
    },
  };
}

/** A commercetools-style client: token once, then bearer-authenticated GraphQL and REST calls. */
export function client(commerce: RunningCommerce) {
  let token: string | undefined;
  const auth = async () => {
    if (!token) {
      const response = await fetch(`${commerce.baseUrl}/oauth/token?grant_type=client_credentials`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64')}` },
      });
      token = ((await response.json()) as { access_token: string }).access_token;
    }
    return token;
  };
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${commerce.baseUrl}/shop${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await auth()}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  return {
    post,
    /** GraphQL: resolves to `data`, or rejects with the first error's code and extensions. */
    gql: async (query: string, variables: Record<string, unknown> = {}) => {
      const { status, body } = await post('/graphql', { query, variables });
      if (body.errors?.length) {
        const [first] = body.errors;
        throw Object.assign(new Error(first.message), {
          code: first.extensions?.code,
          extensions: first.extensions,
          status,
        });
      }
      return body.data;
    },
    login: (store: string, body: Record<string, unknown>) => post(`/in-store/key=${store}/login`, body),
  };
}

export const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return (error as { code?: string }).code;
  }
  throw new Error('expected the call to fail');
};

/** A response body as loosely typed JSON, for assertions. */
export const readJson = async (response: Response) => (await response.json()) as any; // eslint-disable-line @typescript-eslint/no-explicit-any
