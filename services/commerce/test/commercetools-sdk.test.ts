import { createApiBuilderFromCtpClient } from '@commercetools/platform-sdk';
import type { Customer, CustomerSignInResult, GraphQLResponse } from '@commercetools/platform-sdk';
import { ClientBuilder } from '@commercetools/ts-client';
import type { RunningCommerce } from '../src/server';
import { CLIENT, startCommerce } from './support';

let commerce: RunningCommerce;
let api: ReturnType<ReturnType<typeof createApiBuilderFromCtpClient>['withProjectKey']>;

beforeAll(async () => {
  commerce = await startCommerce('pglite', 120);
  // Configured exactly as for a hosted commercetools project: only the hosts differ.
  const client = new ClientBuilder()
    .withProjectKey('shop')
    .withClientCredentialsFlow({
      host: commerce.baseUrl,
      projectKey: 'shop',
      credentials: { clientId: CLIENT.id, clientSecret: CLIENT.secret },
      scopes: ['manage_project:shop'],
      httpClient: fetch,
    })
    .withHttpMiddleware({ host: commerce.baseUrl, httpClient: fetch })
    .build();
  api = createApiBuilderFromCtpClient(client).withProjectKey({ projectKey: 'shop' });
});
afterAll(() => commerce?.stop());

const graphql = async <T>(query: string, variables: Record<string, unknown>) => {
  const response = await api.graphql().post({ body: { query, variables } }).execute();
  const body = response.body as GraphQLResponse;
  if (body.errors?.length) throw new Error(body.errors[0].message);
  return body.data as T;
};

const anonymousCart = async (sku: string) =>
  (
    await graphql<{ createCart: { id: string } }>(
      `
        mutation ($draft: CartDraft!) {
          createCart(draft: $draft, storeKey: "hoopcraft") {
            id
          }
        }
      `,
      { draft: { currency: 'USD', lineItems: [{ sku, quantity: 2 }] } },
    )
  ).createCart.id;

const login = async (
  anonymousCartId: string,
  mode: 'UseAsNewActiveCustomerCart' | 'MergeWithExistingCustomerCart',
): Promise<CustomerSignInResult> =>
  (
    await api
      .inStoreKeyWithStoreKeyValue({ storeKey: 'hoopcraft' })
      .login()
      .post({
        body: {
          email: 'sdk@example.com',
          password: 'Sdk-Pass-123',
          anonymousCart: { typeId: 'cart', id: anonymousCartId },
          anonymousCartSignInMode: mode,
        },
      })
      .execute()
  ).body;

describe('the official commercetools TypeScript SDK against this service', () => {
  it('gets a token, signs up and queries a customer, and logs in with an anonymous cart in both modes', async () => {
    const signUp = await graphql<{ customerSignUp: CustomerSignInResult }>(
      `
        mutation ($draft: CustomerSignUpDraft!) {
          customerSignUp(draft: $draft, storeKey: "hoopcraft") {
            customer {
              id
              version
              email
              firstName
              lastName
              createdAt
            }
          }
        }
      `,
      {
        draft: {
          email: 'sdk@example.com',
          password: 'Sdk-Pass-123',
          firstName: 'Sid',
          lastName: 'Kay',
          authenticationMode: 'Password',
        },
      },
    );
    const created: Customer = signUp.customerSignUp.customer;
    expect(created).toMatchObject({ email: 'sdk@example.com', firstName: 'Sid', lastName: 'Kay', version: 1 });

    const query = await graphql<{ customers: { results: Array<Pick<Customer, 'id' | 'email'>> } }>(
      `
        query ($where: String) {
          customers(where: $where) {
            results {
              id
              email
            }
          }
        }
      `,
      { where: 'email="sdk@example.com" and stores(key="hoopcraft")' },
    );
    expect(query.customers.results).toEqual([{ id: created.id, email: 'sdk@example.com' }]);

    const { productProjectionSearch } = await graphql<{
      productProjectionSearch: { results: Array<{ masterVariant: { sku: string } }> };
    }>(
      `
        {
          productProjectionSearch(storeProjection: "hoopcraft", limit: 1) {
            results {
              masterVariant {
                sku
              }
            }
          }
        }
      `,
      {},
    );
    const sku = productProjectionSearch.results[0].masterVariant.sku;

    const firstCart = await anonymousCart(sku);
    const asNewBody = await login(firstCart, 'UseAsNewActiveCustomerCart');
    expect(asNewBody.customer.id).toBe(created.id);
    expect(asNewBody.cart?.id).toBe(firstCart);
    expect(asNewBody.cart?.customerId).toBe(created.id);

    const secondCart = await anonymousCart(sku);
    const mergedBody = await login(secondCart, 'MergeWithExistingCustomerCart');
    expect(mergedBody.cart?.id).toBe(firstCart);
    expect(mergedBody.cart?.lineItems[0]).toMatchObject({ variant: { sku }, quantity: 4 });
    expect(mergedBody.cart?.totalPrice.currencyCode).toBe('USD');
  });

  it('surfaces InvalidCredentials through the SDK error', async () => {
    await expect(
      api
        .inStoreKeyWithStoreKeyValue({ storeKey: 'hoopcraft' })
        .login()
        .post({ body: { email: 'sdk@example.com', password: 'wrong' } })
        .execute(),
    ).rejects.toMatchObject({ statusCode: 400, body: { errors: [{ code: 'InvalidCredentials' }] } });
  });
});
