import { type ApiErrorWording, apiErrorOf } from './api-error';

const gatewayError = (status: number, error: Record<string, unknown>) => ({ status, data: { error } });

describe('apiErrorOf', () => {
  it('reads the status, code and message of the gateway’s error body', () => {
    expect(
      apiErrorOf(gatewayError(422, { code: 'INVALID_EMAIL', message: 'Enter an e-mail.', correlationId: 'c-1' })),
    ).toEqual({ status: 422, code: 'INVALID_EMAIL', message: 'Enter an e-mail.' });
  });

  it('keeps the per-field messages of a validation failure and what is stored now after a conflict', () => {
    const fields = { email: 'Enter an e-mail.' };
    const current = { version: 4 };
    expect(apiErrorOf(gatewayError(400, { code: 'VALIDATION', message: 'Check the form.', fields }))).toMatchObject({
      fields,
    });
    expect(apiErrorOf(gatewayError(409, { code: 'VERSION_CONFLICT', message: 'Changed.', current }))).toMatchObject({
      current,
    });
  });

  it('says something went wrong when the gateway’s error has no message', () => {
    expect(apiErrorOf(gatewayError(500, { code: 'INTERNAL' })).message).toBe('Something went wrong. Please try again.');
    expect(apiErrorOf(gatewayError(500, { code: 'INTERNAL', message: '' })).message).toBe(
      'Something went wrong. Please try again.',
    );
  });

  it('reads an error without the gateway’s body as the shop being out of reach', () => {
    const unreachable = 'The shop could not be reached. Please try again in a moment.';
    expect(apiErrorOf({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toEqual({
      status: undefined,
      code: 'UNAVAILABLE',
      message: unreachable,
    });
    expect(apiErrorOf({ status: 502, data: '<html>Bad gateway</html>' })).toEqual({
      status: 502,
      code: 'UNAVAILABLE',
      message: unreachable,
    });
    expect(apiErrorOf(undefined)).toMatchObject({ code: 'UNAVAILABLE', message: unreachable });
    expect(apiErrorOf(null)).toMatchObject({ code: 'UNAVAILABLE', message: unreachable });
  });

  describe('in an app’s own words', () => {
    const wording: ApiErrorWording = {
      refused: 'Refused.',
      unreachable: 'Out of reach.',
      answered: (status) => `Answered ${status}.`,
    };

    it('uses them where the answer has no message of its own', () => {
      expect(apiErrorOf(gatewayError(403, { code: 'FORBIDDEN' }), wording)).toEqual({
        status: 403,
        code: 'FORBIDDEN',
        message: 'Refused.',
      });
      expect(apiErrorOf({ status: 'FETCH_ERROR', error: 'offline' }, wording)).toMatchObject({
        code: 'UNAVAILABLE',
        message: 'Out of reach.',
      });
    });

    it('names the status of an answer that is not the gateway’s error shape', () => {
      expect(apiErrorOf({ status: 504, data: 'timeout' }, wording)).toEqual({
        status: 504,
        code: 'HTTP_ERROR',
        message: 'Answered 504.',
      });
    });

    it('still prefers the gateway’s own message', () => {
      expect(apiErrorOf(gatewayError(409, { code: 'FLAG_CONFLICT', message: 'Changed meanwhile.' }), wording)).toEqual({
        status: 409,
        code: 'FLAG_CONFLICT',
        message: 'Changed meanwhile.',
      });
    });
  });
});
