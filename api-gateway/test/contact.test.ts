import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authClient, captchaAt, startBuiltService, startTestGateway } from './support';

const INTERNAL_CAPTCHA = 'internal-captcha-secret-for-tests-0002';
const CRM_KEY = 'crm-key-for-gateway-tests-0001';
let vendors: Awaited<ReturnType<typeof startBuiltService>>;
let gateway: Awaited<ReturnType<typeof startTestGateway>>;

beforeAll(async () => {
  vendors = await startBuiltService(
    'vendors',
    {
      CAPTCHA_SECRET: 'captcha-secret-for-tests',
      CRM_API_KEY: CRM_KEY,
      VENDORS_DATA_DIR: join(mkdtempSync(join(tmpdir(), 'gw-vendors-')), 'vendors-db'),
    },
    'VENDORS_PORT',
  );
  // The CRM creates its database on first use: do that here rather than inside a test.
  await fetch(`${vendors.url}/cases`, { headers: { authorization: `Bearer ${CRM_KEY}` } });
  gateway = await startTestGateway({
    captcha: captchaAt(vendors.url, 'captcha-secret-for-tests', INTERNAL_CAPTCHA),
    crm: { url: vendors.url, apiKey: CRM_KEY },
    // Tests play several client addresses through X-Forwarded-For.
    trustProxy: ['loopback'],
  });
}, 120_000);
afterAll(async () => {
  await gateway?.stop();
  await vendors?.stop();
});

const good = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '+1 (555) 010-2030',
  country: 'CA',
  orderNumber: 'VF100123',
  topic: 'order',
  message: 'My order has not arrived yet. Could you check on it?',
  captchaToken: INTERNAL_CAPTCHA,
};

type Client = ReturnType<typeof authClient>;
let address = 0;
/** A browser-like client from an address of its own, so the per-address limit of one test does not touch another. */
const newClient = (host?: string) => {
  const client = authClient(gateway.url, host);
  const ip = `203.0.113.${(address += 1)}`;
  return { client, ip };
};
async function send({ client, ip }: { client: Client; ip: string }, body: unknown, { csrf = true } = {}) {
  const payload =
    csrf && typeof body === 'object' && body !== null && !Array.isArray(body)
      ? { csrfToken: await client.csrfToken(), ...body }
      : body;
  const response = await client.send('/api/contact', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(payload),
  });
  return { status: response.status, body: (await response.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}
const cases = async () =>
  (await (await fetch(`${gateway.url}/api/dev/cases?limit=5`)).json()) as {
    total: number;
    cases: Array<Record<string, string | null>>;
  };

describe('POST /api/contact', () => {
  it('files a good message as a case with the brand’s web-to-case settings, listed at /api/dev/cases', async () => {
    const before = (await cases()).total;
    const { status, body } = await send(newClient(), { ...good, orderNumber: 'vf100123' });
    expect(status).toBe(201);
    expect(body.caseNumber).toMatch(/^\d{8}$/);

    const listed = await cases();
    expect(listed.total).toBe(before + 1);
    expect(listed.cases[0]).toMatchObject({
      caseNumber: body.caseNumber,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+1 (555) 010-2030',
      subject: 'Question about an order',
      origin: 'Web',
      type: 'Information',
      team: 'Vanity Fair Consumer Care',
      division: 'Intimates',
      website: 'https://www.vanityfair.example',
      country: 'CA',
      orderNumber: 'VF100123',
      topic: 'order',
    });
    expect(listed.cases[0].description).toBe(`${good.message}\n\nOrder number: VF100123\nCountry: Canada (CA)`);
  });

  it('files under the brand of the host the shopper is on', async () => {
    const { status } = await send(newClient(`hoopcraft.localhost:${gateway.port}`), {
      ...good,
      orderNumber: '',
      country: 'US',
      topic: 'product',
    });
    expect(status).toBe(201);
    expect((await cases()).cases[0]).toMatchObject({
      team: 'Hoopcraft Consumer Care',
      website: 'https://www.hoopcraft.example',
      subject: 'Question about a product',
      orderNumber: null,
    });
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['missing fields', { firstName: 'Ada' }, ['lastName', 'email', 'country', 'topic', 'message', 'captchaToken']],
    [
      'wrong types',
      { ...good, firstName: 42, email: ['ada@example.com'], country: { code: 'US' }, message: true },
      ['firstName', 'email', 'country', 'message'],
    ],
    ['huge strings', { ...good, firstName: 'A'.repeat(10_000), message: 'x'.repeat(40_000) }, ['firstName', 'message']],
    [
      'script tags',
      { ...good, lastName: '<script>alert(1)</script>', message: 'Hello <img src=x onerror=alert(1)> there' },
      ['lastName', 'message'],
    ],
    ['a country other than CA and US', { ...good, country: 'GB' }, ['country']],
    ['a bad e-mail address', { ...good, email: 'ada-at-example.com' }, ['email']],
    ['a bad order number', { ...good, orderNumber: '12345' }, ['orderNumber']],
    ['control characters', { ...good, firstName: 'Ada\u0000' }, ['firstName']],
  ])('refuses %s with a 400 naming each wrong field, and files nothing', async (_what, body, fields) => {
    const before = (await cases()).total;
    const { status, body: answer } = await send(newClient(), body);
    expect(status).toBe(400);
    expect(answer.error).toMatchObject({ code: 'VALIDATION_FAILED', correlationId: expect.any(String) });
    expect(Object.keys(answer.error.fields).sort()).toEqual([...fields].sort());
    expect((await cases()).total).toBe(before);
  });

  it('refuses a failed captcha, naming the captcha field, and files nothing', async () => {
    const before = (await cases()).total;
    const { status, body } = await send(newClient(), { ...good, captchaToken: 'not-a-real-token' });
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'CAPTCHA_FAILED', fields: { captchaToken: expect.any(String) } });
    expect((await cases()).total).toBe(before);
  });

  it('accepts a real invisible-captcha token once', async () => {
    const sender = newClient();
    const token = ((await (await sender.client.send('/api/captcha/challenge')).json()) as { token: string }).token;
    expect((await send(sender, { ...good, captchaToken: token })).status).toBe(201);
    expect((await send(sender, { ...good, captchaToken: token })).body.error.code).toBe('CAPTCHA_FAILED');
  });

  it('needs the CSRF token, and refuses bodies that are not a form object', async () => {
    const before = (await cases()).total;
    expect((await send(newClient(), good, { csrf: false })).status).toBe(403);
    expect((await send(newClient(), [good])).status).toBe(403);
    const huge = await send(newClient(), { ...good, message: 'x'.repeat(200_000) });
    expect(huge).toMatchObject({ status: 413, body: { error: { code: 'PAYLOAD_TOO_LARGE' } } });
    expect((await cases()).total).toBe(before);
  });

  it('limits well-formed messages per address', async () => {
    const sender = newClient();
    // Failed captchas count too: the limit is reached before the captcha is asked.
    for (let i = 0; i < 10; i += 1) expect((await send(sender, { ...good, captchaToken: 'wrong' })).status).toBe(400);
    const { status, body } = await send(sender, good);
    expect(status).toBe(429);
    expect(body.error.code).toBe('TOO_MANY_REQUESTS');
    expect((await send(newClient(), good)).status).toBe(201);
  });
});

