import { CommerceRequestError } from './commerce-request-error';
import type { RawPayment } from './ctp-types';
import { CREATE_PAYMENT, PAYMENT_BY_KEY, UPDATE_PAYMENT } from './documents';
import { reshapeCustom } from './checkout-carts';
import type { CallOptions, Graphql } from './transport';

type Call = CallOptions & { correlationId: string };

export type TransactionType = 'Authorization' | 'CancelAuthorization' | 'Charge' | 'Refund' | 'ChargeBack';
export type TransactionState = 'Initial' | 'Pending' | 'Success' | 'Failure';

export interface PaymentTransaction {
  id: string;
  type: TransactionType;
  state: TransactionState;
  amount: number;
  interactionId?: string;
}

/** A commercetools Payment: the payment provider's side of an order, card details never included. */
export interface CommercePayment {
  id: string;
  version: number;
  key?: string;
  /** The provider's id of the payment (the authorisation id). */
  interfaceId?: string;
  amountPlanned: number;
  method?: string;
  transactions: PaymentTransaction[];
  custom: Record<string, unknown>;
}

export interface NewPayment {
  /** Unique in the project: a second create with it answers `{ duplicate: true }`. */
  key: string;
  amount: number;
  /** e.g. the provider's name, "shop-payments". */
  paymentInterface: string;
  method: string;
  interfaceId: string;
  transactions: Array<{ type: TransactionType; state: TransactionState; amount: number; interactionId?: string }>;
  custom: { type: string; fields: Record<string, unknown> };
}

export type PaymentAction =
  | { addTransaction: { type: TransactionType; state: TransactionState; amount: number; interactionId?: string } }
  | { changeTransactionState: { id: string; state: TransactionState } }
  | { setStatusInterfaceCode: string }
  | { setCustomField: { name: string; value: unknown } };

const usd = (centAmount: number) => ({ centAmount, currencyCode: 'USD' });

export function reshapePayment(raw: RawPayment): CommercePayment {
  return {
    id: raw.id,
    version: raw.version,
    ...(raw.key ? { key: raw.key } : {}),
    ...(raw.interfaceId ? { interfaceId: raw.interfaceId } : {}),
    amountPlanned: raw.amountPlanned.centAmount,
    ...(raw.paymentMethodInfo.method ? { method: raw.paymentMethodInfo.method } : {}),
    transactions: raw.transactions.map((t) => ({
      id: t.id,
      type: String(t.type) as TransactionType,
      state: String(t.state) as TransactionState,
      amount: t.amount.centAmount,
      ...(t.interactionId ? { interactionId: t.interactionId } : {}),
    })),
    custom: reshapeCustom(raw.custom),
  };
}

const transactionDraft = (t: NewPayment['transactions'][number]) => ({
  type: t.type,
  state: t.state,
  amount: usd(t.amount),
  timestamp: new Date().toISOString(),
  ...(t.interactionId ? { interactionId: t.interactionId } : {}),
});

function reshapePaymentAction(action: PaymentAction): Record<string, unknown> {
  if ('addTransaction' in action) return { addTransaction: { transaction: transactionDraft(action.addTransaction) } };
  if ('changeTransactionState' in action)
    return {
      changeTransactionState: {
        transactionId: action.changeTransactionState.id,
        state: action.changeTransactionState.state,
      },
    };
  if ('setStatusInterfaceCode' in action)
    return { setStatusInterfaceCode: { interfaceCode: action.setStatusInterfaceCode } };
  const { name, value } = action.setCustomField;
  return { setCustomField: { name, ...(value === undefined ? {} : { value: JSON.stringify(value) }) } };
}

/** Payments (project-wide in commercetools: no store). */
export function paymentOperations(graphql: Graphql) {
  return {
    async createPayment(payment: NewPayment, call: Call): Promise<CommercePayment | { duplicate: true }> {
      const draft = {
        key: payment.key,
        amountPlanned: usd(payment.amount),
        paymentMethodInfo: { paymentInterface: payment.paymentInterface, method: payment.method },
        interfaceId: payment.interfaceId,
        transactions: payment.transactions.map(transactionDraft),
        custom: {
          typeKey: payment.custom.type,
          fields: Object.entries(payment.custom.fields)
            .filter(([, value]) => value !== undefined)
            .map(([name, value]) => ({ name, value: JSON.stringify(value) })),
        },
      };
      try {
        const { createPayment } = await graphql<{ createPayment: RawPayment }>(
          'CreatePayment',
          CREATE_PAYMENT,
          { draft },
          { ...call, expected: [...(call.expected ?? []), 'DuplicateField'] },
        );
        return reshapePayment(createPayment);
      } catch (error) {
        if (error instanceof CommerceRequestError && error.code === 'DuplicateField') return { duplicate: true };
        throw error;
      }
    },

    async paymentByKey(key: string, call: Call): Promise<CommercePayment | undefined> {
      const { payment } = await graphql<{ payment: RawPayment | null }>('PaymentByKey', PAYMENT_BY_KEY, { key }, call);
      return payment ? reshapePayment(payment) : undefined;
    },

    async updatePayment(
      payment: Pick<CommercePayment, 'id' | 'version'>,
      actions: PaymentAction[],
      call: Call,
    ): Promise<CommercePayment> {
      const { updatePayment } = await graphql<{ updatePayment: RawPayment }>(
        'UpdatePayment',
        UPDATE_PAYMENT,
        { id: payment.id, version: payment.version, actions: actions.map(reshapePaymentAction) },
        call,
      );
      return reshapePayment(updatePayment);
    },
  };
}
