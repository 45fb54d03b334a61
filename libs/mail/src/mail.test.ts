import { type MailCatcher, startMailCatcher } from './catcher';
import { type Mail, createSmtpSender, renderMail } from './index';
import { testMailBrand } from './testing';

const brand = testMailBrand();

const returnStarted = (to: string): Mail => ({
  kind: 'return-started',
  to,
  orderNumber: 'VF0000000001',
  returnId: 'VF0000000001-R1',
  lines: [{ name: 'Bra', quantity: 1 }],
  refundCents: 3400,
  refundSpeed: 'standard',
  label: Buffer.from('%PDF-1.7 label'),
  trackingNumber: '1ZRETURN0001',
  trackUrl: 'https://vanityfair.example/order/track',
});

const shipped: Mail = {
  kind: 'order-shipped',
  to: 'Shopper@Example.com',
  orderNumber: 'VF0000012345',
  carrier: 'UPS',
  trackingNumber: '1Z999AA10123456784',
  carrierUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
  trackUrl: 'https://vanityfair.example/order/track',
  lines: [{ name: 'Body Caress <Full> Coverage Bra', quantity: 2, details: 'Band: 36, Cup: C' }],
};

describe('transactional mail', () => {
  it('renders HTML in the brand colours and text with the same facts, escaping what it quotes', () => {
    const mail = renderMail(brand, shipped);
    expect(mail.subject).toBe('Vanity Fair: order VF0000012345 is on its way');
    expect(mail.html).toContain('#6b1f4f');
    expect(mail.html).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');
    expect(mail.html).toContain('Body Caress &lt;Full&gt; Coverage Bra');
    expect(mail.html).not.toContain('<Full>');
    expect(mail.text).toContain('1Z999AA10123456784');
    expect(mail.text).toContain('2 × Body Caress <Full> Coverage Bra');
    expect(mail.text).toContain('Band: 36, Cup: C');
  });

  it.each<Mail>([
    {
      kind: 'order-placed',
      to: 'a@example.com',
      orderNumber: 'VF0000000001',
      inReview: false,
      lines: [{ name: 'Bra', quantity: 1, totalCents: 3400 }],
      totals: [
        { label: 'Subtotal', cents: 3400 },
        { label: 'Tax', cents: 0 },
      ],
      totalCents: 3400,
      shipTo: { name: 'Ada Lovelace', lines: ['350 5th Ave', 'New York, NY 10118'] },
      shippingMethod: 'Standard',
      payment: 'Visa ending in 4242',
      trackUrl: 'https://vanityfair.example/order/track',
    },
    {
      kind: 'order-delivered',
      to: 'a@example.com',
      orderNumber: 'VF0000000001',
      deliveredAt: '2026-11-20T15:00:00Z',
      returns: { url: 'https://vanityfair.example/account/orders/VF0000000001/return', until: '2026-12-20T15:00:00Z' },
      trackUrl: 'https://vanityfair.example/order/track',
    },
    returnStarted('a@example.com'),
    {
      kind: 'refund-issued',
      to: 'a@example.com',
      orderNumber: 'VF0000000001',
      returnId: 'VF0000000001-R1',
      lines: [{ name: 'Bra', quantity: 1 }],
      refundCents: 3400,
      payment: 'Visa ending in 4242',
      trackUrl: 'https://vanityfair.example/order/track',
    },
    {
      kind: 'password-reset',
      to: 'a@example.com',
      resetUrl: 'https://vanityfair.example/password/reset?token=t',
      validMinutes: 10,
    },
    {
      kind: 'welcome-code',
      to: 'a@example.com',
      code: 'WELCOME-ABC123',
      percentOff: 15,
      validUntil: '2026-12-31T12:00:00Z',
    },
    { kind: 'subscribed', to: 'a@example.com' },
  ])('renders the $kind mail with its brand name, as HTML and as text', (mail) => {
    const rendered = renderMail(brand, mail);
    expect(rendered.subject).toContain('Vanity Fair');
    expect(rendered.html).toMatch(/^<!DOCTYPE html/i);
    expect(rendered.text.length).toBeGreaterThan(40);
    expect(rendered.text).not.toMatch(/<[a-z]/i);
  });

  describe('over SMTP into the catcher', () => {
    let catcher: MailCatcher;
    beforeAll(async () => {
      catcher = await startMailCatcher();
    });
    afterAll(() => catcher.close());

    it('sends from the brand, and the catcher keeps it for its address, its page and its JSON', async () => {
      const sender = createSmtpSender(`smtp://127.0.0.1:${catcher.smtpPort}`);
      await sender.send(brand, shipped);
      sender.close();
      const [mail] = catcher.messages('shopper@example.com');
      expect(mail).toMatchObject({
        from: '"Vanity Fair" <orders@vanityfair.example>',
        to: ['shopper@example.com'],
        subject: 'Vanity Fair: order VF0000012345 is on its way',
        brand: 'vanityfair',
        kind: 'order-shipped',
      });
      expect(mail.text).toContain('1Z999AA10123456784');
      expect(catcher.messages('nobody@example.com')).toEqual([]);

      const base = `http://127.0.0.1:${catcher.httpPort}`;
      const list = await (await fetch(`${base}/`)).text();
      expect(list).toContain(`href="/messages/${mail.id}"`);
      const one = await fetch(`${base}/messages/${mail.id}`);
      expect(one.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(await one.text()).toContain('sandbox srcdoc=');
      const json = (await (await fetch(`${base}/api/messages?to=SHOPPER@example.com`)).json()) as unknown[];
      expect(json).toHaveLength(1);
      expect((await fetch(`${base}/messages/999999`)).status).toBe(404);
    });

    it('carries a return label as a PDF the catcher serves back', async () => {
      const sender = createSmtpSender(`smtp://127.0.0.1:${catcher.smtpPort}`);
      await sender.send(brand, returnStarted('returner@example.com'));
      sender.close();
      const [mail] = catcher.messages('returner@example.com');
      expect(mail.attachments).toEqual([
        { filename: 'return-label-VF0000000001-R1.pdf', contentType: 'application/pdf', size: 14 },
      ]);
      const file = await fetch(`http://127.0.0.1:${catcher.httpPort}/messages/${mail.id}/attachments/0`);
      expect(Buffer.from(await file.arrayBuffer()).toString()).toBe('%PDF-1.7 label');
    });

    it('refuses a sender that cannot reach the SMTP server, without hanging', async () => {
      const sender = createSmtpSender('smtp://127.0.0.1:1');
      await expect(sender.send(brand, shipped)).rejects.toThrow();
      sender.close();
    });
  });
});
