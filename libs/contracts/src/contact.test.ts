import { parseContactRequest } from './contact';

const good = {
  firstName: ' Ada ',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '',
  country: 'CA',
  orderNumber: 'vf100123',
  topic: 'order',
  message: 'My order has not arrived & I’m "worried": a < b, <3',
  captchaToken: 'token',
  csrfToken: 'checked elsewhere',
};

describe('parseContactRequest', () => {
  it('accepts a good message, trims, upper-cases the order number and drops empty optional fields', () => {
    const result = parseContactRequest(good);
    expect(result).toEqual({
      ok: true,
      value: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        phone: undefined,
        country: 'CA',
        orderNumber: 'VF100123',
        topic: 'order',
        message: good.message,
        captchaToken: 'token',
      },
    });
  });

  it('names every missing required field, and no optional one', () => {
    const result = parseContactRequest({});
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.fields).sort()).toEqual([
      'captchaToken',
      'country',
      'email',
      'firstName',
      'lastName',
      'message',
      'topic',
    ]);
    expect(result.fields.firstName).toBe('Enter your first name.');
  });

  it.each([
    ['a number as a name', 'firstName', 42],
    ['a list as an e-mail', 'email', ['a@example.com']],
    ['an object as the message', 'message', { text: 'hello there' }],
    ['a script tag', 'firstName', '<script>alert(1)</script>'],
    ['a closing tag', 'lastName', 'Love</b>lace'],
    ['an HTML comment', 'message', 'Hello <!-- hidden --> there, friends'],
    ['a processing instruction', 'message', 'Hello <?php echo 1 ?> there'],
    ['a name over 39 characters', 'firstName', 'x'.repeat(40)],
    ['a message over 2000 characters', 'message', 'x'.repeat(2001)],
    ['a message under 10 characters', 'message', 'too short'],
    ['a malformed e-mail', 'email', 'not-an-email'],
    ['an e-mail over 80 characters', 'email', `${'a'.repeat(70)}@example.com`],
    ['letters as a phone number', 'phone', 'call me maybe'],
    ['a country other than CA and US', 'country', 'GB'],
    ['an order number without a two-capital prefix', 'orderNumber', '123456789'],
    ['an order number with one letter', 'orderNumber', 'V1234567'],
    ['an unknown topic', 'topic', 'complaint'],
    ['a NUL character', 'firstName', 'Ada\u0000'],
    ['a bell character in the message', 'message', 'Hello there,\u0007 friends'],
  ])('refuses %s, naming only that field', (_what, name, value) => {
    const result = parseContactRequest({ ...good, [name as string]: value });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.fields)).toEqual([name]);
  });

  it('keeps line breaks in the message', () => {
    const result = parseContactRequest({ ...good, message: 'Line one\r\nLine two\tend' });
    expect(result.ok && result.value.message).toBe('Line one\r\nLine two\tend');
  });
});
