import { generateCatalog } from './generate';
import { BRAND_PALETTES } from './colours';
import { productImageSvg } from './svg';
import type { RetailerLinkAttributeValue } from './types';

describe('seed catalog generator', () => {
  const catalog = generateCatalog();
  const skus = catalog.products.flatMap((p) => [p.masterVariant, ...p.variants]);

  it('builds at least 1,500 products and 15,000 skus across the four brands', () => {
    expect(catalog.products.length).toBe(1500);
    expect(skus.length).toBeGreaterThanOrEqual(15000);
    expect(new Set(catalog.products.map((p) => p.storeKey))).toEqual(
      new Set(['vanityfair', 'everwear', 'rallyathletic', 'hoopcraft']),
    );
    expect(new Set(skus.map((v) => v.sku)).size).toBe(skus.length);
  });

  it('is deterministic', () => {
    const again = generateCatalog();
    expect(again.products[123]).toEqual(catalog.products[123]);
    expect(again.inventory.slice(0, 50)).toEqual(catalog.inventory.slice(0, 50));
  });

  it('names a tax category for every product: garments are clothing, balls, hoops and training gear general', () => {
    expect(catalog.taxCategories.map((t) => t.key)).toEqual(['clothing', 'general']);
    const keyOf = new Map(catalog.taxCategories.map((t) => [t.id, t.key]));
    const byType = new Map<string, Set<string | undefined>>();
    for (const product of catalog.products) {
      expect(product.taxCategory.typeId).toBe('tax-category');
      byType.set(
        product.productType,
        (byType.get(product.productType) ?? new Set()).add(keyOf.get(product.taxCategory.id)),
      );
    }
    for (const type of ['basketball', 'hoop', 'gear']) expect(byType.get(type)).toEqual(new Set(['general']));
    for (const type of ['bra', 'panty', 'leggings', 'socks', 'jersey', 'hoodie'])
      expect(byType.get(type)).toEqual(new Set(['clothing']));
    expect(new Set([...byType.values()].flatMap((keys) => [...keys]))).toEqual(new Set(['clothing', 'general']));
  });

  it('gives bras band and cup sizes within 32-44 and A-DDD', () => {
    const bras = catalog.products
      .filter((p) => p.productType === 'bra')
      .flatMap((p) => [p.masterVariant, ...p.variants]);
    const attr = (name: string) => new Set(bras.map((v) => v.attributes.find((a) => a.name === name)?.value));
    expect([...attr('bandSize')].every((b) => Number(b) >= 32 && Number(b) <= 44)).toBe(true);
    expect([...attr('cupSize')].every((c) => ['A', 'B', 'C', 'D', 'DD', 'DDD'].includes(String(c)))).toBe(true);
  });

  it('has sale prices, sold-out skus and retailer links with domains', () => {
    expect(skus.some((v) => v.prices[0].discounted)).toBe(true);
    expect(catalog.inventory.some((i) => i.available === 0)).toBe(true);
    // A product-level attribute: the same set of nested retailer/url values on every variant.
    const linksOf = (variant: (typeof skus)[number]) =>
      variant.attributes.find((a) => a.name === 'retailerLinks')?.value as RetailerLinkAttributeValue | undefined;
    const products = catalog.products.filter((p) => linksOf(p.masterVariant));
    expect(
      products.every((p) =>
        p.variants.every((v) => JSON.stringify(linksOf(v)) === JSON.stringify(linksOf(p.masterVariant))),
      ),
    ).toBe(true);
    const links = products.flatMap((p) => linksOf(p.masterVariant) ?? []);
    expect(new Set(links.map(([retailer]) => retailer.value.key)).size).toBe(7);
    expect(links.every(([retailer, url]) => url.value.startsWith(`https://www.${retailer.value.key}.com/`))).toBe(true);
  });

  it('gives every store a 15% welcome cart discount, and codes 10 and 20 backed by cart discounts of their percent', () => {
    for (const store of catalog.stores.map((s) => s.key)) {
      const discounts = catalog.cartDiscounts.filter((d) => d.storeKey === store);
      expect(discounts.find((d) => d.key === `${store}-welcome-15`)?.permyriad).toBe(1500);
      const codes = catalog.discountCodes.filter((c) => c.storeKey === store);
      expect(codes.map((c) => c.code).sort()).toEqual([`${store.toUpperCase()}10`, `${store.toUpperCase()}20`]);
      for (const code of codes) {
        const backing = discounts.find((d) => d.key === code.cartDiscountKey);
        expect(backing?.permyriad).toBe(Number(code.code.slice(-2)) * 100);
      }
    }
    expect(new Set(catalog.cartDiscounts.map((d) => d.id)).size).toBe(catalog.cartDiscounts.length);
    // Cart discount keys and codes are unique across the project, as in commercetools.
    expect(new Set(catalog.cartDiscounts.map((d) => d.key)).size).toBe(catalog.cartDiscounts.length);
    expect(new Set(catalog.discountCodes.map((c) => c.code)).size).toBe(catalog.discountCodes.length);
  });

  it("assigns every product to its brand store through the store's product selection", () => {
    for (const store of catalog.stores) {
      const [setting] = store.productSelections;
      const selection = catalog.productSelections.find((s) => s.key === setting.productSelection.key);
      expect(setting.active).toBe(true);
      expect(new Set(selection?.productIds)).toEqual(
        new Set(catalog.products.filter((p) => p.storeKey === store.key).map((p) => p.id)),
      );
    }
  });

  it('scales for benchmarks', () => {
    expect(generateCatalog({ products: 4000 }).products.length).toBe(4000);
  });

  it('gives every variant a front, a back and a close-up of its colour, described for alt text', () => {
    const product = catalog.products.find((p) => p.productType === 'basketball') ?? catalog.products[0];
    const variant = product.masterVariant;
    const colour = variant.attributes.find((a) => a.name === 'color')?.value;
    const hex = variant.sku.split('-')[1].toLowerCase();
    expect(variant.images).toEqual(
      (['front', 'back', 'detail'] as const).map((view, i) => ({
        url: `images/${product.productType}/${hex}-${view}.svg`,
        label: `${product.name['en-US']} in ${colour}, ${['front', 'back', 'close-up'][i]}`,
        dimensions: { w: 600, h: 800 },
      })),
    );
    expect(skus.every((v) => v.images.length === 3)).toBe(true);
    // Every picture the seed names is one the image host can draw.
    const named = new Set(skus.flatMap((v) => v.images.map((image) => image.url)));
    for (const url of named) {
      const [, type, file] = url.split('/');
      const [, colourHex, view] = /^([0-9a-f]{6})-([a-z]+)\.svg$/.exec(file) ?? [];
      expect({ url, drawn: Boolean(productImageSvg(type, colourHex, view)) }).toEqual({ url, drawn: true });
    }
  });
});

