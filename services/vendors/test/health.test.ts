import { get } from 'node:http';
import { loadZipData } from '../src/zip-data';
import { startVendors } from './support';

/** A fresh connection per check: PGlite's start holds the event loop past keep-alive deadlines. */
const statusOf = (url: string) =>
  new Promise<number>((resolve, reject) =>
    get(url, { agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).once('error', reject),
  );

describe('the vendors health check', () => {
  it('answers 503 starting while the database opens and the ZIP table loads, then ok', async () => {
    // The ZIP table loads only when the test lets it, so the check surely lands while warming
    // (PGlite's start alone can finish before a loaded machine serves the request).
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const vendors = await startVendors('pglite', undefined, { zipData: () => held.then(loadZipData) });
    try {
      const health = () => statusOf(`${vendors.url}/healthz`);
      expect(await health()).toBe(200);
      const warming = vendors.warmUp();
      expect(await health()).toBe(503);
      release();
      await warming;
      expect(await health()).toBe(200);
      const response = await fetch(`${vendors.url}/address/v1/verify`, {
        method: 'POST',
        headers: { authorization: 'Bearer test-address-api-key-0123456789', 'content-type': 'application/json' },
        body: JSON.stringify({
          address: { streetName: '350 5th Ave', city: 'New York', state: 'NY', postalCode: '10118', country: 'US' },
        }),
      });
      expect(response.status).toBe(200);
    } finally {
      await vendors.stop();
    }
  });
});
