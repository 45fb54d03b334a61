import { DEFAULT_SHIPPING_METHOD_PREFIX, type ShippingMethodOption } from '@shop/contracts';
import type { ShippingMethodRecord } from '../../clients/commercetools';
import { usd } from '../cart/cart-view';

export interface ShippingChoice extends ShippingMethodOption {
  /** The commerce key, `{store}-{key}`. */
  methodKey: string;
}

/** The zone rate for a US address in `state` (a zone naming the state wins over one naming the whole country). */
function rateFor(method: ShippingMethodRecord, state: string | undefined) {
  const inState = method.zoneRates.find((zone) =>
    zone.locations.some((l) => l.country === 'US' && state !== undefined && l.state === state),
  );
  const inCountry = method.zoneRates.find((zone) => zone.locations.some((l) => l.country === 'US' && !l.state));
  return (inState ?? inCountry)?.rates[0];
}

/**
 * The store's shipping methods for a cart (keys `{store}-...`, shown without the prefix), priced
 * for it: free at or above the rate's threshold, compared with the lines' total after discount
 * codes, as the commerce platform compares it. The shipping address's zone, else the country's.
 */
export function shippingChoices(
  methods: ShippingMethodRecord[],
  storeKey: string,
  cart: { goods: number; state?: string },
): ShippingChoice[] {
  const prefix = `${storeKey}-`;
  return methods
    .filter((method) => method.active && method.key.startsWith(prefix))
    .flatMap((method) => {
      const rate = rateFor(method, cart.state);
      if (!rate) return [];
      const free = rate.freeAbove !== undefined && cart.goods >= rate.freeAbove;
      return [
        {
          methodKey: method.key,
          key: method.key.slice(prefix.length),
          name: method.name,
          description: method.description ?? '',
          price: usd(free ? 0 : rate.price),
          ...(rate.freeAbove !== undefined ? { freeAbove: usd(rate.freeAbove) } : {}),
        },
      ];
    })
    .sort((a, b) => a.price.centAmount - b.price.centAmount || a.key.localeCompare(b.key));
}

/** SPEC §9: the method preselected once there is an address is the one whose key starts with `standard`. */
export const defaultChoice = (choices: ShippingChoice[]) =>
  choices.find((choice) => choice.key.startsWith(DEFAULT_SHIPPING_METHOD_PREFIX));
