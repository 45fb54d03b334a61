import { notCombinable } from './discount-code-refusal';

describe('one shopper-entered code per bag', () => {
  it('refuses a second code, naming the one to remove', () => {
    const refused = notCombinable(['VANITYFAIR10'], 'vanityfair20');
    expect(refused).toMatchObject({
      code: 'DISCOUNT_CODE_NOT_COMBINABLE',
      message: expect.stringContaining('remove VANITYFAIR10 to use VANITYFAIR20'),
    });
  });

  it('takes the first code, the same code again, and codes the brand lists as combinable', () => {
    expect(notCombinable([], 'VANITYFAIR10')).toBeUndefined();
    expect(notCombinable(['VANITYFAIR10'], 'vanityfair10')).toBeUndefined();
    expect(notCombinable(['VANITYFAIR10'], 'SHIPFREE', ['VANITYFAIR10', 'SHIPFREE'])).toBeUndefined();
  });

  it('refuses a combinable code beside one that is not (a welcome or ID-verification code never is)', () => {
    expect(notCombinable(['VF-WELCOME-1128-7K2Q9M'], 'SHIPFREE', ['VANITYFAIR10', 'SHIPFREE'])?.code).toBe(
      'DISCOUNT_CODE_NOT_COMBINABLE',
    );
    expect(notCombinable(['SHIPFREE'], 'IDME-MILITARY-7K2Q9M4X', ['SHIPFREE'])?.code).toBe(
      'DISCOUNT_CODE_NOT_COMBINABLE',
    );
  });
});
