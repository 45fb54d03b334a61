/**
 * ZIP codes the tests search: for every brand each has a store within 15 miles and many
 * more within 300 (the generator's test holds it to that).
 */
export const E2E_ZIPS = { newYork: '10001', chicago: '60601' } as const;
