import { randomInt } from 'node:crypto';
import { ORDER_NUMBER_DIGITS, ORDER_NUMBER_FORMAT } from '@shop/contracts';

/**
 * A new order number: the brand's prefix (`orderNumberPrefix`, VF on vanityfair) and
 * ORDER_NUMBER_DIGITS digits from the operating system's random source, so a number tells nothing
 * about the order count or a neighbour's number. A clash with an existing number is the
 * platform's DuplicateField; the placement then draws again.
 */
export function newOrderNumber(prefix: string, random: (max: number) => number = randomInt): string {
  let digits = '';
  for (let i = 0; i < ORDER_NUMBER_DIGITS; i += 1) digits += String(random(10));
  return `${prefix}${digits}`;
}

/** What an order number looks like (any brand's): anything else names no order. */
export const ORDER_NUMBER = ORDER_NUMBER_FORMAT;
