import { CommerceError, invalidField } from '../../errors';
import type { Cart, ExternalTaxRate, TaxCalculationMode, TaxMode } from './cart-types';
import { ROUNDING_MODES, type RoundingMode } from './tax-rounding';

const TAX_MODES: readonly TaxMode[] = ['Platform', 'External', 'ExternalAmount', 'Disabled'];
const CALCULATION_MODES: readonly TaxCalculationMode[] = ['LineItemLevel', 'UnitPriceLevel'];

/**
 * The tax modes this service implements. Platform needs tax categories and ExternalAmount
 * caller-set amounts, neither of which it has: both are refused rather than half done.
 */
const SUPPORTED: readonly TaxMode[] = ['External', 'Disabled'];

export function taxMode(value: unknown): TaxMode {
  if (!TAX_MODES.includes(value as TaxMode))
    throw invalidField('taxMode', value ?? null, `taxMode must be one of ${TAX_MODES.join(', ')}.`);
  if (!SUPPORTED.includes(value as TaxMode)) {
    throw new CommerceError(
      400,
      'InvalidOperation',
      `The tax mode ${String(value)} is not supported here: use External (rates set per line) or Disabled.`,
    );
  }
  return value as TaxMode;
}

export function roundingMode(value: unknown): RoundingMode {
  if (!ROUNDING_MODES.includes(value as RoundingMode))
    throw invalidField(
      'taxRoundingMode',
      value ?? null,
      `taxRoundingMode must be one of ${ROUNDING_MODES.join(', ')}.`,
    );
  return value as RoundingMode;
}

export function calculationMode(value: unknown): TaxCalculationMode {
  if (!CALCULATION_MODES.includes(value as TaxCalculationMode)) {
    throw invalidField(
      'taxCalculationMode',
      value ?? null,
      `taxCalculationMode must be one of ${CALCULATION_MODES.join(', ')}.`,
    );
  }
  return value as TaxCalculationMode;
}

/** Setting an external rate needs the External tax mode, as in commercetools. */
export function requireExternalMode(cart: Pick<Cart, 'taxMode'>, action: string) {
  if (cart.taxMode !== 'External') {
    throw new CommerceError(
      400,
      'InvalidOperation',
      `${action} needs the cart's taxMode to be External; it is ${cart.taxMode}.`,
    );
  }
}

/** A new tax mode: every external rate set under the old one is dropped, to be set again if needed. */
export function withTaxMode(cart: Cart, mode: TaxMode): Cart {
  if (mode === cart.taxMode) return cart;
  return {
    ...cart,
    taxMode: mode,
    lineItems: cart.lineItems.map(({ taxRate: _rate, ...line }) => line),
    customLineItems: cart.customLineItems.map(({ taxRate: _rate, ...line }) => line),
    ...(cart.shippingInfo ? { shippingInfo: { ...cart.shippingInfo, taxRate: undefined } } : {}),
  };
}

/** An ExternalTaxRateDraft: a rate from 0 to 1 with a name and the country (and state) it is for. */
export function externalTaxRate(input: unknown): ExternalTaxRate | undefined {
  if (input === null || input === undefined) return undefined;
  const rate = input as Record<string, unknown>;
  if (typeof rate.amount !== 'number' || !Number.isFinite(rate.amount) || rate.amount < 0 || rate.amount > 1)
    throw invalidField('amount', rate.amount ?? null, 'amount must be a number between 0 and 1.');
  if (typeof rate.name !== 'string' || !rate.name || rate.name.length > 100)
    throw invalidField('name', rate.name ?? null, 'A tax rate needs a name.');
  if (typeof rate.country !== 'string' || !/^[A-Z]{2}$/.test(rate.country))
    throw invalidField('country', rate.country ?? null, 'country must be an ISO 3166-1 code.');
  if (rate.state !== undefined && rate.state !== null && (typeof rate.state !== 'string' || rate.state.length > 100))
    throw invalidField('state', rate.state, 'state must be a text of at most 100 characters.');
  return {
    name: rate.name,
    amount: rate.amount,
    country: rate.country,
    ...(typeof rate.state === 'string' ? { state: rate.state } : {}),
    includedInPrice: rate.includedInPrice === true,
  };
}
