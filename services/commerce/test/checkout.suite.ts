import type { RunningCommerce } from '../src/server';
import { type DatabaseKind, client, codeOf, startCommerce } from './support';

const PAYMENT_FIELDS = `id version key amountPlanned { centAmount currencyCode }
  paymentMethodInfo { paymentInterface method name(locale: "en-US") } interfaceId
  paymentStatus { interfaceCode interfaceText }
  transactions { id timestamp type amount { centAmount } interactionId state }
  custom { type { key } customFieldsRaw { name value } }`;
const CREATE_PAYMENT = `mutation($draft: PaymentDraft!) { createPayment(draft: $draft) { ${PAYMENT_FIELDS} } }`;
const UPDATE_PAYMENT = `mutation($id: String, $key: String, $version: Long!, $actions: [PaymentUpdateAction!]!) {
  updatePayment(id: $id, key: $key, version: $version, actions: $actions) { ${PAYMENT_FIELDS} } }`;

const MONEY = 'centAmount';
const TAXED = `totalNet { ${MONEY} } totalGross { ${MONEY} } totalTax { ${MONEY} } taxPortions { name rate amount { ${MONEY} } }`;
const CART_FIELDS = `id version cartState taxMode taxRoundingMode taxCalculationMode totalPrice { ${MONEY} }
  taxedPrice { ${TAXED} } taxedShippingPrice { ${TAXED} }
  lineItems { id quantity totalPrice { ${MONEY} } taxRate { name amount } taxedPrice { ${TAXED} } }
  customLineItems { id key slug quantity name(locale: "en-US") money { ${MONEY} } totalPrice { ${MONEY} }
    taxRate { name amount } taxedPrice { ${TAXED} } priceMode discountedPricePerQuantity { quantity } }
  shippingInfo { price { ${MONEY} } taxedPrice { ${TAXED} } }
  paymentInfo { paymentRefs { id } payments { id key transactions { type state } } }
  custom { type { key } customFieldsRaw { name value } }`;
const ORDER_FIELDS = `id version orderNumber orderState paymentState shipmentState taxMode taxRoundingMode taxCalculationMode
  totalPrice { ${MONEY} } taxedPrice { ${TAXED} } storeRef { key }
  customLineItems { slug money { ${MONEY} } taxedPrice { ${TAXED} } }
  paymentInfo { paymentRefs { id } payments { id } }
  custom { type { key } customFieldsRaw { name value } }`;