describe('GET /dev/cases', () => {
  it('shows stored text HTML-escaped', async () => {
    const text = 'Fish & chips, "quoted" and \'single\': a < b, <3 > 2';
    const { status } = await send(newClient(), { ...good, firstName: 'Zoë', lastName: "O'Brien & Co", message: text });
    expect(status).toBe(201);
    expect((await cases()).cases[0].description).toContain(text);

    const page = await fetch(`${gateway.url}/dev/cases`);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('Fish &amp; chips, &quot;quoted&quot; and &#39;single&#39;: a &lt; b, &lt;3 &gt; 2');
    expect(html).toContain('Zoë O&#39;Brien &amp; Co');
    expect(html).not.toContain('a < b');
    expect(html).toMatch(/<h2>Cases \(\d+\)<\/h2>/);
    expect(html).toContain('<h2>Leads (0)</h2>');
  });
});

describe('when the CRM is down or the environment is production', () => {
  it('answers a good message with a JSON 503, not a 500', async () => {
    const orphan = await startTestGateway({
      captcha: captchaAt(vendors.url, 'captcha-secret-for-tests', INTERNAL_CAPTCHA),
      crm: { url: 'http://127.0.0.1:9', apiKey: CRM_KEY },
    });
    try {
      const client = authClient(orphan.url);
      const response = await client.send('/api/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...good, csrfToken: await client.csrfToken() }),
      });
      expect(response.status).toBe(503);
      const body = (await response.json()) as { error: Record<string, unknown> };
      expect(body.error).toEqual({
        code: 'UPSTREAM_UNAVAILABLE',
        message: 'The contact form is temporarily unavailable. Please try again in a moment.',
        correlationId: expect.any(String),
      });
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect((await fetch(`${orphan.url}/api/dev/cases`)).status).toBe(503);
    } finally {
      await orphan.stop();
    }
  });

  it.each(['production', 'staging'])('serves no CRM listings in %s', async (environment) => {
    const shared = await startTestGateway({ environment, crm: { url: vendors.url, apiKey: CRM_KEY } });
    try {
      expect((await fetch(`${shared.url}/api/dev/cases`)).status).toBe(404);
      expect((await fetch(`${shared.url}/api/dev/leads`)).status).toBe(404);
      expect(await (await fetch(`${shared.url}/dev/cases`)).text()).not.toContain('CRM cases and leads');
    } finally {
      await shared.stop();
    }
  });
});
