import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { FILTER_NAMES } from '@shop/contracts';
import { parse, validate } from 'graphql';
import { allDocuments } from './documents';
import { ctpSchema } from './testing/ctp-schema';

/*
 * Every document the adapter sends must be valid against commercetools' own GraphQL schema (as
 * @commercetools-test-data/graphql-types publishes it), so the gateway asks a real project only
 * for what it has: a field, argument or type commercetools lacks fails here.
 */
const errorsOf = (text: string) => validate(ctpSchema(), parse(text)).map((error) => error.message);
const facetable = FILTER_NAMES.filter((name) => name !== 'masterStyle').length;
const documents = allDocuments(facetable);

describe("the adapter's GraphQL documents against commercetools' schema", () => {
  beforeAll(() => ctpSchema(), 60_000);

  it('lists every document of the adapter', () => {
    const folder = __dirname;
    const written = readdirSync(folder)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .reduce(
        (count, file) =>
          count + (readFileSync(join(folder, file), 'utf8').match(/`\s*(query|mutation)\s/g)?.length ?? 0),
        0,
      );
    expect(documents).toHaveLength(written);
    expect(new Set(documents.map((d) => d.name)).size).toBe(documents.length);
  });

  it.each(documents.map((d) => [d.name, d.text]))('%s selects only what commercetools has', (_name, text) => {
    expect(errorsOf(text)).toEqual([]);
  });

  it('refuses a field, an argument or a type commercetools does not have', () => {
    expect(errorsOf('query { productProjectionSearch(storeProjection: "x") { results { key masterStyle } } }')).toEqual(
      ['Cannot query field "masterStyle" on type "ProductProjection".'],
    );
    expect(errorsOf('query { product(key: "x") { storeKey retailerLinks { url } } }')).toEqual([
      expect.stringMatching(/^Cannot query field "storeKey" on type "Product"\./),
      'Cannot query field "retailerLinks" on type "Product".',
    ]);
    expect(errorsOf('query { shippingMethods { results { price { centAmount } } } }')).toEqual([
      'Cannot query field "price" on type "ShippingMethod".',
    ]);
    expect(errorsOf('query { stores { results { inventoryListKey } } }')).toEqual([
      'Cannot query field "inventoryListKey" on type "Store".',
    ]);
    expect(errorsOf('query { categories(storeKey: "x") { total } }')).toEqual([
      'Unknown argument "storeKey" on field "Query.categories".',
    ]);
    // Discount codes belong to no store in commercetools.
    expect(errorsOf('query { discountCode(key: "x", storeKey: "y") { id } }')).toEqual([
      'Unknown argument "storeKey" on field "Query.discountCode".',
    ]);
    expect(errorsOf('mutation($d: MadeUpDraft!) { customerSignUp(draft: $d) { customer { id } } }')).toEqual([
      expect.stringMatching(/^Unknown type "MadeUpDraft"\./),
    ]);
    expect(errorsOf('mutation($d: CustomerSignUpDraft!) { customerSignUp(draft: $d) { customer { id } } }')).toEqual(
      [],
    );
  });

  it('accepts what commercetools does have: zone rates, product selections, attributes', () => {
    expect(
      errorsOf(`query { shippingMethods { results { zoneRates { zone { key } shippingRates { price { centAmount } freeAbove { centAmount } } } } }
        stores { results { productSelections { active productSelection { key } } supplyChannels { key } } } }`),
    ).toEqual([]);
  });
});