const address = { streetName: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' };
const texas = { name: 'TX 78701', amount: 0.0825, country: 'US', state: 'TX' };
const field = (name: string, value: unknown) => ({ name, value: JSON.stringify(value) });

/** Payments, custom lines, external taxes and orders as the checkout uses them, on PGlite and PostgreSQL. */
export function checkoutSuite(kind: DatabaseKind) {
  let commerce: RunningCommerce;
  let api: ReturnType<typeof client>;
  let skus: string[];
  let serial = 0;
  const unique = (prefix: string) => `${prefix}-${kind}-${(serial += 1)}`;

  beforeAll(async () => {
    commerce = await startCommerce(kind, 40);
    api = client(commerce);
    const data = await api.gql(`{ productProjectionSearch(storeProjection: "everwear", limit: 20, sorts: ["id asc"]) {
      results { allVariants { sku availability { noChannel { availableQuantity } } } } } }`);
    skus = data.productProjectionSearch.results
      .flatMap(
        (p: { allVariants: Array<{ sku: string; availability: { noChannel: { availableQuantity: number } } }> }) =>
          p.allVariants.filter((v) => (v.availability?.noChannel.availableQuantity ?? 0) >= 5).map((v) => v.sku),
      )
      .slice(0, 10);
  });
  afterAll(() => commerce?.stop());

  const createPayment = async (draft: Record<string, unknown>) =>
    (
      await api.gql(CREATE_PAYMENT, {
        draft: { amountPlanned: { centAmount: 5000, currencyCode: 'USD' }, ...draft },
      })
    ).createPayment;
  const updatePayment = async (payment: { id: string; version: number }, actions: unknown[]) =>
    (await api.gql(UPDATE_PAYMENT, { id: payment.id, version: payment.version, actions })).updatePayment;
  const newCart = async (draft: Record<string, unknown> = {}, storeKey = 'everwear') =>
    (
      await api.gql(
        `mutation($draft: CartDraft!, $storeKey: KeyReferenceInput) { createCart(draft: $draft, storeKey: $storeKey) { ${CART_FIELDS} } }`,
        { storeKey, draft: { currency: 'USD', ...draft } },
      )
    ).createCart;
  const updateCart = async (cart: { id: string; version: number }, actions: unknown[]) =>
    (
      await api.gql(
        `mutation($id: String!, $version: Long!, $actions: [CartUpdateAction!]!) { updateCart(id: $id, version: $version, actions: $actions) { ${CART_FIELDS} } }`,
        { id: cart.id, version: cart.version, actions },
      )
    ).updateCart;
  const placeOrder = async (cart: { id: string; version: number }, draft: Record<string, unknown> = {}) =>
    (
      await api.gql(
        `mutation($draft: OrderCartCommand!, $storeKey: KeyReferenceInput) { createOrderFromCart(draft: $draft, storeKey: $storeKey) { ${ORDER_FIELDS} } }`,
        { storeKey: 'everwear', draft: { id: cart.id, version: cart.version, ...draft } },
      )
    ).createOrderFromCart;
  const checkoutCart = (sku: string, quantity = 2) =>
    newCart({
      taxMode: 'External',
      taxRoundingMode: 'HalfUp',
      taxCalculationMode: 'UnitPriceLevel',
      lineItems: [{ sku, quantity }],
      shippingAddress: address,
      billingAddress: address,
    });
  const tableText = async (table: string) =>
    JSON.stringify(await commerce.db.query(`SELECT * FROM ${table}`)).replace(/\s/g, '');

  describe('payments', () => {
    it('creates a payment with its transactions, method and custom fields, found by id and by key', async () => {
      const key = unique('pay');
      const payment = await createPayment({
        key,
        interfaceId: 'auth_123',
        paymentMethodInfo: {
          paymentInterface: 'shop-payments',
          method: 'card',
          name: [{ locale: 'en-US', value: 'Visa ending 4242' }],
        },
        paymentStatus: { interfaceCode: 'authorized', interfaceText: 'Approved' },
        transactions: [{ type: 'Authorization', amount: { centAmount: 5000, currencyCode: 'USD' } }],
        custom: { typeKey: 'payment', fields: [field('cardBrand', 'visa'), field('cardLast4', '4242')] },
      });
      expect(payment).toMatchObject({
        version: 1,
        key,
        amountPlanned: { centAmount: 5000, currencyCode: 'USD' },
        paymentMethodInfo: { paymentInterface: 'shop-payments', method: 'card', name: 'Visa ending 4242' },
        interfaceId: 'auth_123',
        paymentStatus: { interfaceCode: 'authorized', interfaceText: 'Approved' },
        // commercetools starts a transaction in Initial unless the draft says otherwise.
        transactions: [{ type: 'Authorization', amount: { centAmount: 5000 }, state: 'Initial', interactionId: null }],
        custom: { type: { key: 'payment' } },
      });
      expect(payment.custom.customFieldsRaw).toEqual(
        expect.arrayContaining([
          { name: 'cardBrand', value: 'visa' },
          { name: 'cardLast4', value: '4242' },
        ]),
      );
      const byId = await api.gql(`query($id: String) { payment(id: $id) { key } }`, { id: payment.id });
      const byKey = await api.gql(`query($key: String) { payment(key: $key) { id } }`, { key });
      expect(byId.payment.key).toBe(key);
      expect(byKey.payment.id).toBe(payment.id);
      expect((await api.gql(`{ payment(key: "no-such-payment") { id } }`)).payment).toBeNull();
    });

    it('moves transactions forward only, at the current version', async () => {
      let payment = await createPayment({
        transactions: [{ type: 'Authorization', amount: { centAmount: 5000, currencyCode: 'USD' }, state: 'Pending' }],
      });
      const [auth] = payment.transactions;
      payment = await updatePayment(payment, [
        { changeTransactionState: { transactionId: auth.id, state: 'Success' } },
        { changeTransactionInteractionId: { transactionId: auth.id, interactionId: 'auth_9' } },
        { changeTransactionTimestamp: { transactionId: auth.id, timestamp: '2026-11-21T12:00:00Z' } },
        { addTransaction: { transaction: { type: 'Charge', amount: { centAmount: 4000, currencyCode: 'USD' } } } },
        { setStatusInterfaceCode: { interfaceCode: 'captured' } },
        { setStatusInterfaceText: { interfaceText: 'Captured in part' } },
        { setInterfaceId: { interfaceId: 'auth_9' } },
        { setCustomType: { typeKey: 'payment', fields: [field('gatewayReference', 'auth_9')] } },
        { setCustomField: { name: 'declineCode', value: JSON.stringify('none') } },
      ]);
      expect(payment).toMatchObject({
        version: 2,
        interfaceId: 'auth_9',
        paymentStatus: { interfaceCode: 'captured', interfaceText: 'Captured in part' },
        transactions: [
          {
            type: 'Authorization',
            state: 'Success',
            interactionId: 'auth_9',
            timestamp: '2026-11-21T12:00:00.000Z',
          },
          { type: 'Charge', state: 'Initial', amount: { centAmount: 4000 } },
        ],
      });
      const charge = payment.transactions[1];
      payment = await updatePayment(payment, [
        { changeTransactionState: { transactionId: charge.id, state: 'Pending' } },
      ]);
      payment = await updatePayment(payment, [
        { changeTransactionState: { transactionId: charge.id, state: 'Failure' } },
      ]);
      expect(payment.transactions[1].state).toBe('Failure');

      // Back from an outcome, or back to Pending: refused, and nothing changes.
      expect(
        await codeOf(
          updatePayment(payment, [{ changeTransactionState: { transactionId: auth.id, state: 'Pending' } }]),
        ),
      ).toBe('InvalidOperation');
      expect(
        await codeOf(
          updatePayment(payment, [{ changeTransactionState: { transactionId: charge.id, state: 'Success' } }]),
        ),
      ).toBe('InvalidOperation');
      expect(
        await codeOf(
          updatePayment({ ...payment, version: payment.version - 1 }, [
            { setStatusInterfaceCode: { interfaceCode: 'x' } },
          ]),
        ),
      ).toBe('ConcurrentModification');
      expect(
        await codeOf(updatePayment(payment, [{ changeTransactionState: { transactionId: 'nope', state: 'Success' } }])),
      ).toBe('InvalidInput');
      const again = await api.gql(`query($id: String) { payment(id: $id) { version transactions { state } } }`, {
        id: payment.id,
      });
      expect(again.payment).toEqual({ version: 4, transactions: [{ state: 'Success' }, { state: 'Failure' }] });
    });

    it('refuses a duplicate key, another currency, a negative amount and an unknown custom field, storing nothing', async () => {
      const key = unique('dup');
      await createPayment({ key });
      expect(await codeOf(createPayment({ key }))).toBe('DuplicateField');
      expect(await codeOf(createPayment({ amountPlanned: { centAmount: 100, currencyCode: 'EUR' } }))).toBe(
        'InvalidInput',
      );
      expect(await codeOf(createPayment({ amountPlanned: { centAmount: -1, currencyCode: 'USD' } }))).toBe(
        'InvalidInput',
      );
      expect(await codeOf(createPayment({ custom: { typeKey: 'payment', fields: [field('cvc', '123')] } }))).toBe(
        'InvalidField',
      );
      const [{ n }] = await commerce.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM payments WHERE key = $1 OR data->'amountPlanned'->>'currencyCode' <> 'USD'",
        [key],
      );
      expect(n).toBe(1);
    });

    it('never stores a card number, wherever a caller puts one by mistake', async () => {
      const pan = '4242 4242 4242 4242';
      const payment = await createPayment({ key: unique('pan') });
      const attempts = [
        createPayment({ interfaceId: `pan ${pan}` }),
        createPayment({ custom: { typeKey: 'payment', fields: [field('gatewayReference', pan)] } }),
        updatePayment(payment, [{ setStatusInterfaceText: { interfaceText: `card ${pan.replace(/ /g, '')}` } }]),
        updatePayment(payment, [
          {
            addTransaction: {
              transaction: { type: 'Charge', amount: { centAmount: 1, currencyCode: 'USD' }, interactionId: pan },
            },
          },
        ]),
        newCart({ custom: { typeKey: 'order-b2c', fields: [field('paymentToken', pan)] } }),
      ];
      for (const attempt of attempts) expect(['InvalidInput', 'InvalidField']).toContain(await codeOf(attempt));
      for (const table of ['payments', 'carts', 'orders'])
        expect(await tableText(table)).not.toContain('4242424242424242');
    });
  });

  describe('a cart at checkout', () => {
    it('takes a loyalty credit as a negative custom line and taxes lines, credit and shipping with their own rates', async () => {
      let cart = await checkoutCart(skus[0], 3);
      expect(cart).toMatchObject({
        taxMode: 'External',
        taxRoundingMode: 'HalfUp',
        taxCalculationMode: 'UnitPriceLevel',
      });
      const [line] = cart.lineItems;
      const lineTotal = line.totalPrice.centAmount;
      cart = await updateCart(cart, [
        { setShippingMethod: { shippingMethod: { key: 'everwear-standard-ground' } } },
        { setLineItemTaxRate: { lineItemId: line.id, externalTaxRate: texas } },
        {
          addCustomLineItem: {
            name: [{ locale: 'en-US', value: 'Loyalty points' }],
            money: { centPrecision: { centAmount: -500, currencyCode: 'USD' } },
            slug: 'loyalty-redemption',
            key: 'loyalty',
            externalTaxRate: texas,
          },
        },
      ]);
      expect(cart.taxedPrice).toBeNull();
      cart = await updateCart(cart, [
        { setShippingMethodTaxRate: { externalTaxRate: { name: 'Shipping', amount: 0, country: 'US' } } },
      ]);
      const [credit] = cart.customLineItems;
      expect(credit).toMatchObject({
        key: 'loyalty',
        slug: 'loyalty-redemption',
        quantity: 1,
        name: 'Loyalty points',
        money: { centAmount: -500 },
        totalPrice: { centAmount: -500 },
        priceMode: 'Standard',
        discountedPricePerQuantity: [],
        // -500 x 0.0825 = -41.25
        taxedPrice: { totalNet: { centAmount: -500 }, totalTax: { centAmount: -41 }, totalGross: { centAmount: -541 } },
      });
      const shipping = cart.shippingInfo.price.centAmount;
      expect(cart.totalPrice.centAmount).toBe(lineTotal - 500 + shipping);
      // Unit price level, half up: each unit's tax rounded, times 3.
      const unit = lineTotal / 3;
      const unitTax = Math.floor(unit * 0.0825 + 0.5);
      expect(cart.lineItems[0].taxedPrice.totalTax.centAmount).toBe(3 * unitTax);
      expect(cart.taxedPrice).toMatchObject({
        totalNet: { centAmount: cart.totalPrice.centAmount },
        totalTax: { centAmount: 3 * unitTax - 41 },
        totalGross: { centAmount: cart.totalPrice.centAmount + 3 * unitTax - 41 },
      });
      expect(cart.taxedPrice.taxPortions).toEqual([
        { name: 'TX 78701', rate: 0.0825, amount: { centAmount: 3 * unitTax - 41 } },
        { name: 'Shipping', rate: 0, amount: { centAmount: 0 } },
      ]);
      expect(cart.taxedShippingPrice).toMatchObject({ totalNet: { centAmount: shipping } });

      // The same cart at the line item level rounds each line total once.
      const lineLevel = await updateCart(cart, [{ changeTaxCalculationMode: { taxCalculationMode: 'LineItemLevel' } }]);
      expect(lineLevel.lineItems[0].taxedPrice.totalTax.centAmount).toBe(Math.floor(lineTotal * 0.0825 + 0.5));

      // Resizing the credit, then removing it by key.
      cart = await updateCart(lineLevel, [
        {
          changeCustomLineItemMoney: {
            customLineItemKey: 'loyalty',
            money: { centPrecision: { centAmount: -800, currencyCode: 'USD' } },
          },
        },
        { setCustomLineItemTaxRate: { customLineItemKey: 'loyalty', externalTaxRate: { ...texas, amount: 0.1 } } },
      ]);
      expect(cart.customLineItems[0].taxedPrice.totalTax.centAmount).toBe(-80);
      cart = await updateCart(cart, [{ removeCustomLineItem: { customLineItemKey: 'loyalty' } }]);
      expect(cart.customLineItems).toEqual([]);
      expect(cart.totalPrice.centAmount).toBe(lineTotal + cart.shippingInfo.price.centAmount);
    });

    it('refuses tax modes it does not implement, and external rates outside the External mode', async () => {
      expect(await codeOf(newCart({ taxMode: 'Platform' }))).toBe('InvalidOperation');
      expect(await codeOf(newCart({ taxMode: 'ExternalAmount' }))).toBe('InvalidOperation');
      let cart = await newCart({ lineItems: [{ sku: skus[1], quantity: 1 }] });
      // commercetools' defaults for rounding and level; External here since Platform is not implemented.
      expect(cart).toMatchObject({
        taxMode: 'External',
        taxRoundingMode: 'HalfEven',
        taxCalculationMode: 'LineItemLevel',
      });
      cart = await updateCart(cart, [
        { setLineItemTaxRate: { lineItemId: cart.lineItems[0].id, externalTaxRate: texas } },
        { changeTaxRoundingMode: { taxRoundingMode: 'HalfDown' } },
      ]);
      expect(cart.taxedPrice).not.toBeNull();
      expect(await codeOf(updateCart(cart, [{ changeTaxMode: { taxMode: 'Platform' } }]))).toBe('InvalidOperation');
      cart = await updateCart(cart, [{ changeTaxMode: { taxMode: 'Disabled' } }]);
      // A new mode drops the rates set under the old one.
      expect(cart).toMatchObject({ taxMode: 'Disabled', taxedPrice: null, lineItems: [{ taxRate: null }] });
      expect(
        await codeOf(
          updateCart(cart, [{ setLineItemTaxRate: { lineItemId: cart.lineItems[0].id, externalTaxRate: texas } }]),
        ),
      ).toBe('InvalidOperation');
      expect(
        await codeOf(
          updateCart(cart, [
            {
              addCustomLineItem: {
                name: [{ locale: 'en-US', value: 'Fee' }],
                money: { centPrecision: { centAmount: 100, currencyCode: 'USD' } },
                slug: 'fee',
                externalTaxRate: texas,
              },
            },
          ]),
        ),
      ).toBe('InvalidOperation');
      expect(
        await codeOf(
          updateCart(cart, [
            {
              addCustomLineItem: {
                name: [{ locale: 'en-US', value: 'Fee' }],
                money: { centPrecision: { centAmount: 100, currencyCode: 'EUR' } },
                slug: 'fee',
              },
            },
          ]),
        ),
      ).toBe('InvalidInput');
    });

    it('keeps the checkout fields of order-b2c on the cart and refuses fields the type does not have', async () => {
      const fields = {
        fraudSessionId: 'fs-1',
        fraudDecision: 'accept',
        idempotencyKey: 'key-0123456789abcdef',
        paymentToken: 'tok_abc',
        cardBrand: 'visa',
        cardLast4: '4242',
        billingSameAsShipping: 'true',
        loyaltyHoldId: 'hold_1',
        placedBySession: 'session-hash',
      };
      const cart = await newCart({
        custom: { typeKey: 'order-b2c', fields: Object.entries(fields).map(([name, value]) => field(name, value)) },
      });
      expect(
        Object.fromEntries(cart.custom.customFieldsRaw.map((f: { name: string; value: unknown }) => [f.name, f.value])),
      ).toEqual(fields);
      expect(await codeOf(updateCart(cart, [{ setCustomField: { name: 'cardNumber', value: '"x"' } }]))).toBe(
        'InvalidField',
      );
    });
  });

  describe('orders from checkout carts', () => {
    it('orders a fully taxed cart with its payment, credit and custom fields under the caller’s number', async () => {
      let cart = await checkoutCart(skus[2]);
      const payment = await createPayment({
        amountPlanned: { centAmount: 1, currencyCode: 'USD' },
        transactions: [{ type: 'Authorization', amount: { centAmount: 1, currencyCode: 'USD' }, state: 'Success' }],
      });
      cart = await updateCart(cart, [
        { setShippingMethod: { shippingMethod: { key: 'everwear-standard-ground' } } },
        { setLineItemTaxRate: { lineItemId: cart.lineItems[0].id, externalTaxRate: texas } },
        {
          addCustomLineItem: {
            name: [{ locale: 'en-US', value: 'Loyalty points' }],
            money: { centPrecision: { centAmount: -300, currencyCode: 'USD' } },
            slug: 'loyalty-redemption',
          },
        },
        { addPayment: { payment: { id: payment.id } } },
        // Adding it again changes nothing.
        { addPayment: { payment: { key: null, id: payment.id } } },
        { setCustomType: { typeKey: 'order-b2c', fields: [field('idempotencyKey', 'idem-0123456789abcdef')] } },
      ]);
      expect(cart.paymentInfo).toEqual({
        paymentRefs: [{ id: payment.id }],
        payments: [{ id: payment.id, key: null, transactions: [{ type: 'Authorization', state: 'Success' }] }],
      });
      // External taxes: nothing is ordered while the credit and the shipping lack a rate.
      const refused = await api
        .gql(`mutation($draft: OrderCartCommand!) { createOrderFromCart(draft: $draft) { id } }`, {
          draft: { id: cart.id, version: cart.version, orderNumber: unique('VF') },
        })
        .catch((error) => error);
      expect(refused).toMatchObject({ code: 'InvalidOperation' });
      expect(refused.extensions.missingTaxRates).toEqual([
        `customLineItem ${cart.customLineItems[0].id}`,
        'shippingInfo',
      ]);

      cart = await updateCart(cart, [
        { setCustomLineItemTaxRate: { customLineItemId: cart.customLineItems[0].id, externalTaxRate: texas } },
        { setShippingMethodTaxRate: { externalTaxRate: { ...texas, name: 'Shipping', amount: 0 } } },
      ]);
      const orderNumber = unique('VF');
      const order = await placeOrder(cart, { orderNumber, paymentState: 'Pending' });
      expect(order).toMatchObject({
        orderNumber,
        orderState: 'Open',
        paymentState: 'Pending',
        shipmentState: null,
        taxMode: 'External',
        taxRoundingMode: 'HalfUp',
        taxCalculationMode: 'UnitPriceLevel',
        storeRef: { key: 'everwear' },
        totalPrice: cart.totalPrice,
        taxedPrice: cart.taxedPrice,
        customLineItems: [{ slug: 'loyalty-redemption', money: { centAmount: -300 } }],
        paymentInfo: { paymentRefs: [{ id: payment.id }], payments: [{ id: payment.id }] },
        custom: {
          type: { key: 'order-b2c' },
          customFieldsRaw: [{ name: 'idempotencyKey', value: 'idem-0123456789abcdef' }],
        },
      });

      const refund = await createPayment({ amountPlanned: { centAmount: 0, currencyCode: 'USD' } });
      const updated = await api.gql(
        `mutation($id: String, $actions: [OrderUpdateAction!]!) { updateOrder(id: $id, version: 1, actions: $actions, storeKey: "everwear") { version paymentState paymentInfo { paymentRefs { id } } } }`,
        {
          id: order.id,
          actions: [{ addPayment: { payment: { id: refund.id } } }, { changePaymentState: { paymentState: 'Paid' } }],
        },
      );
      expect(updated.updateOrder).toEqual({
        version: 2,
        paymentState: 'Paid',
        paymentInfo: { paymentRefs: [{ id: payment.id }, { id: refund.id }] },
      });
      expect(
        await codeOf(
          api.gql(
            `mutation($id: String) { updateOrder(id: $id, version: 2, actions: [{ changePaymentState: { paymentState: Settled } }]) { id } }`,
            {
              id: order.id,
            },
          ),
        ),
      ).toBe('InvalidInput');
      expect(
        await codeOf(
          api.gql(
            `mutation($id: String) { updateOrder(id: $id, version: 2, actions: [{ addPayment: { payment: { id: "00000000-0000-4000-8000-000000000000" } } }]) { id } }`,
            { id: order.id },
          ),
        ),
      ).toBe('ReferencedResourceNotFound');
    });

    it('refuses a cart whose credits take its total below zero', async () => {
      let cart = await newCart({ taxMode: 'Disabled', lineItems: [{ sku: skus[3], quantity: 1 }] });
      cart = await updateCart(cart, [
        {
          addCustomLineItem: {
            name: [{ locale: 'en-US', value: 'Credit' }],
            money: { centPrecision: { centAmount: -(cart.totalPrice.centAmount + 1), currencyCode: 'USD' } },
            slug: 'credit',
          },
        },
      ]);
      expect(cart.totalPrice.centAmount).toBe(-1);
      expect(await codeOf(placeOrder(cart, { orderNumber: unique('VF') }))).toBe('InvalidOperation');
    });

    it('places orders sharing skus at once, whatever order their bags list them in, without a deadlock', async () => {
      const [first, second] = [skus[6], skus[7]];
      const carts = [];
      for (let i = 0; i < 6; i += 1)
        carts.push(
          await newCart({
            taxMode: 'Disabled',
            lineItems: (i % 2 ? [second, first] : [first, second]).map((sku) => ({ sku, quantity: 1 })),
          }),
        );
      const placed = await Promise.allSettled(carts.map((cart) => placeOrder(cart, { orderNumber: unique('VF') })));
      // Each either ordered or refused for stock (OutOfStock): never an internal error.
      const refusals = placed.flatMap((outcome) =>
        outcome.status === 'rejected' ? [(outcome.reason as { code?: string }).code] : [],
      );
      expect(refusals.filter((code) => code !== 'OutOfStock')).toEqual([]);
      expect(placed.some((outcome) => outcome.status === 'fulfilled')).toBe(true);
    });

    it("finds a store's orders by number or customer in that store only", async () => {
      const email = `${unique('shopper')}@example.com`;
      const { customerSignUp } = await api.gql(
        `mutation($draft: CustomerSignUpDraft!) { customerSignUp(draft: $draft, storeKey: "everwear") { customer { id } } }`,
        { draft: { email, password: 'Secret-Pass-1' } },
      );
      const customerId = customerSignUp.customer.id;
      const numbers = [unique('VF'), unique('VF')];
      const carts: string[] = [];
      for (const [i, orderNumber] of numbers.entries()) {
        const cart = await newCart({ taxMode: 'Disabled', customerId, lineItems: [{ sku: skus[4 + i], quantity: 1 }] });
        carts.push(cart.id);
        await placeOrder(cart, { orderNumber });
      }
      const ORDER = `query($store: KeyReferenceInput!, $number: String) { inStore(key: $store) { order(orderNumber: $number) { orderNumber } } }`;
      const ORDERS = `query($store: KeyReferenceInput!, $where: String, $sort: [String!]) {
        inStore(key: $store) { orders(where: $where, sort: $sort, limit: 5) { total exists results { orderNumber } } } }`;
      expect((await api.gql(ORDER, { store: 'everwear', number: numbers[0] })).inStore.order).toEqual({
        orderNumber: numbers[0],
      });
      const mine = await api.gql(ORDERS, {
        store: 'everwear',
        where: `customerId = "${customerId}"`,
        sort: ['createdAt asc'],
      });
      expect(mine.inStore.orders).toEqual({
        total: 2,
        exists: true,
        results: numbers.map((orderNumber) => ({ orderNumber })),
      });
      const byNumber = await api.gql(ORDERS, { store: 'everwear', where: `orderNumber = "${numbers[1]}"` });
      expect(byNumber.inStore.orders.results).toEqual([{ orderNumber: numbers[1] }]);
      // A retried placement finds the order its cart became.
      const byCart = await api.gql(ORDERS, { store: 'everwear', where: `cart(id = "${carts[0]}")` });
      expect(byCart.inStore.orders.results).toEqual([{ orderNumber: numbers[0] }]);
      // Another brand's store finds neither.
      expect((await api.gql(ORDER, { store: 'hoopcraft', number: numbers[0] })).inStore.order).toBeNull();
      const elsewhere = await api.gql(ORDERS, { store: 'hoopcraft', where: `orderNumber = "${numbers[0]}"` });
      expect(elsewhere.inStore.orders).toEqual({ total: 0, exists: false, results: [] });
      // A predicate that names neither the customer nor the order is refused rather than scanned.
      expect(await codeOf(api.gql(ORDERS, { store: 'everwear', where: 'orderState = "Open"' }))).toBe('InvalidInput');
    });
  });
}
