import { CommerceError, invalidInput } from '../../errors';

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
    },
  },
  'lineItem-b2c': { resources: ['line-item'], fields: { inventoryListKey: 'String', giftMessage: 'String' } },
  'order-b2c': {
    resources: ['order', 'cart'],
    fields: {
      fraudSessionId: 'String',
      orderSource: 'String',
      loyaltyRedemption: 'String',
      loyaltyPoints: 'Number',
      cartTemplate: 'String',
    },
  },
  payment: { resources: ['payment'], fields: { gatewayReference: 'String', cardLast4: 'String' } },
};

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
