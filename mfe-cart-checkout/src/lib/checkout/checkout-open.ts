/**
 * Whether the checkout page takes orders. While it did not, nothing in the bag linked to
 * `/checkout` (a page either works or is absent): the drawer and the bag page showed no Checkout
 * button, and a cart made from a template landed on the bag instead. The checkout page takes
 * orders now, so the switch is on; it stays a switch so checkout can be closed again in one place.
 */
export const CHECKOUT_OPEN: boolean = true;

/** Where to go after a template made a cart: the gateway's answer, or the bag while checkout is closed. */
export const destinationAfterCreate = (next: '/checkout' | '/cart'): '/checkout' | '/cart' =>
  CHECKOUT_OPEN ? next : '/cart';
