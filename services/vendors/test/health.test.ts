import { get } from 'node:http';
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
    const vendors = await startVendors('pglite');
    try {
      const health = () => statusOf(`${vendors.url}/healthz`);
      expect(await health()).toBe(200);
      const warming = vendors.warmUp();
      expect(await health()).toBe(503);
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
