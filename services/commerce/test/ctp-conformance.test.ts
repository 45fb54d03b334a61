import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { runInNewContext } from 'node:vm';
import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type GraphQLType,
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isUnionType,
} from 'graphql';
import ts from 'typescript';
import { schema } from '../src/graphql/schema';

/*
 * The checkout part of this service's schema is commercetools' own: every type, field, argument,
 * input field and enum value below exists in commercetools' GraphQL schema with the same type,
 * so a gateway document written against one runs against the other. commercetools' schema is
 * the one the gateway's adapter validates its documents with (rebuilt from the types
 * @commercetools-test-data/graphql-types publishes); its builder is read as data, as a service
 * does not import an app.
 */
const repo = join(__dirname, '..', '..', '..');
const builder = join(repo, 'api-gateway', 'src', 'clients', 'commercetools', 'testing', 'ctp-schema.ts');

function commercetoolsSchema(): GraphQLSchema {
  const { outputText } = ts.transpileModule(readFileSync(builder, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
  });
  const module = { exports: {} as { ctpSdl?: () => string } };
  runInNewContext(outputText, {
    module,
    exports: module.exports,
    require: createRequire(builder),
    __dirname: dirname(builder),
  });
  if (!module.exports.ctpSdl) throw new Error('ctp-schema.ts no longer exports ctpSdl');
  return buildSchema(module.exports.ctpSdl(), { assumeValidSDL: true, assumeValid: true });
}

/** Types this service added for checkout: all of their fields must be commercetools'. */
const WHOLE_TYPES = [
  'Payment',
  'Transaction',
  'PaymentMethodInfo',
  'PaymentStatus',
  'PaymentInfo',
  'CustomLineItem',
  'TaxPortion',
  'TaxedPrice',
  'TaxedItemPrice',
  'TaxRate',
  'TaxCategory',
  'OrderQueryResult',
  'PaymentDraft',
  'TransactionDraft',
  'PaymentMethodInfoInput',
  'PaymentStatusInput',
  'PaymentUpdateAction',
  'AddPaymentTransaction',
  'ChangePaymentTransactionState',
  'ChangePaymentTransactionInteractionId',
  'ChangePaymentTransactionTimestamp',
  'ChangePaymentAmountPlanned',
  'SetPaymentStatusInterfaceCode',
  'SetPaymentStatusInterfaceText',
  'SetPaymentInterfaceId',
  'SetPaymentKey',
  'SetPaymentMethodInfoInterface',
  'SetPaymentMethodInfoMethod',
  'SetPaymentMethodInfoName',
  'SetPaymentCustomField',
  'SetPaymentCustomType',
  'CustomLineItemDraft',
  'AddCartCustomLineItem',
  'RemoveCartCustomLineItem',
  'ChangeCartCustomLineItemQuantity',
  'ChangeCartCustomLineItemMoney',
  'SetCartCustomLineItemCustomField',
  'SetCartCustomLineItemTaxRate',
  'ChangeCartTaxMode',
  'ChangeCartTaxRoundingMode',
  'ChangeCartTaxCalculationMode',
  'AddCartPayment',
  'RemoveCartPayment',
  'AddOrderPayment',
  'RemoveOrderPayment',
  'ChangeOrderPaymentState',
  'ChangeOrderState',
  'ChangeOrderShipmentState',
  'OrderCartCommand',
  'ExternalTaxRateDraft',
  'MoneyInput',
  'BaseMoneyInput',
  'LocalizedStringItemInputType',
  'TaxMode',
  'RoundingMode',
  'TaxCalculationMode',
  'CustomLineItemPriceMode',
  'TransactionType',
  'TransactionState',
  'PaymentState',
  'OrderState',
  'ShipmentState',
  'Delivery',
  'DeliveryItem',
  'Parcel',
  'TrackingData',
  'TrackingDataDraftType',
  'DeliveryItemDraftType',
  'ParcelDataDraftType',
  'AddOrderDelivery',
  'AddOrderParcelToDelivery',
  'SetOrderParcelTrackingData',
];

/** Fields this service added to types it already had. */
const ADDED_FIELDS: Record<string, string[]> = {
  // A product's tax category, which the gateway passes to the tax service (issue 29).
  Product: ['taxCategoryRef', 'taxCategory'],
  ProductProjection: ['taxCategoryRef', 'taxCategory'],
  ShippingInfo: ['deliveries'],
  Cart: ['customLineItems', 'taxedShippingPrice', 'taxMode', 'taxRoundingMode', 'taxCalculationMode', 'paymentInfo'],
  Order: [
    'customLineItems',
    'taxedShippingPrice',
    'taxMode',
    'taxRoundingMode',
    'taxCalculationMode',
    'paymentInfo',
    'storeRef',
    'orderNumber',
    'orderState',
    'paymentState',
    'shipmentState',
  ],
  InStore: ['order', 'orders'],
  Query: ['payment', 'order', 'orders'],
  Mutation: ['createPayment', 'updatePayment', 'createOrderFromCart'],
  CartDraft: ['taxMode', 'taxRoundingMode', 'taxCalculationMode', 'customLineItems'],
  CartUpdateAction: [
    'addCustomLineItem',
    'removeCustomLineItem',
    'changeCustomLineItemQuantity',
    'changeCustomLineItemMoney',
    'setCustomLineItemCustomField',
    'setCustomLineItemTaxRate',
    'changeTaxMode',
    'changeTaxRoundingMode',
    'changeTaxCalculationMode',
    'addPayment',
    'removePayment',
  ],
  OrderUpdateAction: [
    'addPayment',
    'removePayment',
    'changePaymentState',
    'changeOrderState',
    'changeShipmentState',
    'addDelivery',
    'addParcelToDelivery',
    'setParcelTrackingData',
  ],
};

