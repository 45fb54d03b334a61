import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { invalidInput } from '../../errors';
import { type CustomFieldsDraftInput, customFromDraft, withCustomField } from '../platform/custom-types';
import { parseWith } from '../platform/parse-input';
import { unknownAction } from '../platform/update';
import {
  type TransactionDraft,
  dateTime,
  localized,
  moneyInput,
  opaqueReference,
  paymentKey,
  providerText,
  transactionDraft,
} from './payment-draft';
import { TRANSACTION_STATES, type Payment, type Transaction } from './payment-types';
import { checkTransition } from './transaction-state';

/** A transaction as its draft describes it; commercetools starts one in Initial unless told. */
export const transactionFrom = (draft: TransactionDraft): Transaction => ({
  id: randomUUID(),
  ...(draft.timestamp ? { timestamp: draft.timestamp } : {}),
  type: draft.type,
  amount: draft.amount,
  ...(draft.interactionId ? { interactionId: draft.interactionId } : {}),
  state: draft.state ?? 'Initial',
});

const MAX_TRANSACTIONS = 100;

const optionalText = (max: number) => providerText(max).nullish();
const transactionId = z.object({ transactionId: z.string().min(1).max(64) });
const SCHEMAS = {
  addTransaction: z.object({ transaction: transactionDraft }),
  changeTransactionState: transactionId.extend({ state: z.enum(TRANSACTION_STATES) }),
  changeTransactionInteractionId: transactionId.extend({ interactionId: opaqueReference(256) }),
  changeTransactionTimestamp: transactionId.extend({ timestamp: dateTime }),
  changeAmountPlanned: z.object({ amount: moneyInput }),
  setStatusInterfaceCode: z.object({ interfaceCode: optionalText(256) }),
  setStatusInterfaceText: z.object({ interfaceText: optionalText(2000) }),
  setInterfaceId: z.object({ interfaceId: opaqueReference(256).nullish() }),
  setKey: z.object({ key: paymentKey.nullish() }),
  setMethodInfoInterface: z.object({ interface: providerText(256) }),
  setMethodInfoMethod: z.object({ method: optionalText(256) }),
  setMethodInfoName: z.object({ name: localized.nullish() }),
  setCustomField: z.object({ name: z.string().min(1).max(256), value: z.string().nullish() }),
  setCustomType: z.unknown(),
} as const;

/** Sets a field, or removes it when the value is null or absent. */
const withField = <T extends object, K extends string>(target: T, name: K, value: unknown): T => {
  const next = { ...target } as Record<string, unknown>;
  if (value === null || value === undefined) delete next[name];
  else next[name] = value;
  return next as T;
};

/** Applies one commercetools payment update action to a payment (the caller versions and stores it). */
export function applyPaymentAction(payment: Payment, name: string, input: Record<string, unknown>): Payment {
  if (!(name in SCHEMAS)) throw unknownAction(name);
  const p = parseWith(SCHEMAS[name as keyof typeof SCHEMAS] as z.ZodType<Record<string, unknown>>, input, name);
  const transaction = () => {
    const index = payment.transactions.findIndex((t) => t.id === p.transactionId);
    if (index < 0) throw invalidInput(`The payment has no transaction with id '${String(p.transactionId)}'.`);
    return index;
  };
  const replaceTransaction = (change: (t: Transaction) => Transaction) => {
    const index = transaction();
    const transactions = [...payment.transactions];
    transactions[index] = change(transactions[index]);
    return { ...payment, transactions };
  };
  switch (name) {
    case 'addTransaction':
      if (payment.transactions.length >= MAX_TRANSACTIONS)
        throw invalidInput(`A payment holds at most ${MAX_TRANSACTIONS} transactions.`);
      return {
        ...payment,
        transactions: [...payment.transactions, transactionFrom(p.transaction as TransactionDraft)],
      };
    case 'changeTransactionState':
      return replaceTransaction((t) => {
        const state = p.state as Transaction['state'];
        checkTransition(t.state, state);
        return { ...t, state };
      });
    case 'changeTransactionInteractionId':
      return replaceTransaction((t) => ({ ...t, interactionId: p.interactionId as string }));
    case 'changeTransactionTimestamp':
      return replaceTransaction((t) => ({ ...t, timestamp: p.timestamp as string }));
    case 'changeAmountPlanned':
      return { ...payment, amountPlanned: p.amount as Payment['amountPlanned'] };
    case 'setStatusInterfaceCode':
      return { ...payment, paymentStatus: withField(payment.paymentStatus, 'interfaceCode', p.interfaceCode) };
    case 'setStatusInterfaceText':
      return { ...payment, paymentStatus: withField(payment.paymentStatus, 'interfaceText', p.interfaceText) };
    case 'setInterfaceId':
      return withField(payment, 'interfaceId', p.interfaceId);
    case 'setKey':
      return withField(payment, 'key', p.key);
    case 'setMethodInfoInterface':
      return { ...payment, paymentMethodInfo: { ...payment.paymentMethodInfo, paymentInterface: String(p.interface) } };
    case 'setMethodInfoMethod':
      return { ...payment, paymentMethodInfo: withField(payment.paymentMethodInfo, 'method', p.method) };
    case 'setMethodInfoName':
      return { ...payment, paymentMethodInfo: withField(payment.paymentMethodInfo, 'name', p.name) };
    case 'setCustomField':
      return { ...payment, custom: withCustomField(payment.custom, String(p.name), p.value as string | null) };
    default: {
      // setCustomType: a type (by key) with its fields, or none to remove the custom fields.
      const draft = input as CustomFieldsDraftInput;
      return withField(payment, 'custom', draft.typeKey || draft.type ? customFromDraft(draft, 'payment') : undefined);
    }
  }
}
