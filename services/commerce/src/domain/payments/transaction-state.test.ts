import { CommerceError } from '../../errors';
import { TRANSACTION_STATES, type TransactionState } from './payment-types';
import { checkTransition } from './transaction-state';

const allowed = (from: TransactionState, to: TransactionState) => {
  try {
    checkTransition(from, to);
    return true;
  } catch (error) {
    expect(error).toBeInstanceOf(CommerceError);
    expect((error as CommerceError).code).toBe('InvalidOperation');
    return false;
  }
};

describe('transaction state changes, as commercetools allows them', () => {
  it('moves forward only: Initial -> Pending -> Success | Failure, or Initial straight to an outcome', () => {
    const moves = TRANSACTION_STATES.flatMap((from) =>
      TRANSACTION_STATES.filter((to) => to !== from && allowed(from, to)).map((to) => `${from}->${to}`),
    );
    expect(moves).toEqual([
      'Initial->Pending',
      'Initial->Success',
      'Initial->Failure',
      'Pending->Success',
      'Pending->Failure',
    ]);
  });

  it('refuses going back or changing an outcome, and lets a state be set again', () => {
    expect(allowed('Success', 'Pending')).toBe(false);
    expect(allowed('Pending', 'Initial')).toBe(false);
    expect(allowed('Failure', 'Success')).toBe(false);
    expect(allowed('Success', 'Success')).toBe(true);
  });
});
