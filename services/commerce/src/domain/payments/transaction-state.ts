import { CommerceError } from '../../errors';
import type { TransactionState } from './payment-types';

/**
 * The moves commercetools allows a transaction: Initial to Pending, Success or Failure; Pending
 * to Success or Failure. Success and Failure are final, and nothing goes back to Initial or
 * Pending. Setting the state a transaction already has changes nothing.
 */
const NEXT: Record<TransactionState, readonly TransactionState[]> = {
  Initial: ['Pending', 'Success', 'Failure'],
  Pending: ['Success', 'Failure'],
  Success: [],
  Failure: [],
};

export function checkTransition(from: TransactionState, to: TransactionState) {
  if (from !== to && !NEXT[from].includes(to)) {
    throw new CommerceError(400, 'InvalidOperation', `A transaction cannot change from ${from} to ${to}.`, {
      currentState: from,
      newState: to,
    });
  }
}
