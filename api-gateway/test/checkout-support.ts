import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ownCardNumber } from '@shop/node-kit/testing';
import type {
  CheckoutAddress,
  CheckoutResponse,
  LoyaltyJoinResponse,
  LoyaltyResponse,
  OrderConfirmation,
} from '@shop/contracts';
import type { GatewayConfig } from '../src/config';
import {
  authClient,
  captchaAt,
  commerceAt,
  commerceGraphql,
  freePort,
  request,
  startBuiltService,
  startTestGateway,
} from './support';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

/** The vendors' development keys (services/vendors/src/config.ts defaults). */
export const VENDOR_KEYS = {
  tax: 'dev-only-tax-api-key',
  address: 'dev-only-address-api-key',
  payment: 'dev-only-payment-secret-key',
  fraud: 'dev-only-fraud-api-key',
  loyalty: 'dev-only-loyalty-api-key',
  labels: 'dev-only-return-label-api-key',
} as const;

/** Gateway settings for a local vendors service on `url` with its hosted field and collector origins. */
export const vendorsAt = (url: string, hostedUrl: string, collectorUrl: string): GatewayConfig['vendors'] => ({
  tax: { url: `${url}/tax/v1`, apiKey: VENDOR_KEYS.tax },
  address: { url: `${url}/address/v1`, apiKey: VENDOR_KEYS.address },
  payment: {
    url: `${url}/payments/v1`,
    apiKey: VENDOR_KEYS.payment,
    publishableKey: 'pk_dev_shop',
    hostedUrl,
  },
  fraud: { url: `${url}/fraud/v1`, apiKey: VENDOR_KEYS.fraud, collectorUrl, orgId: 'shop-dev' },
  loyalty: { url: `${url}/loyalty/v1`, apiKey: VENDOR_KEYS.loyalty },
  labels: { url: `${url}/labels/v1`, apiKey: VENDOR_KEYS.labels },
});

/** Gateway settings for the identity-verification stand-in on its own origin (its development client). */
export const idmeAt = (origin: string): GatewayConfig['idme'] => ({
  authorizeUrl: `${origin}/oauth/authorize`,
  tokenUrl: `${origin}/oauth/token`,
  userinfoUrl: `${origin}/api/public/v3/attributes.json`,
  clientId: 'shop-dev',
  clientSecret: 'dev-only-idme-client-secret',
});

/** A random Luhn-valid Visa of the shopper's own, which the payment stand-in approves. */
export const approvingCard = ownCardNumber;

/**
 * The person's answer on the ID.me stand-in's consent page for the authorize URL the shop sent
 * them to: the provider's redirect (302) back to the shop's callback.
 */
export function answerIdmeConsent(
  stack: CheckoutStack,
  authorize: URL,
  decision: 'approve' | 'deny' = 'approve',
  group = 'military',
): Promise<Response> {
  const params = authorize.searchParams;
  return fetch(`${stack.idmeUrl}/oauth/authorize`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({
      client_id: params.get('client_id') as string,
      redirect_uri: params.get('redirect_uri') as string,
      state: params.get('state') as string,
      code_challenge: params.get('code_challenge') as string,
      scope: group,
      email: 'shopper@everwear.example',
      decision,
    }),
  });
}

export const OPS_KEY = 'ops-key-for-gateway-tests-0014';
/** The captcha answer the stack's gateway takes without asking the captcha service. */
export const INTERNAL_CAPTCHA = 'internal-captcha-secret-for-checkout-tests';

