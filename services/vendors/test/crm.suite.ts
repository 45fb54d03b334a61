import type { RunningVendors } from '../src/server';
import { CRM_KEY, type DatabaseKind, ORG_ID, RECORD_TYPE_ID, getJson, postForm, startVendors } from './support';

const goodCase = {
  orgid: ORG_ID,
  recordType: RECORD_TYPE_ID,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '',
  subject: 'Order question',
  description: 'Where is my order?\nIt has been a week.',
  origin: 'Web',
  type: 'Information',
  Team__c: 'Consumer Care',
  Website__c: 'https://www.vanityfair.example',
};
const goodLead = {
  oid: ORG_ID,
  last_name: 'NA',
  email: 'Grace@Example.com',
  lead_source: 'Web',
  vanityfair_email_optin__c: '1',
};

/** The same CRM tests, run against PGlite and against PostgreSQL. */
export function crmSuite(kind: DatabaseKind) {
  let vendors: RunningVendors;
  beforeAll(async () => {
    vendors = await startVendors(kind);
  });
  afterAll(() => vendors?.stop());
  const caseUrl = () => `${vendors.url}/servlet/servlet.WebToCase`;
  const leadUrl = () => `${vendors.url}/servlet/servlet.WebToLead`;
  const caseCount = async () => (await getJson(`${vendors.url}/cases?limit=1`)).body.total as number;

  describe('web-to-case', () => {
    it('stores a case with the next eight-digit case number, custom fields included, and lists it newest first', async () => {
      const first = await postForm(caseUrl(), goodCase);
      expect(first.status).toBe(201);
      expect(first.body.caseNumber).toMatch(/^\d{8}$/);
      const second = await postForm(caseUrl(), { ...goodCase, subject: 'Second' });
      expect(Number(second.body.caseNumber)).toBe(Number(first.body.caseNumber) + 1);

      const { status, body } = await getJson(`${vendors.url}/cases?limit=2`);
      expect(status).toBe(200);
      expect(body.total).toBe(2);
      expect(body.cases.map((c: { subject: string }) => c.subject)).toEqual(['Second', 'Order question']);
      expect(body.cases[1]).toMatchObject({
        id: first.body.id,
        caseNumber: first.body.caseNumber,
        orgId: ORG_ID,
        recordTypeId: RECORD_TYPE_ID,
        email: 'ada@example.com',
        phone: null,
        description: 'Where is my order?\nIt has been a week.',
        origin: 'Web',
        type: 'Information',
        custom: { Team__c: 'Consumer Care', Website__c: 'https://www.vanityfair.example' },
      });
    });

    it.each([
      ['a missing org id', { orgid: '' }, 'orgid'],
      ['an org id in the wrong format', { orgid: 'not-an-org' }, 'orgid'],
      ['a missing e-mail', { email: '' }, 'email'],
      ['a bad e-mail', { email: 'ada at example' }, 'email'],
      ['a missing description', { description: '' }, 'description'],
      ['a field the form does not have', { favouriteColour: 'blue' }, 'favouriteColour'],
      ['control characters', { subject: 'Hi\u0007there' }, 'subject'],
      ['a subject over two lines', { subject: 'Hi\nthere' }, 'subject'],
      ['a huge description', { description: 'x'.repeat(32_001) }, 'description'],
      ['a field sent twice', { subject: ['one', 'two'] }, 'subject'],
      ['a huge custom field', { Team__c: 'x'.repeat(1001) }, 'Team__c'],
    ])('refuses %s with 400 naming the field, and stores nothing', async (_what, change, field) => {
      const before = await caseCount();
      const { status, body } = await postForm(caseUrl(), { ...goodCase, ...change });
      expect(status).toBe(400);
      expect(body.error).toMatchObject({ code: 'INVALID_FIELD', field });
      expect(await caseCount()).toBe(before);
    });

    it('answers a body over the size limit with a JSON 413', async () => {
      const { status, body } = await postForm(caseUrl(), { ...goodCase, description: 'x'.repeat(70_000) });
      expect(status).toBe(413);
      expect(body.error.code).toBe('BAD_REQUEST');
    });
  });

  describe('web-to-lead', () => {
    it('creates one lead per opt-in and lower-cased e-mail; a repeat signup changes nothing but the count', async () => {
      const created = await postForm(leadUrl(), goodLead);
      expect(created).toMatchObject({ status: 201, body: { created: true } });
      const again = await postForm(leadUrl(), { ...goodLead, email: 'grace@EXAMPLE.com', last_name: 'Hopper' });
      expect(again).toEqual({ status: 200, body: { id: created.body.id, created: false } });
      const otherBrand = await postForm(leadUrl(), {
        ...goodLead,
        vanityfair_email_optin__c: '',
        everwear_email_optin__c: '1',
      });
      expect(otherBrand).toMatchObject({ status: 201, body: { created: true } });
      expect(otherBrand.body.id).not.toBe(created.body.id);

      const { body } = await getJson(`${vendors.url}/leads?limit=10`);
      expect(body.total).toBe(2);
      expect(body.leads.map((lead: { optInKey: string }) => lead.optInKey)).toEqual([
        'everwear_email_optin',
        'vanityfair_email_optin',
      ]);
      expect(body.leads[1]).toMatchObject({
        id: created.body.id,
        email: 'Grace@Example.com',
        lastName: 'NA',
        leadSource: 'Web',
        submissions: 2,
      });
    });

    it.each([
      ['no opt-in checkbox', { vanityfair_email_optin__c: '' }, '(opt-in)'],
      ['two opt-in checkboxes', { everwear_email_optin__c: '1' }, '(opt-in)'],
      ['an unticked opt-in', { vanityfair_email_optin__c: '0' }, 'vanityfair_email_optin__c'],
      ['a missing last name', { last_name: '' }, 'last_name'],
      ['the case form’s org field', { oid: '', orgid: ORG_ID }, 'oid'],
    ])('refuses a lead with %s', async (_what, change, field) => {
      const { status, body } = await postForm(leadUrl(), { ...goodLead, email: 'refused@example.com', ...change });
      expect(status).toBe(400);
      expect(body.error.field).toBe(field);
      expect(
        (await getJson(`${vendors.url}/leads?limit=50`)).body.leads.map((lead: { email: string }) => lead.email),
      ).not.toContain('refused@example.com');
    });
  });

  describe('development read endpoints', () => {
    it('need the shared key and a sensible limit', async () => {
      expect((await getJson(`${vendors.url}/cases`, null)).status).toBe(401);
      expect((await getJson(`${vendors.url}/leads`, `${CRM_KEY}-wrong`)).status).toBe(401);
      expect((await getJson(`${vendors.url}/cases?limit=0`)).body.error).toMatchObject({
        code: 'INVALID_FIELD',
        field: 'limit',
      });
      expect((await getJson(`${vendors.url}/cases?limit=abc`)).status).toBe(400);
      expect((await getJson(`${vendors.url}/cases?limit=201`)).status).toBe(400);
    });
  });
}
