import { EMPTY_CONTACT, normaliseContact, validateContact } from './validate-contact';

const good = {
  ...EMPTY_CONTACT,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  topic: 'returns',
  message: 'The strap broke after one wash.',
};

describe('validateContact', () => {
  it('passes a complete message, with the optional phone and order number left empty', () => {
    expect(validateContact(good)).toEqual({});
  });

  it('names every required field of an empty form, in form order, and not the optional ones', () => {
    expect(Object.keys(validateContact(EMPTY_CONTACT))).toEqual(['firstName', 'lastName', 'email', 'topic', 'message']);
    expect(validateContact({ ...EMPTY_CONTACT, country: '' }).country).toBe('Choose Canada or the United States.');
  });

  it('treats a value of spaces as empty', () => {
    expect(validateContact({ ...good, firstName: '   ' })).toEqual({ firstName: 'Enter your first name.' });
  });

  it.each([
    ['a malformed e-mail', { email: 'ada@example' }, 'email'],
    ['an e-mail over 80 characters', { email: `${'a'.repeat(70)}@example.com` }, 'email'],
    ['a phone number with letters', { phone: '555-CALL-NOW' }, 'phone'],
    ['a country other than CA and US', { country: 'MX' }, 'country'],
    ['an order number without the VF prefix', { orderNumber: '100123' }, 'orderNumber'],
    ['an unknown topic', { topic: 'billing' }, 'topic'],
    ['a message under 10 characters', { message: 'Help me' }, 'message'],
    ['a message over 2000 characters', { message: 'x'.repeat(2001) }, 'message'],
    ['a name over 39 characters', { lastName: 'x'.repeat(40) }, 'lastName'],
    ['a script tag', { message: 'Hello <script>alert(1)</script>' }, 'message'],
    ['a closing tag in a name', { firstName: 'Ada</b>' }, 'firstName'],
    ['a control character', { lastName: 'Love\u0007lace' }, 'lastName'],
  ])('refuses %s, naming only that field', (_what, change, field) => {
    expect(Object.keys(validateContact({ ...good, ...change }))).toEqual([field]);
  });

  it('allows a less-than sign that is not markup, and line breaks in the message', () => {
    expect(validateContact({ ...good, message: 'Sizes a < b, and I <3 this bra.\nThanks & regards' })).toEqual({});
  });

  it('accepts a lower-case order number and sends it upper-cased and trimmed', () => {
    const values = { ...good, orderNumber: ' vf100123 ', firstName: ' Ada ' };
    expect(validateContact(values)).toEqual({});
    expect(normaliseContact(values)).toMatchObject({ orderNumber: 'VF100123', firstName: 'Ada' });
  });
});
