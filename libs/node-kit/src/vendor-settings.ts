import { z } from 'zod';

// Settings the gateway and the vendor services both read: one rule each, so a value one accepts
// never stops the other.

/** Public: the payment vendor's publishable key, which opens the hosted card field. */
export const publishableKeySetting = z
  .string()
  .regex(/^pk_[A-Za-z0-9_]{2,100}$/, 'a publishable key such as pk_live_...')
  .default('pk_dev_shop');

/** Public: the merchant's organisation id the browser's fraud collector sends. */
export const fraudOrgIdSetting = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ and -, up to 64')
  .default('shop-dev');

/** The shop's client id at the identity-verification provider. */
export const idmeClientIdSetting = z
  .string()
  .regex(/^[A-Za-z0-9_.-]{3,200}$/, 'letters, digits, _ . and -, 3 to 200')
  .default('shop-dev');
