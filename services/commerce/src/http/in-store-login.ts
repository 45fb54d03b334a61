import { CommerceError, invalidInput } from '../errors';
import type { CommerceServices } from '../services';

const MODES = ['MergeWithExistingCustomerCart', 'UseAsNewActiveCustomerCart'];

/**
 * POST {project}/in-store/key={storeKey}/login: checks the password of a customer of that store
 * and, with an anonymous cart, merges it into the customer's cart or makes it theirs.
 */
export async function inStoreLogin(services: CommerceServices, storeKey: string, body: unknown) {
  const store = await services.stores.get(storeKey);
  if (!store) throw new CommerceError(404, 'ResourceNotFound', `The store with key '${storeKey}' was not found.`);
  if (typeof body !== 'object' || body === null) throw invalidInput('The request body must be a JSON object.');
  const { email, password, anonymousCart, anonymousCartSignInMode } = body as Record<string, unknown>;
  if (typeof email !== 'string' || typeof password !== 'string') throw invalidInput('email and password are required.');
  const mode = anonymousCartSignInMode ?? 'MergeWithExistingCustomerCart';
  if (typeof mode !== 'string' || !MODES.includes(mode))
    throw invalidInput(`anonymousCartSignInMode must be one of ${MODES.join(', ')}.`);
  let cartId: string | undefined;
  if (anonymousCart !== undefined && anonymousCart !== null) {
    const ref = anonymousCart as { id?: unknown; typeId?: unknown };
    if (typeof ref.id !== 'string' || (ref.typeId !== undefined && ref.typeId !== 'cart'))
      throw invalidInput('anonymousCart must be {"typeId":"cart","id":"..."}.');
    cartId = ref.id;
  }
  const customer = await services.customers.authenticate(store.key, email, password);
  const cart = await services.db.transaction((tx) =>
    services.carts.signInCart(tx, customer.id, store.key, cartId, mode),
  );
  return { customer, ...(cart ? { cart } : {}) };
}
