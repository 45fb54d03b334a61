import type { Db } from '../../db/database';
import { CATALOG_CHANNEL, MAX_PAYLOAD_BYTES, announce, payloads } from './catalog-changes';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('catalog change notifications', () => {
  it('carries a small change in one payload', () => {
    expect(payloads({ products: [[uuid(1), 2]] })).toEqual([`{"products":[["${uuid(1)}",2]]}`]);
    expect(payloads({ stock: [['SKU-1', 'everwear-online', 7]] })).toEqual([
      '{"stock":[["SKU-1","everwear-online",7]]}',
    ]);
    expect(payloads({})).toEqual([]);
  });

  it('splits a long change into payloads PostgreSQL takes (under 8000 bytes), losing nothing', () => {
    const products = Array.from({ length: 1000 }, (_, n): [string, number] => [uuid(n), n + 1]);
    const stock = Array.from({ length: 700 }, (_, n): [string, string, number] => [
      `7610000-F4C2C2-${n}`,
      'vanityfair-online',
      2,
    ]);
    const list = payloads({ products, stock });
    expect(list.length).toBeGreaterThan(2);
    for (const payload of list) expect(Buffer.byteLength(payload)).toBeLessThan(Math.min(MAX_PAYLOAD_BYTES, 8000));
    const parsed = list.map((payload) => JSON.parse(payload));
    expect(parsed.flatMap((p) => p.products ?? [])).toEqual(products);
    expect(parsed.flatMap((p) => p.stock ?? [])).toEqual(stock);
  });

  it('asks for a full load when the catalog itself changed, or an item could never fit', () => {
    expect(payloads({ catalog: true, products: [[uuid(1), 2]] })).toEqual(['{"catalog":true}']);
    expect(payloads({ stock: [['x'.repeat(MAX_PAYLOAD_BYTES), 'list', 2]] })).toEqual(['{"catalog":true}']);
  });

  it('is sent with the write on PostgreSQL, and not at all on PGlite', async () => {
    const calls: unknown[][] = [];
    const db = (kind: Db['kind']) =>
      ({
        kind,
        query: async (sql: string, params?: unknown[]) => {
          calls.push([sql, params]);
          return [];
        },
      }) as unknown as Db;
    await announce(db('pglite'), { products: [[uuid(1), 2]] });
    expect(calls).toEqual([]);
    await announce(db('postgres'), { products: [[uuid(1), 2]] });
    expect(calls).toEqual([
      [expect.stringContaining('pg_notify'), [CATALOG_CHANNEL, [`{"products":[["${uuid(1)}",2]]}`]]],
    ]);
    await announce(db('postgres'), {});
    expect(calls).toHaveLength(1);
  });
});
