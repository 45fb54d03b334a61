// eslint-disable-next-line @nx/enforce-module-boundaries -- one label checker, shared with the browser tests
import { readLabelPdf } from '../../../e2e/src/support/label-pdf';
import type { RunningVendors } from '../src/server';
import { KEYS, call, startVendors } from './support';

const from = { name: 'Ada Shopper', line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701' };
const to = { name: 'Returns Centre', line1: '500 Dock Rd', city: 'Memphis', state: 'TN', postalCode: '38118' };
const draft = (returnId: string, orderNumber = 'VF0000000123') => ({
  orderNumber,
  returnId,
  from,
  to,
  items: [{ name: 'Lace bralette', quantity: 1, sku: 'VF-BRA-1' }],
});

describe('return label stand-in', () => {
  let vendors: RunningVendors;
  beforeAll(async () => {
    vendors = await startVendors('pglite');
  });
  afterAll(() => vendors?.stop());
  const api = (path: string, options: Parameters<typeof call>[1] = {}) =>
    call(`${vendors.url}/labels/v1${path}`, { key: KEYS.returnLabelApiKey, ...options });

  it('makes one label per return, with a tracking number, and answers the same label for a repeat', async () => {
    const created = await api('/labels', { method: 'POST', body: draft('VF0000000123-R1') });
    expect(created).toMatchObject({
      status: 201,
      body: { labelId: expect.stringMatching(/^lbl_/), trackingNumber: expect.stringMatching(/^RT\d{18}$/) },
    });
    const again = await api('/labels', { method: 'POST', body: draft('VF0000000123-R1') });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(created.body);
    const elsewhere = await api('/labels', { method: 'POST', body: draft('VF0000000123-R1', 'VF0000000999') });
    expect(elsewhere).toMatchObject({ status: 409, body: { error: { code: 'RETURN_ID_REUSED' } } });
  });

  it('serves the label as a PDF naming both addresses, the order and the return, with a Code 128 barcode that decodes', async () => {
    const { body } = await api('/labels', { method: 'POST', body: draft('VF0000000123-R2') });
    const response = await fetch(`${vendors.url}/labels/v1/labels/${body.labelId}.pdf`, {
      headers: { authorization: `Bearer ${KEYS.returnLabelApiKey}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pdf = await readLabelPdf(new Uint8Array(await response.arrayBuffer()));
    expect(pdf.text).toContain('Order number: VF0000000123');
    expect(pdf.text).toContain('Return id: VF0000000123-R2');
    expect(pdf.text).toContain('Ada Shopper');
    expect(pdf.text).toContain('Memphis, TN 38118');
    expect(pdf.barcodes).toEqual([body.trackingNumber]);
  });

  it('refuses a missing key, a bad body naming the field, and an unknown label', async () => {
    expect((await call(`${vendors.url}/labels/v1/labels/lbl_x.pdf`)).status).toBe(401);
    const bad = await api('/labels', { method: 'POST', body: { ...draft('R3'), to: { ...to, state: 'ZZ' } } });
    expect(bad).toMatchObject({ status: 400, body: { error: { code: 'INVALID_REQUEST' } } });
    expect(bad.body.error.message).toMatch(/^to\.state/);
    const unknown = await api('/labels/lbl_AAAAAAAAAAAAAAAAAAAAAAAA.pdf');
    expect(unknown).toMatchObject({ status: 404, body: { error: { code: 'LABEL_NOT_FOUND' } } });
  });
});
