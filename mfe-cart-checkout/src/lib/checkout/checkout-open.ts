/**
 * Whether the checkout page takes orders. Until it does, nothing in the bag links to `/checkout`
 * (a page either works or is absent): the drawer and the bag page show no Checkout button, and a
 * cart made from a template lands on the bag instead. The checkout page turns this on.
 */
export const CHECKOUT_OPEN = false;

/** Where to go after a template made a cart: the gateway's answer, or the bag while checkout is closed. */
export const destinationAfterCreate = (next: '/checkout' | '/cart'): '/checkout' | '/cart' =>
  CHECKOUT_OPEN ? next : '/cart';
