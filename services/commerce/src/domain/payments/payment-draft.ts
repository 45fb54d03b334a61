import type { Money } from '@shop/catalog-seed';
import { z } from 'zod';
import { containsCardNumber, opaqueValueHoldsCardNumber } from '../platform/card-number-guard';
import { MAX_CENTS, parseWith } from '../platform/parse-input';
import { TRANSACTION_STATES, TRANSACTION_TYPES } from './payment-types';

const usd = (centAmount: number): Money => ({
  type: 'centPrecision',
  currencyCode: 'USD',
  centAmount,
  fractionDigits: 2,
});

/** A commercetools MoneyInput in USD cents, never negative. */
export const moneyInput = z
  .object({
    centAmount: z.number().int().min(0).max(MAX_CENTS),
    currencyCode: z.literal('USD', 'the only currency is USD'),
  })
  .transform((money) => usd(money.centAmount));

/** Free text a provider sends back; a card number in it is refused so that none is stored. */
export const providerText = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((text) => !containsCardNumber(text), 'must not contain a payment card number');

/**
 * A provider's or caller's opaque reference (an authorisation id, an anonymous id): digit runs
 * inside it are chance, so only a card number standing as the value or one of its parts is refused.
 */
export const opaqueReference = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((text) => !opaqueValueHoldsCardNumber(text), 'must not contain a payment card number');

export const localized = z
  .array(
    z.object({
      locale: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'must be a locale such as en-US'),
      value: providerText(256),
    }),
  )
  .min(1)
  .max(20)
  .transform((items) => Object.fromEntries(items.map((item) => [item.locale, item.value])));

export const dateTime = z.iso
  .datetime({ offset: true, message: 'must be an ISO 8601 date and time' })
  .transform((value) => new Date(value).toISOString());

export const transactionDraft = z.object({
  type: z.enum(TRANSACTION_TYPES),
  amount: moneyInput,
  state: z.enum(TRANSACTION_STATES).nullish(),
  interactionId: opaqueReference(256).nullish(),
  timestamp: dateTime.nullish(),
});
export type TransactionDraft = z.infer<typeof transactionDraft>;

export const paymentKey = z.string().regex(/^[A-Za-z0-9_-]{2,256}$/, 'must be 2 to 256 letters, digits, - or _');

const draftSchema = z.object({
  key: paymentKey.nullish(),
  amountPlanned: moneyInput,
  customer: z
    .object({
      typeId: z.literal('customer').nullish(),
      id: z.string().max(64).nullish(),
      key: z.string().max(256).nullish(),
    })
    .refine((ref) => Boolean(ref.id) !== Boolean(ref.key), 'name the customer by its id or by its key')
    .nullish(),
  anonymousId: opaqueReference(256).nullish(),
  interfaceId: opaqueReference(256).nullish(),
  paymentMethodInfo: z
    .object({
      paymentInterface: providerText(256).nullish(),
      method: providerText(256).nullish(),
      name: localized.nullish(),
    })
    .nullish(),
  paymentStatus: z
    .object({ interfaceCode: providerText(256).nullish(), interfaceText: providerText(2000).nullish() })
    .nullish(),
  transactions: z.array(transactionDraft).max(100).nullish(),
  // Checked against the custom type by customFromDraft.
  custom: z.unknown().nullish(),
});
export type PaymentDraft = z.infer<typeof draftSchema>;

export const parsePaymentDraft = (input: unknown) => parseWith(draftSchema, input, 'draft');
