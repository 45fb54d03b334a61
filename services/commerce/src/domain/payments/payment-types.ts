import type { Money } from '@shop/catalog-seed';
import type { CustomFields } from '../platform/custom-types';

/** commercetools TransactionType. */
export const TRANSACTION_TYPES = ['Authorization', 'CancelAuthorization', 'Charge', 'Refund', 'Chargeback'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** commercetools TransactionState. */
export const TRANSACTION_STATES = ['Initial', 'Pending', 'Success', 'Failure'] as const;
export type TransactionState = (typeof TRANSACTION_STATES)[number];

/** A money movement with the payment service provider (commercetools Transaction). */
export interface Transaction {
  id: string;
  timestamp?: string;
  type: TransactionType;
  amount: Money;
  /** The provider's identifier of the interaction (an authorisation id, a capture id). */
  interactionId?: string;
  state: TransactionState;
}

/** commercetools Payment: what the shop asked the provider for and what happened. */
export interface Payment {
  id: string;
  version: number;
  key?: string;
  customer?: { typeId: 'customer'; id: string };
  anonymousId?: string;
  amountPlanned: Money;
  paymentMethodInfo: { paymentInterface?: string; method?: string; name?: Record<string, string> };
  /** The provider's identifier of the payment. */
  interfaceId?: string;
  paymentStatus: { interfaceCode?: string; interfaceText?: string };
  transactions: Transaction[];
  custom?: CustomFields;
  createdAt: string;
  lastModifiedAt: string;
}
