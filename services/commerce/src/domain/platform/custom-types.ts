import { CommerceError, invalidInput } from '../../errors';
import { refuseCardNumber } from './card-number-guard';

type FieldType = 'String' | 'Boolean' | 'Number';

/** The custom types of SPEC §3 with their field definitions and the resources they extend. */
const TYPES: Record<string, { resources: string[]; fields: Record<string, FieldType> }> = {
  'customer-b2c': {
    resources: ['customer'],
    fields: {
      legacyHash: 'String',
      marketingOptIn: 'Boolean',
      loyaltyId: 'String',
      phone: 'String',
      idVerificationGroup: 'String',
      idVerifiedAt: 'String',
      // The shopper's privacy choice (SPEC §2 /privacy/preferences), so it follows them across browsers.
      consentAnalytics: 'Boolean',
      consentMarketing: 'Boolean',
      consentAt: 'String',
    },
  },
  // One type for product and custom line items, as a commercetools Type may list several resourceTypeIds.
  'lineItem-b2c': {
    resources: ['line-item', 'custom-line-item'],
    fields: { inventoryListKey: 'String', giftMessage: 'String' },
  },
  // What checkout keeps on the cart, copied to the order when it is placed.
  'order-b2c': {
    resources: ['order', 'cart'],
    fields: {
      fraudSessionId: 'String',
      fraudDecision: 'String',
      idempotencyKey: 'String',
      paymentToken: 'String',
      cardBrand: 'String',
      cardLast4: 'String',
      billingSameAsShipping: 'String',
      loyaltyHoldId: 'String',
      placedBySession: 'String',
      orderSource: 'String',
      loyaltyRedemption: 'String',
      loyaltyPoints: 'Number',
      cartTemplate: 'String',
      /** When the carrier delivered the order (ISO date-time; set with shipment state Delivered). */
      deliveredAt: 'String',
      /** The order's mails already sent to the shopper (shipped, delivered: kinds, comma-separated). */
      mailed: 'String',
      /**
       * The bag's last writes by their Idempotency-Key (hashed, comma-separated, newest last): a
       * write retried after its answer was lost is seen as done, not done twice.
       */
      appliedWrites: 'String',
    },
  },
  // The payment service provider's side of a Payment: its references and the card's public details only.
  payment: {
    resources: ['payment'],
    fields: {
      gatewayReference: 'String',
      authorizationStatus: 'String',
      declineCode: 'String',
      idempotencyKey: 'String',
      cardBrand: 'String',
      cardLast4: 'String',
      cardExpMonth: 'Number',
      cardExpYear: 'Number',
      fraudDecision: 'String',
    },
  },
};

/**
 * Checkout fields holding opaque keys, hashes, tokens and provider references (the sha256 hex of
 * the shopper's Idempotency-Key, a session or fraud id, a `tok_` token, an authorisation id):
 * nobody types them, and digit runs inside them are chance, so only a whole card number is refused.
 */
const OPAQUE_FIELDS = new Set([
  'idempotencyKey',
  'gatewayReference',
  'paymentToken',
  'fraudSessionId',
  'loyaltyHoldId',
  'placedBySession',
  'appliedWrites',
]);

export interface CustomFields {
  type: { typeId: 'type'; key: string };
  fields: Record<string, unknown>;
}

export interface CustomFieldsDraftInput {
  typeKey?: string | null;
  type?: { key?: string | null } | null;
  fields?: Array<{ name: string; value: string }> | null;
}

/** Parses a field value sent as a JSON string (the commercetools GraphQL convention) and checks its type. */
export function parseFieldValue(typeKey: string, name: string, raw: string | null | undefined): unknown {
  const definition = TYPES[typeKey]?.fields[name];
  if (!definition) {
    throw new CommerceError(400, 'InvalidField', `The field '${name}' is not defined on type '${typeKey}'.`, {
      field: name,
      invalidValue: raw,
    });
  }
  if (raw === null || raw === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw invalidInput(`The value of custom field '${name}' must be JSON, e.g. "\\"text\\"".`);
  }
  const ok =
    definition === 'String'
      ? typeof value === 'string'
      : definition === 'Boolean'
        ? typeof value === 'boolean'
        : typeof value === 'number';
  if (!ok || (typeof value === 'string' && value.length > 10_000)) {
    throw new CommerceError(400, 'InvalidField', `The value of custom field '${name}' must be a ${definition}.`, {
      field: name,
      invalidValue: value,
    });
  }
  // The checkout types sit next to payments: a card number sent by mistake never reaches the database.
  if (typeKey === 'payment' || typeKey === 'order-b2c')
    refuseCardNumber(name, value, OPAQUE_FIELDS.has(name) ? 'opaque' : 'text');
  return value;
}

export function customFromDraft(
  draft: CustomFieldsDraftInput | null | undefined,
  resource: string,
): CustomFields | undefined {
  if (!draft) return undefined;
  const key = draft.typeKey ?? draft.type?.key;
  if (!key || !TYPES[key])
    throw new CommerceError(400, 'ReferencedResourceNotFound', `The type with key '${key ?? ''}' was not found.`, {
      typeId: 'type',
    });
  if (!TYPES[key].resources.includes(resource))
    throw invalidInput(`The type '${key}' does not extend ${resource} resources.`);
  const fields: Record<string, unknown> = {};
  for (const field of draft.fields ?? []) {
    const value = parseFieldValue(key, field.name, field.value);
    if (value !== undefined) fields[field.name] = value;
  }
  return { type: { typeId: 'type', key }, fields };
}

/** setCustomField: needs a custom type already set; a null value removes the field. */
export function withCustomField(
  custom: CustomFields | undefined,
  name: string,
  raw: string | null | undefined,
): CustomFields {
  if (!custom)
    throw new CommerceError(400, 'InvalidOperation', 'A custom type must be set before setting custom fields.');
  const value = parseFieldValue(custom.type.key, name, raw);
  const fields = { ...custom.fields };
  if (value === undefined) delete fields[name];
  else fields[name] = value;
  return { ...custom, fields };
}
