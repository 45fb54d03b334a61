/** SPEC §3 tracking events and their analytics data-layer names (SPEC §7). */
export const TRACKING_EVENTS = {
  ADD_PAYMENT_INFO: 'add_payment_info',
  ADD_SHIPPING_INFO: 'add_shipping_info',
  ADD_TO_CART: 'add_to_cart',
  BEGIN_CHECKOUT: 'begin_checkout',
  CART_VIEW: 'cart_view',
  EMAIL: 'email',
  ORDER: 'order',
  PAGE_VIEW: 'page_view',
  PRODUCT_VIEW: 'product_view',
  RETAILER_PRODUCT_LINK_CLICK: 'retailer_product_link_click',
} as const;
export type TrackingEventName = keyof typeof TRACKING_EVENTS;
export type DataLayerEventName = (typeof TRACKING_EVENTS)[TrackingEventName];

/**
 * Fields each event keeps beyond event, eventUrl, eventId and sessionToken (SPEC §3).
 * `null` means the event is passed whole.
 */
export const TRACKING_KEPT_FIELDS: Record<TrackingEventName, readonly string[] | null> = {
  ADD_TO_CART: ['sku', 'quantity'],
  ORDER: ['orderNumber'],
  ADD_PAYMENT_INFO: [],
  ADD_SHIPPING_INFO: [],
  BEGIN_CHECKOUT: [],
  CART_VIEW: null,
  EMAIL: null,
  PAGE_VIEW: null,
  PRODUCT_VIEW: null,
  RETAILER_PRODUCT_LINK_CLICK: null,
};

/**
 * The tracking session (SPEC §4): the gateway sets this cookie (on page loads, and on a tracking
 * post that arrives without one) and the browser repeats its value in each record. It is not
 * HttpOnly because the record carries it; it identifies an analytics session, nothing more.
 */
export const TRACKING_SESSION_COOKIE = 'sessionToken';
/** SPEC §9 gives the tracking session cookie a lifetime of 0.5 with no unit; we read it as days. */
export const TRACKING_SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;
