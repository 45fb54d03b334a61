import type {
  CheckoutResponse,
  CheckoutUpdateRequest,
  CustomerEmailRequest,
  LoyaltyRedemptionRequest,
  OrderConfirmation,
  PlaceOrderRequest,
} from '@shop/contracts/browser';
import { IDEMPOTENCY_KEY_HEADER } from '@shop/contracts/browser';
import { api, sendWithCsrf } from '@shop/platform';
import { cartWrite } from '../cart/cart-api';
import { cartQueue } from '../cart/serial-queue';

/**
 * The gateway's checkout and order routes (SPEC §7), injected into the one API slice. Checkout
 * writes change the cart, so they run in the cart's serial queue like every other cart task
 * (SPEC §4), and each answers the whole checkout (`CheckoutResponse`). Placing the order runs in
 * the queue too, so it never overtakes a write the shopper made just before.
 */
export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    cartCheckoutGetCheckout: build.query<CheckoutResponse, void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const result = await cartQueue.run(async () =>
          baseQuery({ url: '/checkout', headers: { 'cache-control': 'no-cache' } }),
        );
        return result.error ? { error: result.error } : { data: result.data as CheckoutResponse };
      },
      // The checkout belongs to the session, like the bag.
      providesTags: ['Cart', 'Session'],
      // Gone once the page is left, so Back, Forward or a new visit read it again (the gateway holds what was saved).
      keepUnusedDataFor: 0,
    }),
    cartCheckoutSetEmail: build.mutation<CheckoutResponse, CustomerEmailRequest>({
      queryFn: ({ email }, _api, _extra, baseQuery) =>
        cartWrite<CheckoutResponse>(baseQuery, { url: '/cart/customerEmail', method: 'POST', body: { email } }),
    }),
    cartCheckoutUpdate: build.mutation<CheckoutResponse, CheckoutUpdateRequest>({
      queryFn: (update, _api, _extra, baseQuery) =>
        cartWrite<CheckoutResponse>(baseQuery, { url: '/cart', method: 'POST', body: { ...update } }),
    }),
    cartCheckoutRequestTaxes: build.mutation<CheckoutResponse, void>({
      queryFn: (_arg, _api, _extra, baseQuery) =>
        cartWrite<CheckoutResponse>(baseQuery, { url: '/cart/taxes', method: 'POST', body: {} }),
    }),
    cartCheckoutRedeemPoints: build.mutation<CheckoutResponse, LoyaltyRedemptionRequest>({
      queryFn: ({ points }, _api, _extra, baseQuery) =>
        cartWrite<CheckoutResponse>(baseQuery, {
          url: '/cart/loyalty/redemption',
          method: 'POST',
          body: { points },
        }),
    }),
    cartCheckoutRemoveRedemption: build.mutation<CheckoutResponse, void>({
      queryFn: (_arg, _api, _extra, baseQuery) =>
        cartWrite<CheckoutResponse>(baseQuery, { url: '/cart/loyalty/redemption', method: 'DELETE' }),
    }),
    cartCheckoutPlaceOrder: build.mutation<OrderConfirmation, { order: PlaceOrderRequest; idempotencyKey: string }>({
      queryFn: ({ order, idempotencyKey }, _api, _extra, baseQuery) =>
        cartQueue.run(() =>
          sendWithCsrf<OrderConfirmation>(baseQuery, {
            url: '/orders',
            method: 'POST',
            body: {
              cartId: order.cartId,
              expectedTotal: order.expectedTotal,
              ...(order.captchaToken ? { captchaToken: order.captchaToken } : {}),
            },
            headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
          }),
        ),
    }),
    cartCheckoutGetOrder: build.query<OrderConfirmation, string>({
      query: (orderNumber) => ({
        url: `/orders/${encodeURIComponent(orderNumber)}`,
        headers: { 'cache-control': 'no-cache' },
      }),
      providesTags: (_result, _error, orderNumber) => [{ type: 'Order', id: orderNumber }],
    }),
  }),
});
