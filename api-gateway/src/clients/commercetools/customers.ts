import { CommerceRequestError } from './commerce-request-error';
import type { RawCustomer, RawLegacyCustomer, RawSignedUpCustomer } from './ctp-types';
import { CREATE_RESET_TOKEN, FIND_CUSTOMER, LEGACY_CUSTOMER, RESET_PASSWORD, SIGN_UP } from './documents';
import { predicateLiteral } from './predicate-literal';
import type { CallOptions, Graphql, Transport } from './transport';

/** A customer as the shop sees one. */
export interface CommerceCustomer {
  id: string;
  email: string;
  firstName?: string;
  lastName?: string;
}

export interface NewCustomer {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  /** The customer-b2c custom field; custom field values travel as JSON text. */
  marketingOptIn?: boolean;
}

/** A signed-in customer and the active cart the sign-in left them with, if any. */
export type SignedInCustomer = CommerceCustomer & { cartId?: string };

/** The store already has a customer with this e-mail; nothing was created. */
export interface DuplicateCustomer {
  duplicate: true;
}

type Call = CallOptions & { correlationId: string };

const reshapeCustomer = (raw: RawCustomer): CommerceCustomer => ({
  id: raw.id,
  email: raw.email,
  ...(raw.firstName ? { firstName: raw.firstName } : {}),
  ...(raw.lastName ? { lastName: raw.lastName } : {}),
});

const inStore = (email: string, storeKey: string) =>
  `email=${predicateLiteral(email)} and stores(key=${predicateLiteral(storeKey)})`;

/** Customers of a store: lookup, sign-up, sign-in and password resets. */
export function customerOperations(graphql: Graphql, transport: Pick<Transport, 'inStoreLogin'>) {
  return {
    /** The store's customer with this e-mail, or undefined. */
    async findCustomerByEmail(storeKey: string, email: string, call: Call): Promise<CommerceCustomer | undefined> {
      const data = await graphql<{ customers: { results: RawCustomer[] } }>(
        'FindCustomer',
        FIND_CUSTOMER,
        { where: inStore(email, storeKey) },
        call,
      );
      const [found] = data.customers.results;
      return found ? reshapeCustomer(found) : undefined;
    },

    /** The password hash an account brought from the old platform (its `legacyHash` custom field), if any. */
    async findLegacyPasswordHash(storeKey: string, email: string, call: Call): Promise<string | undefined> {
      const data = await graphql<{ customers: { results: RawLegacyCustomer[] } }>(
        'LegacyCustomer',
        LEGACY_CUSTOMER,
        { where: inStore(email, storeKey) },
        call,
      );
      const value: unknown = data.customers.results[0]?.custom?.customFieldsRaw?.find(
        (field) => field.name === 'legacyHash',
      )?.value;
      return typeof value === 'string' ? value : undefined;
    },

    /**
     * Signs a customer up in the store (the b2c custom type, password authentication). An e-mail
     * the store already has answers `{ duplicate: true }`: the platform's unique constraint decides.
     */
    async signUpCustomer(
      storeKey: string,
      customer: NewCustomer,
      call: Call,
    ): Promise<(CommerceCustomer & { createdAt: string; version: number }) | DuplicateCustomer> {
      const draft = {
        email: customer.email,
        password: customer.password,
        ...(customer.firstName ? { firstName: customer.firstName } : {}),
        ...(customer.lastName ? { lastName: customer.lastName } : {}),
        authenticationMode: 'Password',
        custom: {
          typeKey: 'customer-b2c',
          fields: customer.marketingOptIn ? [{ name: 'marketingOptIn', value: 'true' }] : [],
        },
      };
      try {
        const data = await graphql<{ customerSignUp: { customer: RawSignedUpCustomer } }>(
          'SignUp',
          SIGN_UP,
          { storeKey, draft },
          { ...call, expected: [...(call.expected ?? []), 'DuplicateField'] },
        );
        const raw = data.customerSignUp.customer;
        return { ...reshapeCustomer(raw), createdAt: raw.createdAt, version: raw.version };
      } catch (error) {
        if (error instanceof CommerceRequestError && error.code === 'DuplicateField') return { duplicate: true };
        throw error;
      }
    },

    /**
     * The platform's in-store login; a wrong password (or an unknown e-mail) throws the
     * platform's error (InvalidCredentials, 400). With a guest's cart, the login makes it the
     * customer's new active cart (UseAsNewActiveCustomerCart, SPEC §9); should the platform
     * refuse that cart for any reason but the credentials, the login is made again without it,
     * so a cart never turns a right password into a refusal.
     */
    async signIn(
      storeKey: string,
      credentials: { email: string; password: string },
      call: Call,
      anonymousCartId?: string,
    ): Promise<SignedInCustomer> {
      type Answer = { customer: RawCustomer; cart?: { id?: unknown } | null };
      const login = (body: Record<string, unknown>, expected: string[]) =>
        transport.inStoreLogin<Answer>(storeKey, body, { ...call, expected: [...(call.expected ?? []), ...expected] });
      let answer: Answer;
      if (anonymousCartId) {
        try {
          answer = await login(
            {
              ...credentials,
              anonymousCart: { typeId: 'cart', id: anonymousCartId },
              anonymousCartSignInMode: 'UseAsNewActiveCustomerCart',
            },
            ['InvalidOperation', 'ResourceNotFound'],
          );
        } catch (error) {
          if (!(error instanceof CommerceRequestError) || error.code === 'InvalidCredentials') throw error;
          answer = await login(credentials, []);
        }
      } else {
        answer = await login(credentials, []);
      }
      const cartId = typeof answer.cart?.id === 'string' ? answer.cart.id : undefined;
      return { ...reshapeCustomer(answer.customer), ...(cartId ? { cartId } : {}) };
    },

    /** A password reset token valid for 10 minutes; an unknown e-mail throws InvalidSubject. */
    async createPasswordResetToken(storeKey: string, email: string, call: Call): Promise<string> {
      const data = await graphql<{ customerCreatePasswordResetToken: { value: string } }>(
        'CreateResetToken',
        CREATE_RESET_TOKEN,
        { email, storeKey },
        call,
      );
      return data.customerCreatePasswordResetToken.value;
    },

    /** Sets a new password with a reset token; returns the customer's id. A bad or used token throws InvalidSubject. */
    async resetPassword(storeKey: string, tokenValue: string, newPassword: string, call: Call): Promise<string> {
      const data = await graphql<{ customerResetPassword: { id: string } }>(
        'ResetPassword',
        RESET_PASSWORD,
        { tokenValue, newPassword, storeKey },
        call,
      );
      return data.customerResetPassword.id;
    },
  };
}
