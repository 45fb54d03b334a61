import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { loadBrandCatalog } from '@shop/brands';
import { UpstreamUnavailableError } from '../upstream-guard';
import { type BrandCrmConfig, createCrmClient } from './index';

// The brand's real settings, so the test follows the config schema.
const crm: BrandCrmConfig = loadBrandCatalog({
  dir: join(__dirname, '..', '..', '..', '..', 'brands'),
  environment: 'test',
}).get('vanityfair')!.config.crm;
const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/** A CRM that records each request and answers with the next queued reply. */
function fakeCrm() {
  const seen: Array<{ url: string; authorization?: string; form: URLSearchParams }> = [];
  const replies: Array<{ status: number; body: string; type?: string }> = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', authorization: req.headers.authorization, form: new URLSearchParams(body) });
      const reply = replies.shift() ?? { status: 200, body: '{}' };
      res.writeHead(reply.status, { 'content-type': reply.type ?? 'application/json' }).end(reply.body);
    });
  });
  return {
    server,
    seen,
    reply: (status: number, body: unknown, type?: string) =>
      replies.push({ status, body: typeof body === 'string' ? body : JSON.stringify(body), type }),
  };
}

let fake: ReturnType<typeof fakeCrm>;
let client: ReturnType<typeof createCrmClient>;
beforeAll(async () => {
  fake = fakeCrm();
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  client = createCrmClient({
    url: `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/`,
    apiKey: 'key-0123456789abcdef',
    logger: silent,
  });
});
afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));

describe('CRM client', () => {
  it('posts a signup as a web-to-lead form with the brand’s placeholder, source and opt-in checkbox', async () => {
    fake.reply(201, { id: 'lead-1', created: true });
    expect(await client.submitLead({ crm, email: 'grace@example.com', placement: 'footer' })).toEqual({
      id: 'lead-1',
      created: true,
    });
    const { url, authorization, form } = fake.seen.at(-1)!;
    expect(url).toBe('/servlet/servlet.WebToLead?encoding=UTF-8');
    expect(authorization).toBe('Bearer key-0123456789abcdef');
    expect(Object.fromEntries(form)).toEqual({
      oid: crm.webToCase.orgId,
      email: 'grace@example.com',
      last_name: 'NA',
      lead_source: 'Web',
      vanityfair_email_optin__c: '1',
      Signup_Page__c: 'email-signup',
      Signup_Placement__c: 'footer',
    });
  });

  it('reports a repeat signup as not created', async () => {
    fake.reply(200, { id: 'lead-1', created: false });
    expect(
      await client.submitLead({ crm, email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper' }),
    ).toEqual({ id: 'lead-1', created: false });
    expect(fake.seen.at(-1)!.form.get('last_name')).toBe('Hopper');
  });

  it('posts a case to the brand’s form action with the standard and custom fields', async () => {
    fake.reply(201, { id: 'case-1', caseNumber: '00001027' });
    const result = await client.submitCase({
      crm,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      subject: 'S',
      description: 'D',
      country: 'US',
      topic: 'other',
    });
    expect(result).toEqual({ caseNumber: '00001027' });
    const { url, form } = fake.seen.at(-1)!;
    expect(url).toBe('/servlet/servlet.WebToCase?encoding=UTF-8');
    expect(Object.fromEntries(form)).toEqual({
      orgid: crm.webToCase.orgId,
      recordType: crm.webToCase.recordTypeId,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'S',
      description: 'D',
      origin: 'Web',
      type: 'Information',
      Team__c: 'Vanity Fair Consumer Care',
      Division__c: 'Intimates',
      Website__c: 'https://www.vanityfair.example',
      Country__c: 'US',
      Topic__c: 'other',
    });
  });

  it('accepts Salesforce’s page answer to a case, without a case number', async () => {
    fake.reply(200, '<html><body>Thank you</body></html>', 'text/html');
    expect(
      await client.submitCase({
        crm,
        firstName: 'A',
        lastName: 'B',
        email: 'a@example.com',
        subject: 'S',
        description: 'D',
        country: 'US',
        topic: 'other',
      }),
    ).toEqual({ caseNumber: null });
  });

  it('turns a refusal into a 502 and an outage into a 503', async () => {
    fake.reply(400, { error: { code: 'INVALID_FIELD', field: 'email', message: 'email: must be an e-mail address' } });
    await expect(client.submitLead({ crm, email: 'x' })).rejects.toMatchObject({ status: 502, code: 'CRM_FAILED' });
    fake.reply(503, { error: { code: 'STORAGE_UNAVAILABLE' } });
    await expect(client.listCases(5)).rejects.toMatchObject({ upstream: 'crm', retryAfterSeconds: expect.any(Number) });
    const down = createCrmClient({ url: 'http://127.0.0.1:9', apiKey: 'key-0123456789abcdef', logger: silent });
    await expect(down.listLeads(5)).rejects.toBeInstanceOf(UpstreamUnavailableError);
  });

  it('reads the custom fields back into named case properties', async () => {
    fake.reply(200, {
      total: 1,
      cases: [
        {
          id: 'c',
          caseNumber: '00001001',
          name: 'A B',
          email: 'a@example.com',
          phone: null,
          subject: 'S',
          description: 'D',
          origin: 'Web',
          type: 'Information',
          custom: { Country__c: 'CA', Order_Number__c: 'VF100001', Team__c: 'Care' },
          createdAt: '2025-01-01T00:00:00.000Z',
        },
      ],
    });
    const { total, cases } = await client.listCases(500);
    expect(fake.seen.at(-1)!.url).toBe('/cases?limit=200');
    expect(total).toBe(1);
    expect(cases[0]).toMatchObject({
      caseNumber: '00001001',
      country: 'CA',
      orderNumber: 'VF100001',
      team: 'Care',
      division: null,
    });
  });
});
