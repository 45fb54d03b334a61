/// <reference lib="dom" />
import { CARD_FIELD_MESSAGES } from '@shop/contracts';
import { type CardRules, cardRules } from './card-rules';

type Field = 'number' | 'expiry' | 'cvc';

/**
 * The hosted card field's behaviour, run inside the iframe on the payment origin. The browser
 * gets this function's source (see cardFieldScript), so it is self-contained: it uses its
 * parameters and the browser only.
 *
 * Protocol (CARD_FIELD_MESSAGES; every message is `{ type, ...payload }`): the frame posts
 * `ready` `{ height }` once loaded, `change` `{ complete, brand, error?, height }` as the shopper
 * types and leaves fields, `token` `{ token, card }` or `error` `{ message, field? }` after a
 * `tokenize`; it obeys `tokenize` and `focus`. It posts only to the origin it was given
 * (`data-origin`, validated by the server) and reads messages only from that origin's window.
 */
function cardField(messages: typeof CARD_FIELD_MESSAGES, rules: CardRules) {
  const root = document.documentElement;
  const parentOrigin = root.dataset.origin ?? '';
  const publishableKey = root.dataset.pk ?? '';
  const clientSecret = root.dataset.clientSecret ?? '';
  const form = document.getElementById('card-form') as HTMLFormElement;
  const formError = document.getElementById('card-form-error') as HTMLElement;
  const fields: Record<Field, HTMLInputElement> = {
    number: document.getElementById('card-number') as HTMLInputElement,
    expiry: document.getElementById('card-expiry') as HTMLInputElement,
    cvc: document.getElementById('card-cvc') as HTMLInputElement,
  };
  const order: Field[] = ['number', 'expiry', 'cvc'];
  const shown: Record<Field, string> = { number: '', expiry: '', cvc: '' };
  let busy = false;

  const post = (type: string, payload: Record<string, unknown> = {}) => {
    window.parent.postMessage({ type, ...payload }, parentOrigin);
  };
  const height = () => Math.ceil(root.scrollHeight);
  const brand = () => rules.brandOf(rules.digitsOf(fields.number.value));
  const problem = (field: Field) =>
    field === 'number'
      ? rules.numberProblem(fields.number.value)
      : field === 'expiry'
        ? rules.expiryTextProblem(fields.expiry.value, new Date())
        : rules.cvcProblem(fields.cvc.value, brand());
  /** Shows (or clears) a field's error under it; its live region announces the change. */
  const show = (field: Field, message: string) => {
    shown[field] = message;
    const input = fields[field];
    const error = document.getElementById(`${input.id}-error`) as HTMLElement;
    if (error.textContent !== message) error.textContent = message;
    input.setAttribute('aria-invalid', message ? 'true' : 'false');
  };
  const notify = () => {
    const error = order.map((field) => shown[field]).find(Boolean);
    post(messages.change, {
      complete: order.every((field) => !problem(field)),
      brand: brand(),
      ...(error ? { error } : {}),
      height: height(),
    });
  };

  /** Groups the digits as the card shows them (4-6-5 for Amex, fours otherwise) while typing at the end. */
  const formatNumber = () => {
    const input = fields.number;
    if (input.selectionStart !== null && input.selectionStart < input.value.length) return;
    const digits = input.value.replace(/\D/g, '').slice(0, 19);
    const groups = rules.brandOf(digits) === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
    const parts: string[] = [];
    let at = 0;
    for (const size of groups) {
      if (at >= digits.length) break;
      parts.push(digits.slice(at, at + size));
      at += size;
    }
    input.value = parts.join(' ');
  };
  /**
   * Adds the slash after a two-digit month typed at the end; a slash the shopper types after it
   * (as printed on the card: 12/34) is not doubled.
   */
  const formatExpiry = (event: Event) => {
    const input = fields.expiry;
    if ((event as InputEvent).inputType !== 'insertText') return;
    if (/^\d{2}$/.test(input.value)) input.value += '/';
    else if (/^\d{2}\/\/+/.test(input.value)) input.value = input.value.replace(/^(\d{2})\/+/, '$1/');
  };

  for (const field of order) {
    const input = fields[field];
    input.addEventListener('input', (event) => {
      if (field === 'number') formatNumber();
      if (field === 'expiry') formatExpiry(event);
      // An error already shown follows the typing, so it goes away as soon as the field is right.
      if (shown[field]) show(field, problem(field));
      formError.textContent = '';
      notify();
    });
    input.addEventListener('blur', () => {
      if (input.value.trim()) show(field, problem(field));
      notify();
    });
  }
  // Enter inside the frame does nothing: the page's own button asks for the token.
  form.addEventListener('submit', (event) => event.preventDefault());

  const fail = (message: string, field?: Field) => {
    if (field) {
      show(field, message);
      fields[field].focus();
    } else {
      formError.textContent = message;
    }
    post(messages.error, { message, ...(field ? { field } : {}) });
  };

  const tokenize = async () => {
    if (busy) return;
    formError.textContent = '';
    for (const field of order) show(field, problem(field));
    const first = order.find((field) => shown[field]);
    if (first) {
      fail(shown[first], first);
      notify();
      return;
    }
    busy = true;
    form.setAttribute('aria-busy', 'true');
    const expiry = rules.parseExpiry(fields.expiry.value) as { month: number; year: number };
    try {
      const response = await fetch('/hosted/v1/tokens', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'omit',
        cache: 'no-store',
        body: JSON.stringify({
          pk: publishableKey,
          clientSecret,
          number: rules.digitsOf(fields.number.value),
          expMonth: expiry.month,
          expYear: expiry.year,
          cvc: fields.cvc.value.trim(),
        }),
      });
      const body = await response.json().catch(() => ({}));
      if (response.ok && typeof body.token === 'string') {
        post(messages.token, { token: body.token, card: body.card });
      } else {
        const field = order.find((name) => name === body?.error?.field);
        // A field's problem, or a form that expired (its client secret): the shopper is told which.
        const message =
          (field || body?.error?.code === 'CLIENT_SECRET_INVALID') && typeof body.error.message === 'string'
            ? body.error.message
            : 'We could not check this card. Check the details and try again.';
        fail(message, field);
      }
    } catch {
      fail('We could not reach the payment service. Try again.');
    } finally {
      busy = false;
      form.removeAttribute('aria-busy');
      notify();
    }
  };

  window.addEventListener('message', (event) => {
    if (event.origin !== parentOrigin || event.source !== window.parent) return;
    const data = event.data as { type?: unknown } | null;
    if (!data || typeof data !== 'object') return;
    if (data.type === messages.tokenize) void tokenize();
    else if (data.type === messages.focus) fields.number.focus();
  });
  post(messages.ready, { height: height() });
}

/**
 * The script the card field page loads: the function above and the card rules, as source. (A
 * coverage run that instruments these functions would put its counters into the browser's copy;
 * the service's tests do not collect coverage.)
 */
export function cardFieldScript(): string {
  return `'use strict';\n(${cardField.toString()})(${JSON.stringify(CARD_FIELD_MESSAGES)}, (${cardRules.toString()})());\n`;
}
