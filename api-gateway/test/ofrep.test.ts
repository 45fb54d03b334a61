import { OFREPWebProvider } from '@openfeature/ofrep-web-provider';
import { OpenFeature } from '@openfeature/web-sdk';
import { startTestGateway } from './support';

let hoopcraft: Awaited<ReturnType<typeof startTestGateway>>;
let vanityfair: Awaited<ReturnType<typeof startTestGateway>>;

// The brand comes from the host; each gateway here answers plain 127.0.0.1 as one brand.
beforeAll(async () => {
  hoopcraft = await startTestGateway({ defaultBrand: 'hoopcraft' });
  vanityfair = await startTestGateway({ defaultBrand: 'vanityfair' });
});
afterAll(async () => {
  await OpenFeature.close();
  await hoopcraft?.stop();
  await vanityfair?.stop();
});

const bulk = (base: string, body: unknown = {}, headers: Record<string, string> = {}) =>
  fetch(`${base}/api/ofrep/v1/evaluate/flags`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('OFREP: the brand’s flags for the browser', () => {
  it('is read unchanged by OpenFeature’s own OFREP web provider', async () => {
    await OpenFeature.setProviderAndWait('hoopcraft', new OFREPWebProvider({ baseUrl: `${hoopcraft.url}/api` }));
    await OpenFeature.setProviderAndWait('vanityfair', new OFREPWebProvider({ baseUrl: `${vanityfair.url}/api` }));
    const hc = OpenFeature.getClient('hoopcraft');
    const vf = OpenFeature.getClient('vanityfair');
    // The brands' flagd defaults: hoopcraft takes no guest orders, vanityfair does.
    expect(hc.getBooleanDetails('guestOrdering', true)).toMatchObject({
      value: false,
      variant: 'off',
      reason: 'STATIC',
    });
    expect(vf.getBooleanDetails('guestOrdering', false)).toMatchObject({
      value: true,
      variant: 'on',
      reason: 'STATIC',
    });
    expect(hc.getBooleanValue('storeLocator', false)).toBe(true);
    expect(hc.getBooleanDetails('noSuchFlag', true)).toMatchObject({ value: true, errorCode: 'FLAG_NOT_FOUND' });
  });

  it('answers 304 to a poll whose ETag still holds, 200 with the flags otherwise', async () => {
    const first = await bulk(hoopcraft.url);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    const body = (await first.json()) as { flags: Array<{ key: string; value?: unknown }> };
    expect(body.flags.map((f) => f.key)).toContain('loyalty');
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect((await bulk(hoopcraft.url, {}, { 'if-none-match': etag })).status).toBe(304);
    expect((await bulk(hoopcraft.url, {}, { 'if-none-match': '"stale"' })).status).toBe(200);
  });

  it('evaluates one flag, and names a flag the brand lacks in OFREP’s terms and ours', async () => {
    const one = await fetch(`${vanityfair.url}/api/ofrep/v1/evaluate/flags/returns`, { method: 'POST' });
    expect(await one.json()).toEqual({ key: 'returns', value: true, variant: 'on', reason: 'STATIC' });
    const none = await fetch(`${vanityfair.url}/api/ofrep/v1/evaluate/flags/noSuchFlag`, { method: 'POST' });
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({
      key: 'noSuchFlag',
      errorCode: 'FLAG_NOT_FOUND',
      error: { code: 'FLAG_NOT_FOUND', correlationId: expect.any(String) },
    });
  });

  it('refuses a malformed context with 400 INVALID_CONTEXT, and lets no context change the brand', async () => {
    for (const context of [
      { nested: { a: 1 } },
      'text',
      Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`a${i}`, i])),
    ]) {
      const answer = await bulk(hoopcraft.url, { context });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ errorCode: 'INVALID_CONTEXT', error: { code: 'INVALID_CONTEXT' } });
    }
    const spoofed = await bulk(hoopcraft.url, { context: { brand: 'vanityfair', userType: 'customer' } });
    const flags = ((await spoofed.json()) as { flags: Array<{ key: string; value?: unknown }> }).flags;
    expect(flags.find((f) => f.key === 'guestOrdering')?.value).toBe(false);
  });
});
