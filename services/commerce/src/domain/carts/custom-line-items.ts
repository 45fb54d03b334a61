import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { CommerceError, invalidInput } from '../../errors';
import { containsCardNumber } from '../platform/card-number-guard';
import { type CustomFieldsDraftInput, customFromDraft } from '../platform/custom-types';
import { MAX_CENTS, parseWith } from '../platform/parse-input';
import { usd } from './cart-calculator';
import { externalTaxRate, requireExternalMode } from './cart-tax';
import type { Cart, CustomLineItem } from './cart-types';

export const MAX_CUSTOM_LINE_ITEMS = 250;
const MAX_QUANTITY = 99;

const text = z
  .string()
  .min(1)
  .max(256)
  .refine((value) => !containsCardNumber(value), 'must not contain a payment card number');
const identifier = z.string().regex(/^[A-Za-z0-9_-]{2,256}$/, 'must be 2 to 256 letters, digits, - or _');

/** commercetools BaseMoneyInput in cent precision: a custom line's unit price, negative for a credit. */
const money = z
  .object({
    centPrecision: z
      .object({
        centAmount: z.number().int().min(-MAX_CENTS).max(MAX_CENTS),
        currencyCode: z.literal('USD', 'the only currency is USD'),
      })
      .nullish(),
  })
  .refine((value) => Boolean(value.centPrecision), 'money needs centPrecision (high precision is not supported)')
  .transform((value) => usd(value.centPrecision?.centAmount ?? 0));

const quantity = z.number().int().min(1).max(MAX_QUANTITY);

const draftSchema = z.object({
  name: z
    .array(
      z.object({ locale: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'must be a locale such as en-US'), value: text }),
    )
    .min(1)
    .max(20)
    .transform((items) => Object.fromEntries(items.map((item) => [item.locale, item.value]))),
  money,
  slug: identifier,
  key: identifier.nullish(),
  quantity: quantity.nullish(),
  priceMode: z.enum(['Standard', 'External']).nullish(),
  externalTaxRate: z.unknown().nullish(),
  custom: z.unknown().nullish(),
});

/** A custom line item from its draft (addCustomLineItem, CartDraft.customLineItems). */
export function addCustomLineItem(cart: Cart, input: unknown): Cart {
  const draft = parseWith(draftSchema, input, 'customLineItem');
  if (cart.customLineItems.length >= MAX_CUSTOM_LINE_ITEMS)
    throw new CommerceError(
      400,
      'InvalidOperation',
      `A cart can hold at most ${MAX_CUSTOM_LINE_ITEMS} custom line items.`,
    );
  if (draft.key && cart.customLineItems.some((line) => line.key === draft.key))
    throw new CommerceError(400, 'DuplicateField', `The cart already has a custom line item with key '${draft.key}'.`, {
      field: 'key',
      duplicateValue: draft.key,
    });
  if (draft.externalTaxRate) requireExternalMode(cart, 'A custom line item with an externalTaxRate');
  const taxRate = externalTaxRate(draft.externalTaxRate);
  const custom = draft.custom ? customFromDraft(draft.custom as CustomFieldsDraftInput, 'custom-line-item') : undefined;
  const line: CustomLineItem = {
    id: randomUUID(),
    ...(draft.key ? { key: draft.key } : {}),
    name: draft.name,
    money: draft.money,
    slug: draft.slug,
    quantity: draft.quantity ?? 1,
    totalPrice: usd(0),
    ...(taxRate ? { taxRate } : {}),
    discountedPricePerQuantity: [],
    ...(custom ? { custom } : {}),
    priceMode: draft.priceMode ?? 'Standard',
  };
  return { ...cart, customLineItems: [...cart.customLineItems, line] };
}

/** The custom line an action names by customLineItemId or customLineItemKey. */
export function customLineIndex(cart: Cart, p: Record<string, unknown>): number {
  const byId = typeof p.customLineItemId === 'string' && p.customLineItemId;
  const byKey = typeof p.customLineItemKey === 'string' && p.customLineItemKey;
  if (!byId === !byKey) throw invalidInput('Name the custom line item by customLineItemId or by customLineItemKey.');
  const index = cart.customLineItems.findIndex((line) => (byId ? line.id === byId : line.key === byKey));
  if (index < 0)
    throw invalidInput(`The cart has no custom line item with ${byId ? `id '${byId}'` : `key '${byKey}'`}.`);
  return index;
}

export function replaceCustomLine(cart: Cart, index: number, line: CustomLineItem | undefined): Cart {
  const customLineItems = [...cart.customLineItems];
  if (line) customLineItems[index] = line;
  else customLineItems.splice(index, 1);
  return { ...cart, customLineItems };
}

export const customLineQuantity = (value: unknown) => parseWith(quantity, value, 'quantity');
export const customLineMoney = (value: unknown) => parseWith(money, value, 'money');
