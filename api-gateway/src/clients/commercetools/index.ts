import { cartTemplateOperations } from './cart-templates';
import { cartOperations } from './carts';
import { catalogOperations } from './catalog';
import { checkoutOperations } from './checkout-carts';
import { customObjectOperations } from './custom-objects';
import { orderOperations } from './orders';
import { paymentOperations } from './payments';
import { customerOperations } from './customers';
import { customerProfileOperations } from './customer-profiles';
import { discountCodeOperations } from './discount-codes';
import { customerConsentOperations } from './customer-consent';
import { idVerificationOperations } from './id-verification';
import { type CommerceClientOptions, createTransport } from './transport';

export { CommerceRequestError } from './commerce-request-error';
export { predicateLiteral } from './predicate-literal';
export { PASSWORD_RESET_VALID_MINUTES } from './documents';
export type { CommerceClientOptions } from './transport';
export type {
  BagVariant,
  CommerceCategory,
  CommerceProduct,
  CommerceVariant,
  ProductSearch,
  ProductSearchResult,
  ProductSort,
  RetailerLink,
  TermCounts,
} from './catalog';
export type { CommerceCustomer, DuplicateCustomer, NewCustomer, SignedInCustomer } from './customers';
export type { CustomerProfile, ProfileAction } from './customer-profiles';
export type {
  CartAction,
  CartLookup,
  CommerceCart,
  CommerceCartCode,
  CommerceCartDetail,
  CommerceCartLine,
  LinePrice,
  NewCart,
} from './carts';
export type { CartTemplate } from './cart-templates';
export type {
  AddressRecord,
  CartShipping,
  CheckoutAction,
  CheckoutCart,
  CustomLine,
  ShippingMethodRecord,
  TaxRateInfo,
} from './checkout-carts';
export type { StoredObject } from './custom-objects';
export type { CommerceOrder, CommerceOrderHead, OrderAction } from './orders';
export type {
  CommercePayment,
  NewPayment,
  PaymentAction,
  PaymentTransaction,
  TransactionState,
  TransactionType,
} from './payments';
export type { CustomerIdVerification } from './id-verification';
export type { DuplicateDiscountCode, NewDiscountCode, StoredDiscountCode } from './discount-codes';

/**
 * The gateway's commerce provider, over commercetools (vercel/commerce's provider pattern):
 * provider-neutral operations whose GraphQL documents (documents.ts) and `reshape*` functions
 * stay in this folder. Pointing the options at a commercetools project needs no code change;
 * what the project must hold is in the README and docs/adr/0010.
 */
export function createCommerceClient(options: CommerceClientOptions) {
  const transport = createTransport(options);
  return {
    ...catalogOperations(transport.graphql),
    ...customerOperations(transport.graphql, transport),
    ...customerProfileOperations(transport.graphql),
    ...cartOperations(transport.graphql),
    ...cartTemplateOperations(transport.graphql),
    ...discountCodeOperations(transport.graphql),
    ...checkoutOperations(transport.graphql),
    ...paymentOperations(transport.graphql),
    ...orderOperations(transport.graphql),
    ...customObjectOperations(transport.graphql),
    ...idVerificationOperations(transport.graphql),
    ...customerConsentOperations(transport.graphql),
    /** A product image from the platform's asset host; undefined when there is no such image. */
    image: transport.image,
    /** Readiness: the platform issues a token and answers the lightest query there is. */
    ping: (): Promise<unknown> => transport.graphql('Ping', 'query Ping { __typename }'),
  };
}
export type CommerceClient = ReturnType<typeof createCommerceClient>;