/** The real commerce and vendor services (built), and a gateway in front of them. */
export async function startCheckoutStack(name: string, overrides: Partial<GatewayConfig> = {}) {
  const data = mkdtempSync(join(tmpdir(), `gw-${name}-`));
  const [hostedPort, collectorPort, idmePort] = [await freePort(), await freePort(), await freePort()];
  // The identity provider stand-in sends people back only to callbacks registered in advance.
  const gatewayPort = overrides.port ?? (await freePort());
  const [commerce, vendors] = await Promise.all([
    startBuiltService(
      'commerce',
      { COMMERCE_DATA_DIR: join(data, 'commerce-db'), COMMERCE_SEED_PRODUCTS: '60' },
      'COMMERCE_PORT',
    ),
    startBuiltService(
      'vendors',
      {
        VENDORS_DATA_DIR: join(data, 'vendors-db'),
        PAYMENT_HOSTED_PORT: String(hostedPort),
        FRAUD_COLLECTOR_PORT: String(collectorPort),
        IDME_PORT: String(idmePort),
        IDME_REDIRECT_URIS: ['vanityfair', 'everwear', 'rallyathletic', 'hoopcraft']
          .map((brand) => `http://${brand}.localhost:${gatewayPort}/api/idMe/callback`)
          .join(','),
      },
      'VENDORS_PORT',
    ),
  ]);
  const hostedUrl = `http://127.0.0.1:${hostedPort}`;
  const collectorUrl = `http://127.0.0.1:${collectorPort}`;
  // The stand-ins open their database on first use: do it now, not under a gateway deadline.
  await fetch(`${vendors.url}/loyalty/v1/members/vanityfair/warm-up`, {
    headers: { authorization: `Bearer ${VENDOR_KEYS.loyalty}` },
  });
  const idmeUrl = `http://127.0.0.1:${idmePort}`;
  const gateway = await startTestGateway({
    port: gatewayPort,
    commerce: commerceAt(commerce.url),
    vendors: vendorsAt(vendors.url, hostedUrl, collectorUrl),
    idme: idmeAt(idmeUrl),
    // The vendors' own captcha stand-in (its development secret), with an always-passing answer for sign-ins.
    captcha: captchaAt(vendors.url, 'dev-only-captcha-secret', INTERNAL_CAPTCHA),
    opsApiKey: OPS_KEY,
    trustProxy: ['loopback'],
    // The vendors' CRM stand-in (its development key), so e-mail signups hand out welcome codes.
    crm: { url: vendors.url, apiKey: 'dev-only-crm-api-key' },
    ...overrides,
  });
  const stack = {
    commerce,
    vendors,
    gateway,
    hostedUrl,
    collectorUrl,
    idmeUrl,
    graphql: (query: string, variables: Record<string, unknown> = {}) =>
      commerceGraphql(commerce.url, query, variables),
    /**
     * A card token from the hosted field's endpoint, as the iframe opened with a bag's client
     * secret gets one (Shopper.cardToken finds the secret in the shopper's checkout).
     */
    async token(number: string, clientSecret: string) {
      const response = await fetch(`${hostedUrl}/hosted/v1/tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          pk: 'pk_dev_shop',
          clientSecret,
          number,
          expMonth: 12,
          expYear: new Date().getFullYear() + 2,
          cvc: '123',
        }),
      });
      const body = (await response.json()) as { token?: string; error?: unknown };
      if (!body.token) throw new Error(`No token: ${JSON.stringify(body)}`);
      return body.token;
    },
    /** The payment stand-in's authorisations for a reference (the cart id). */
    async authorizations(reference: string): Promise<Json[]> {
      const response = await fetch(
        `${vendors.url}/payments/v1/authorizations?reference=${encodeURIComponent(reference)}`,
        {
          headers: { authorization: `Bearer ${VENDOR_KEYS.payment}` },
        },
      );
      return ((await response.json()) as { authorizations: Json[] }).authorizations;
    },
    async stop() {
      await gateway.stop();
      await Promise.all([commerce.stop(), vendors.stop()]);
    },
  };
  return stack;
}
export type CheckoutStack = Awaited<ReturnType<typeof startCheckoutStack>>;

type Stocked = { sku: string; available: number; price: number };
/** A brand's skus with at least `min` in stock, one per product; only products of `taxCategory` (clothing, general) when given. */
export async function stockedSkus(
  stack: CheckoutStack,
  store: string,
  min = 5,
  taxCategory?: string,
): Promise<Stocked[]> {
  const data = await stack.graphql(
    `query($store: String) { productProjectionSearch(storeProjection: $store, limit: 30, sorts: ["id asc"]) { results {
      taxCategory { key }
      allVariants { sku price(currency: "USD") { value { centAmount } } availability { noChannel { availableQuantity } } } } } }`,
    { store },
  );
  return data.productProjectionSearch.results.flatMap((product: Json) => {
    if (taxCategory && product.taxCategory?.key !== taxCategory) return [];
    const variant = product.allVariants.find(
      (v: Json) => v.price && (v.availability?.noChannel?.availableQuantity ?? 0) >= min,
    );
    return variant
      ? [
          {
            sku: variant.sku,
            available: variant.availability.noChannel.availableQuantity,
            price: variant.price.value.centAmount,
          },
        ]
      : [];
  });
}

export const ADDRESS: CheckoutAddress = {
  firstName: 'Ann',
  lastName: 'Lee',
  streetName: '123 MAIN ST',
  city: 'NEW YORK',
  state: 'NY',
  postalCode: '10001',
  country: 'US',
};

type Answer<T> = { status: number; body: T & { error?: Json }; headers: Headers };

/** A shopper on one brand's site with the gateway's cart, checkout and order API. */
export async function checkoutShopper(
  stack: CheckoutStack,
  brand = 'vanityfair',
  /** `forwardedFor`: the client address the shopper's API calls come from (the stack trusts the loopback proxy). */
  options: { guest?: boolean; forwardedFor?: string } = {},
) {
  const host = `${brand}.localhost:${new URL(stack.gateway.url).port}`;
  const client = authClient(stack.gateway.url, host);
  if (options.guest !== false) await client.signIn('guest', '/');
  let token = await client.csrfToken();
  const send = async <T = CheckoutResponse>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> => {
    const response = await client.send(path, {
      method,
      headers: {
        'content-type': 'application/json',
        'x-csrf-token': token,
        'sec-fetch-site': 'same-origin',
        ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : {}) as T & { error?: Json },
      headers: response.headers,
    };
  };
  /** An unexpected answer with what the gateway logged about it (an upstream refusal's code, say). */
  const explained = (answer: Answer<unknown>) => {
    const id = (answer.body as { error?: { correlationId?: string } }).error?.correlationId;
    const logged = id ? stack.gateway.logsAbout(id) : [];
    return [`${answer.status} ${JSON.stringify(answer.body)}`, ...logged].join('\n');
  };
  const shopper = {
    client,
    host,
    send,
    checkout: () => send('GET', '/api/checkout'),
    add: (sku: string, quantity = 1) =>
      send('POST', '/api/cart/lineItem', { sku, quantity, inventoryListKey: `${brand}-online` }),
    update: (body: unknown) => send('POST', '/api/cart', body),
    reset: () => send('PUT', '/api/cart', {}),
    email: (email: string) => send('POST', '/api/cart/customerEmail', { email }),
    taxes: () => send('POST', '/api/cart/taxes', {}),
    redeem: (points: number) => send('POST', '/api/cart/loyalty/redemption', { points }),
    unredeem: () => send('DELETE', '/api/cart/loyalty/redemption'),
    loyalty: () => send<LoyaltyResponse>('GET', '/api/loyalty'),
    joinLoyalty: () => send<LoyaltyJoinResponse>('POST', '/api/loyalty/join'),
    addCode: (code: string) => send('POST', '/api/cart/discountCode', { code }),
    place: (key: string, body: unknown) =>
      send<OrderConfirmation>('POST', '/api/orders', body, { 'idempotency-key': key }),
    confirmation: (orderNumber: string) => send<OrderConfirmation>('GET', `/api/orders/${orderNumber}`),
    /** The client secret the checkout opens the card field with (bound to this bag, session and brand). */
    async clientSecret() {
      const url = new URL((await shopper.checkout()).body.checkout.vendors.cardFieldUrl);
      const secret = url.searchParams.get('clientSecret');
      if (!secret) throw new Error(`No client secret in ${url.pathname}: is the bag empty?`);
      return secret;
    },
    /** A card token made in this shopper's card field, for their bag. */
    cardToken: async (number = approvingCard()) => stack.token(number, await shopper.clientSecret()),
    /** Everything "Place order" needs: e-mail, a verified address, the standard method, a card, taxes. */
    async ready(cardNumber = approvingCard(), address = ADDRESS) {
      const answer = await shopper.update({
        email: `shopper-${Math.random().toString(36).slice(2, 10)}@example.com`,
        shippingAddress: address,
        billingAddress: 'sameAsShipping',
        payment: { token: await shopper.cardToken(cardNumber) },
      });
      if (answer.status !== 200) throw new Error(`checkout update: ${explained(answer)}`);
      const taxed = await shopper.taxes();
      if (taxed.status !== 200) throw new Error(`taxes: ${explained(taxed)}`);
      return taxed.body;
    },
    /** Registers a customer (which signs the session in, keeping the guest's bag). */
    async register(firstName = 'Cara', lastName = 'Stone') {
      const email = `customer-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      const response = await client.send('/api/account/register', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'sec-fetch-site': 'same-origin',
          'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 200) + 1}`,
        },
        body: JSON.stringify({ csrfToken: token, email, password: 'A-Long-Passphrase-42', firstName, lastName }),
      });
      if (response.status !== 201) throw new Error(`register: ${response.status} ${await response.text()}`);
      token = await client.csrfToken();
      return email;
    },
  };
  return shopper;
}
export type Shopper = Awaited<ReturnType<typeof checkoutShopper>>;

/** The order request body for what the checkout shows now. */
/** What "Place order" sends: the reviewed cart and total, and a captcha answer (the page sends a fresh one each time). */
export const orderBody = (checkout: CheckoutResponse) => ({
  cartId: checkout.cart.id,
  expectedTotal: checkout.checkout.totals.total.centAmount,
  captchaToken: INTERNAL_CAPTCHA,
});

/** An ops call with the bearer key. */
export const ops = (stack: CheckoutStack, orderNumber: string, action: 'fulfil' | 'cancel', key = OPS_KEY) =>
  request(`${stack.gateway.url}/api/ops/orders/${orderNumber}/${action}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: '{}',
  });