let ctp: GraphQLSchema;
beforeAll(() => {
  ctp = commercetoolsSchema();
}, 60_000);

const shape = (type: GraphQLType): string =>
  isNonNullType(type) ? `${shape(type.ofType)}!` : isListType(type) ? `[${shape(type.ofType)}]` : '';

/**
 * An output type ours may answer with where commercetools has `theirs`: the same type, or a type
 * implementing commercetools' interface (Money where it has BaseMoney), in the same list shape.
 * Nullability may differ: a document selects the same fields either way.
 */
function outputMismatch(ours: GraphQLType, theirs: GraphQLType): string | undefined {
  const strip = (t: string) => t.replace(/!/g, '');
  if (strip(shape(ours)) !== strip(shape(theirs))) return `list shape ${String(ours)} vs ${String(theirs)}`;
  const [a, b] = [getNamedType(ours), getNamedType(theirs)];
  if (a.name === b.name) return undefined;
  const abstract = ctp.getType(b.name);
  const concrete = ctp.getType(a.name);
  if (
    abstract &&
    concrete &&
    isObjectType(concrete) &&
    (isInterfaceType(abstract) || isUnionType(abstract)) &&
    ctp.isSubType(abstract, concrete)
  )
    return undefined;
  return `${String(ours)} vs ${String(theirs)}`;
}

/** Inputs and arguments must be typed exactly alike, so a variable declared for one fits the other. */
const inputMismatch = (ours: GraphQLType, theirs: GraphQLType) =>
  String(ours) === String(theirs) ? undefined : `${String(ours)} vs ${String(theirs)}`;

function fieldProblems(typeName: string, fieldNames?: string[], ourSchema: GraphQLSchema = schema): string[] {
  const ours = ourSchema.getType(typeName) as GraphQLNamedType;
  const theirs = ctp.getType(typeName);
  if (!ours) return [`${typeName}: not in our schema`];
  if (!theirs) return [`${typeName}: commercetools has no such type`];
  if (isEnumType(ours)) {
    if (!isEnumType(theirs)) return [`${typeName}: commercetools' is not an enum`];
    const [a, b] = [ours.getValues(), theirs.getValues()].map((values) => values.map((v) => v.name).sort());
    return a.join() === b.join() ? [] : [`${typeName}: values ${a.join()} vs ${b.join()}`];
  }
  if (isInputObjectType(ours) !== isInputObjectType(theirs)) return [`${typeName}: input vs output type`];
  const ourFields = (
    ours as { getFields(): Record<string, GraphQLField<unknown, unknown> | GraphQLInputField> }
  ).getFields();
  const theirFields = (
    theirs as { getFields(): Record<string, GraphQLField<unknown, unknown> | GraphQLInputField> }
  ).getFields();
  const problems: string[] = [];
  for (const name of fieldNames ?? Object.keys(ourFields)) {
    const mine = ourFields[name];
    const theirsField = theirFields[name];
    if (!mine) {
      problems.push(`${typeName}.${name}: not in our schema`);
      continue;
    }
    if (!theirsField) {
      problems.push(`${typeName}.${name}: commercetools has no such field`);
      continue;
    }
    const mismatch = isInputObjectType(ours)
      ? inputMismatch(mine.type, theirsField.type)
      : outputMismatch(mine.type, theirsField.type);
    if (mismatch) problems.push(`${typeName}.${name}: ${mismatch}`);
    for (const arg of ('args' in mine ? mine.args : []) as readonly GraphQLArgument[]) {
      const theirArg = ('args' in theirsField ? (theirsField.args as readonly GraphQLArgument[]) : []).find(
        (a) => a.name === arg.name,
      );
      if (!theirArg) problems.push(`${typeName}.${name}(${arg.name}): commercetools has no such argument`);
      else {
        const argMismatch = inputMismatch(arg.type, theirArg.type);
        if (argMismatch) problems.push(`${typeName}.${name}(${arg.name}): ${argMismatch}`);
      }
    }
  }
  return problems;
}

describe("the checkout part of the schema against commercetools' own", () => {
  it.each(WHOLE_TYPES)('%s is commercetools’ own', (name) => {
    expect(fieldProblems(name)).toEqual([]);
  });

  it.each(Object.entries(ADDED_FIELDS))('the fields added to %s are commercetools’ own', (name, fields) => {
    expect(fieldProblems(name, fields)).toEqual([]);
  });

  it('notices a field, an argument or a type commercetools does not have', () => {
    const madeUp = buildSchema(`
      type Query { payment(id: String, storeKey: String): Payment }
      type Payment { id: String! cardNumber: String }
      input ChangeCartTaxMode { taxMode: String! }`);
    expect(fieldProblems('Payment', undefined, madeUp)).toEqual([
      'Payment.cardNumber: commercetools has no such field',
    ]);
    expect(fieldProblems('Query', ['payment'], madeUp)).toEqual([
      'Query.payment(storeKey): commercetools has no such argument',
    ]);
    expect(fieldProblems('ChangeCartTaxMode', undefined, madeUp)).toEqual([
      'ChangeCartTaxMode.taxMode: String! vs TaxMode!',
    ]);
  });
});