describe('names and colours a shopper can tell apart', () => {
  const catalog = generateCatalog();
  const byBrand = (store: string) => catalog.products.filter((p) => p.storeKey === store);
  const coloursOf = (products: ReturnType<typeof byBrand>) =>
    new Set(
      products.flatMap((p) =>
        [p.masterVariant, ...p.variants].map((v) => String(v.attributes.find((a) => a.name === 'color')?.value)),
      ),
    );

  it('gives no two products of a brand the same name', () => {
    for (const store of catalog.stores.map((s) => s.key)) {
      const names = byBrand(store).map((p) => p.name['en-US']);
      expect({ store, repeated: names.filter((name, i) => names.indexOf(name) !== i) }).toEqual({
        store,
        repeated: [],
      });
    }
  });

  it("dyes each brand's products in its own palette only", () => {
    for (const store of catalog.stores.map((s) => s.key)) {
      const palette = new Set(BRAND_PALETTES[store].map((c) => c.name));
      expect([...coloursOf(byBrand(store))].filter((colour) => !palette.has(colour))).toEqual([]);
    }
    expect(coloursOf(byBrand('vanityfair')).has('Court Orange')).toBe(false);
    expect(coloursOf(byBrand('hoopcraft')).has('Court Orange')).toBe(true);
  });

  it('sells an underwear 3-pack as a product of its own, not as a length', () => {
    const underwear = catalog.products.filter((p) => p.productType === 'underwear');
    const variants = underwear.flatMap((p) => [p.masterVariant, ...p.variants]);
    expect(variants.some((v) => v.attributes.some((a) => a.name === 'length'))).toBe(false);
    const packs = underwear.filter((p) => / 3-Pack /.test(p.name['en-US']));
    expect(packs.length).toBeGreaterThan(10);
    expect(packs.length).toBeLessThan(underwear.length);
  });
});
