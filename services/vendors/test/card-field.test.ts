import { CARD_FIELD_MESSAGES } from '@shop/contracts';
import { JSDOM } from 'jsdom';
import type { RunningVendors } from '../src/server';
import { KEYS, PUBLISHABLE_KEY, call, startVendors } from './support';

const SHOP = 'http://vanityfair.localhost:3000';

describe('the hosted card field page', () => {
  let vendors: RunningVendors;
  /** The client secret the shop would open the field with, for one bag. */
  let clientSecret = '';
  beforeAll(async () => {
    vendors = await startVendors('pglite');
    // Opened now, so no test below waits for the embedded database to start.
    await vendors.database();
    const issued = await call(`${vendors.url}/payments/v1/client-secrets`, {
      method: 'POST',
      key: KEYS.paymentSecretKey,
      body: { reference: 'cart-for-the-field', session: 'session-hash-for-the-field', brand: 'vanityfair' },
    });
    clientSecret = issued.body.clientSecret;
  }, 60_000);
  afterAll(() => vendors.stop());
  const pageUrl = (origin: string, pk = PUBLISHABLE_KEY, secret = clientSecret) =>
    `${vendors.paymentHostedUrl}/hosted/card-field?pk=${encodeURIComponent(pk)}&origin=${encodeURIComponent(origin)}&clientSecret=${encodeURIComponent(secret)}`;

  it('is served to the validated origin only, under a CSP that lets only that origin frame it', async () => {
    const { status, headers, body } = await call(pageUrl(SHOP));
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(headers.get('content-security-policy')).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; " +
        `base-uri 'none'; form-action 'none'; frame-ancestors ${SHOP}`,
    );
    expect(headers.get('cache-control')).toBe('no-store');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(body).toContain(`data-origin="${SHOP}"`);
    expect(body).not.toMatch(/<script>|style=/);
  });

  it.each([
    ['an origin outside PAYMENT_ALLOWED_ORIGINS', 'https://evil.example', 403, 'ORIGIN_NOT_ALLOWED'],
    ['a look-alike host', 'http://localhost.evil.example:3000', 403, 'ORIGIN_NOT_ALLOWED'],
    ['https where http is allowed', 'https://vanityfair.localhost:3000', 403, 'ORIGIN_NOT_ALLOWED'],
    ['a URL rather than an origin', `${SHOP}/checkout`, 400, 'INVALID_REQUEST'],
    ['an origin with quotes', `${SHOP}"><script>`, 400, 'INVALID_REQUEST'],
  ])('refuses %s', async (_what, origin, status, code) => {
    const answer = await call(pageUrl(origin));
    expect(answer.status).toBe(status);
    expect(answer.body.error.code).toBe(code);
    expect(answer.headers.get('content-security-policy')).toBeNull();
  });

  it('refuses an unknown publishable key, a client secret it did not issue and a missing parameter', async () => {
    expect((await call(pageUrl(SHOP, 'pk_nobody'))).body.error.code).toBe('UNKNOWN_PUBLISHABLE_KEY');
    const forged = await call(pageUrl(SHOP, PUBLISHABLE_KEY, `${clientSecret.slice(0, -4)}AAAA`));
    expect(forged).toMatchObject({ status: 401, body: { error: { code: 'CLIENT_SECRET_INVALID' } } });
    const bare = `${vendors.paymentHostedUrl}/hosted/card-field?pk=${PUBLISHABLE_KEY}&origin=${encodeURIComponent(SHOP)}`;
    expect((await call(bare)).status).toBe(400);
    expect((await call(`${vendors.paymentHostedUrl}/hosted/card-field?pk=${PUBLISHABLE_KEY}`)).status).toBe(400);
  });

  it('serves its script and style from its own origin, for its own pages only', async () => {
    const script = await call(`${vendors.paymentHostedUrl}/hosted/card-field.js`);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(script.body).toContain(CARD_FIELD_MESSAGES.tokenize);
    const css = await call(`${vendors.paymentHostedUrl}/hosted/card-field.css`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('labels every input, ties each to its error, and announces errors politely', async () => {
    const { document } = new JSDOM((await call(pageUrl(SHOP))).body).window;
    const inputs = [...document.querySelectorAll('input')];
    expect(inputs.map((input) => document.querySelector(`label[for="${input.id}"]`)?.textContent)).toEqual([
      'Card number',
      'Expiry date (MM/YY)',
      'Security code (CVC)',
    ]);
    for (const input of inputs) {
      const error = document.getElementById(input.getAttribute('aria-describedby') ?? '');
      expect(error?.getAttribute('aria-live')).toBe('polite');
      expect(input.getAttribute('autocomplete')).toMatch(/^cc-/);
    }
    expect(document.getElementById('card-form-error')?.getAttribute('role')).toBe('alert');
    expect(document.documentElement.lang).toBe('en');
  });

  describe('in a browser', () => {
    interface Posted {
      data: { type: string; [key: string]: unknown };
      origin: string;
    }
    let frame: JSDOM;
    let shop: JSDOM;
    let posted: Posted[];
    const input = (id: string) => frame.window.document.getElementById(id) as HTMLInputElement;
    const type = (id: string, value: string) => {
      const field = input(id);
      field.value = value;
      field.dispatchEvent(new frame.window.InputEvent('input', { bubbles: true, inputType: 'insertText' }));
    };
    const send = (data: unknown, origin = SHOP, source: unknown = shop.window) =>
      frame.window.dispatchEvent(
        new frame.window.MessageEvent('message', { data, origin, source } as MessageEventInit),
      );
    const last = (type: string) => posted.filter((p) => p.data.type === type).at(-1);
    const settle = async (type: string) => {
      const until = Date.now() + 10_000;
      while (!last(type) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
      return last(type);
    };

    beforeEach(async () => {
      const html = (await call(pageUrl(SHOP))).body as string;
      const script = (await call(`${vendors.paymentHostedUrl}/hosted/card-field.js`)).body as string;
      shop = new JSDOM('<!doctype html><title>Checkout</title>', { url: `${SHOP}/checkout` });
      frame = new JSDOM(html, { url: pageUrl(SHOP), runScripts: 'outside-only' });
      posted = [];
      // The frame's parent is the checkout page; what the frame posts to it is recorded.
      Object.defineProperty(frame.window, 'parent', { value: shop.window });
      shop.window.postMessage = ((data: Posted['data'], origin: string) => posted.push({ data, origin })) as never;
      (frame.window as unknown as { fetch: typeof fetch }).fetch = (url, init) =>
        fetch(new URL(String(url), frame.window.location.href), init);
      frame.window.eval(script);
    });
    afterEach(() => {
      frame.window.close();
      shop.window.close();
    });

    it('says it is ready, to the page’s origin only', () => {
      expect(posted[0]).toEqual({
        data: { type: CARD_FIELD_MESSAGES.ready, height: expect.any(Number) },
        origin: SHOP,
      });
      expect(posted.every((p) => p.origin === SHOP)).toBe(true);
    });

    it('formats as the shopper types and reports the brand and completeness', () => {
      type('card-number', '4242424242424242');
      expect(input('card-number').value).toBe('4242 4242 4242 4242');
      expect(last(CARD_FIELD_MESSAGES.change)?.data).toMatchObject({ complete: false, brand: 'visa' });
      type('card-expiry', '12');
      expect(input('card-expiry').value).toBe('12/');
      // The slash typed as printed on the card, after the one the field added, is not doubled.
      type('card-expiry', '12//');
      expect(input('card-expiry').value).toBe('12/');
      type('card-expiry', `12/${(new Date().getFullYear() + 2) % 100}`);
      type('card-cvc', '123');
      expect(last(CARD_FIELD_MESSAGES.change)?.data).toMatchObject({ complete: true, brand: 'visa' });
      expect(last(CARD_FIELD_MESSAGES.change)?.data).not.toHaveProperty('error');
    });

    it('shows a field’s error when the shopper leaves it, and clears it once fixed', () => {
      type('card-number', '4242 4242 4242 4241');
      input('card-number').dispatchEvent(new frame.window.FocusEvent('blur'));
      const error = frame.window.document.getElementById('card-number-error');
      expect(error?.textContent).toBe('Enter a valid card number.');
      expect(input('card-number').getAttribute('aria-invalid')).toBe('true');
      expect(last(CARD_FIELD_MESSAGES.change)?.data.error).toBe('Enter a valid card number.');
      type('card-number', '4242 4242 4242 4242');
      expect(error?.textContent).toBe('');
      expect(input('card-number').getAttribute('aria-invalid')).toBe('false');
    });

    it('on tokenize with fields missing, shows every error, focuses the first and tells the page', async () => {
      type('card-number', '4242424242424242');
      send({ type: CARD_FIELD_MESSAGES.tokenize });
      expect(last(CARD_FIELD_MESSAGES.error)?.data).toEqual({
        type: CARD_FIELD_MESSAGES.error,
        message: 'Enter the expiry date as MM/YY.',
        field: 'expiry',
      });
      expect(frame.window.document.getElementById('card-cvc-error')?.textContent).toBe('Enter the security code.');
      expect(frame.window.document.activeElement?.id).toBe('card-expiry');
    });

    it('on tokenize with a good card, sends the token and the card summary, never the number', async () => {
      type('card-number', '5555 5555 5555 4444');
      type('card-expiry', `04/${(new Date().getFullYear() + 3) % 100}`);
      type('card-cvc', '321');
      send({ type: CARD_FIELD_MESSAGES.tokenize });
      const token = await settle(CARD_FIELD_MESSAGES.token);
      expect(token?.data).toEqual({
        type: CARD_FIELD_MESSAGES.token,
        token: expect.stringMatching(/^tok_[A-Za-z0-9]{24}$/),
        card: { brand: 'mastercard', last4: '4444', expMonth: 4, expYear: new Date().getFullYear() + 3 },
      });
      expect(JSON.stringify(posted)).not.toContain('5555555555554444');
      expect(JSON.stringify(posted)).not.toContain('321');
    });

    it('ignores messages from another origin or another window', async () => {
      type('card-number', '4242424242424242');
      const before = posted.length;
      send({ type: CARD_FIELD_MESSAGES.tokenize }, 'https://evil.example');
      send({ type: CARD_FIELD_MESSAGES.tokenize }, SHOP, frame.window);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(posted.length).toBe(before);
    });

    it('moves focus into the card number when the page asks', () => {
      send({ type: CARD_FIELD_MESSAGES.focus });
      expect(frame.window.document.activeElement?.id).toBe('card-number');
    });

    it('shows the payment service’s refusal under its field, and a failure to reach it as an alert', async () => {
      type('card-number', '4242424242424242');
      type('card-expiry', `12/${(new Date().getFullYear() + 1) % 100}`);
      type('card-cvc', '123');
      const refuse = { error: { code: 'INVALID_CVC', message: 'Enter the 3-digit security code.', field: 'cvc' } };
      (frame.window as unknown as { fetch: () => Promise<Response> }).fetch = async () =>
        new Response(JSON.stringify(refuse), { status: 400 });
      send({ type: CARD_FIELD_MESSAGES.tokenize });
      expect((await settle(CARD_FIELD_MESSAGES.error))?.data).toMatchObject({ field: 'cvc' });
      expect(frame.window.document.getElementById('card-cvc-error')?.textContent).toBe(
        'Enter the 3-digit security code.',
      );

      posted = [];
      (frame.window as unknown as { fetch: () => Promise<Response> }).fetch = () =>
        Promise.reject(new Error('offline'));
      send({ type: CARD_FIELD_MESSAGES.tokenize });
      expect((await settle(CARD_FIELD_MESSAGES.error))?.data).toEqual({
        type: CARD_FIELD_MESSAGES.error,
        message: 'We could not reach the payment service. Try again.',
      });
      expect(frame.window.document.getElementById('card-form-error')?.textContent).toBe(
        'We could not reach the payment service. Try again.',
      );
    });
  });
});
