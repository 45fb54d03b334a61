import { CARD_FIELD_MESSAGES } from '@shop/contracts/browser';
import { cardFieldOrigin, describeCard, readCardMessage, requestToken } from './card-field';

const origin = 'http://127.0.0.1:4011';
const frame = { postMessage: jest.fn() } as unknown as Window;
const message = (data: unknown, from = origin, source: unknown = frame) =>
  ({ data, origin: from, source }) as unknown as MessageEvent;

describe('the hosted card field’s messages', () => {
  it('takes the origin from the frame’s URL', () => {
    expect(cardFieldOrigin('http://127.0.0.1:4011/hosted/card-field?pk=pk_dev_shop')).toBe(origin);
    expect(cardFieldOrigin('javascript:alert(1)')).toBeUndefined();
  });

  it('reads a token only from the frame’s origin and window', () => {
    const token = {
      type: CARD_FIELD_MESSAGES.token,
      token: 'tok_0123456789abcdefXYZ',
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
    };
    expect(readCardMessage(message(token), origin, frame)).toEqual({
      type: 'token',
      token: 'tok_0123456789abcdefXYZ',
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
    });
    expect(readCardMessage(message(token, 'http://evil.example'), origin, frame)).toBeNull();
    expect(readCardMessage(message(token, origin, window), origin, frame)).toBeNull();
    expect(readCardMessage(message({ ...token, token: 'tok_short' }), origin, frame)).toBeNull();
    expect(readCardMessage(message('shop-card:token'), origin, frame)).toBeNull();
  });

  it('reads ready, change and error, with a shopper’s sentence for an error that has none', () => {
    expect(readCardMessage(message({ type: CARD_FIELD_MESSAGES.ready, height: 164 }), origin, frame)).toEqual({
      type: 'ready',
      height: 164,
    });
    expect(
      readCardMessage(message({ type: CARD_FIELD_MESSAGES.change, complete: true, brand: 'visa' }), origin, frame),
    ).toEqual({
      type: 'change',
      complete: true,
      brand: 'visa',
      error: undefined,
    });
    expect(readCardMessage(message({ type: CARD_FIELD_MESSAGES.error, field: 'number' }), origin, frame)).toEqual({
      type: 'error',
      message: 'Your card could not be checked. Check the card details and try again.',
      field: 'number',
    });
  });

  it('posts "tokenize" to the frame’s origin only', () => {
    expect(requestToken(frame, origin)).toBe(true);
    expect(frame.postMessage).toHaveBeenCalledWith({ type: CARD_FIELD_MESSAGES.tokenize }, origin);
    expect(requestToken(null, origin)).toBe(false);
  });

  it('describes a card without its number', () => {
    expect(describeCard({ brand: 'mastercard', last4: '4444', expMonth: 3, expYear: 2031 })).toBe(
      'Mastercard ending in 4444, expires 03/2031',
    );
  });
});
