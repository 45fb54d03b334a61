/** Dollars as the shop shows them: $1,234.50, with a minus sign before a negative amount. */
export const dollars = (cents: number) =>
  `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A date as the shop's mail says it (Central time, where the brands are run from): June 3, 2026. */
export const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'America/Chicago' });
