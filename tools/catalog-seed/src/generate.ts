import { BRAND_CATALOGS, type BrandCatalogSpec } from './brand-catalogs';
import { BRAND_PALETTES, RETAILERS } from './colours';
import { KINDS, type Kind } from './kinds';
import { type Random, createRandom, slugify, stableId } from './random';
import { IMAGE_VIEWS, type ImageView } from './svg';
import { TAX_CATEGORIES, taxCategoryRef } from './tax-categories';
import type {
  Money,
  RetailerLinkAttributeValue,
  SeedCatalog,
  SeedCategory,
  SeedProduct,
  SeedProductSelection,
  SeedVariant,
  SeedZone,
} from './types';

export interface GenerateOptions {
  /** Total products across the four brands; 1,500 by default. */
  products?: number;
  seed?: number;
}

const DEFAULT_PRODUCTS = 1500;
/** How each picture of a variant is described after its name and colour (its alt text). */
const VIEW_LABELS: Record<ImageView, string> = { front: 'front', back: 'back', detail: 'close-up' };
/** The shop ships within the United States: one zone, which every shipping method rates. */
const US_ZONE: SeedZone = {
  id: stableId('zone:us'),
  key: 'us',
  name: 'United States',
  description: 'Shipping within the United States',
  locations: [{ country: 'US' }],
};
const usd = (centAmount: number): Money => ({
  type: 'centPrecision',
  currencyCode: 'USD',
  centAmount,
  fractionDigits: 2,
});
/** Prices end in .00 or .99 like a real price list. */
const retailPrice = (random: Random, [min, max]: [number, number]) => Math.round(random.int(min, max) / 100) * 100;
const salePrice = (price: number, random: Random) =>
  Math.max(499, Math.round((price * random.pick([0.6, 0.7, 0.75, 0.8])) / 100) * 100 - 1);

/** Builds the whole seed catalog; the same options always give the same catalog. */
export function generateCatalog({ products = DEFAULT_PRODUCTS, seed = 20261121 }: GenerateOptions = {}): Omit<
  SeedCatalog,
  'customers'
> {
  const random = createRandom(seed);
  const catalog: Omit<SeedCatalog, 'customers'> = {
    stores: [],
    taxCategories: [...TAX_CATEGORIES],
    productSelections: [],
    categories: [],
    products: [],
    inventory: [],
    zones: [US_ZONE],
    shippingMethods: [],
    cartDiscounts: [],
    discountCodes: [],
  };
  const shares = BRAND_CATALOGS.reduce((sum, brand) => sum + brand.products, 0);
  for (const brand of BRAND_CATALOGS) {
    const count = Math.round((products * brand.products) / shares);
    addBrand(catalog, brand, count, random);
  }
  return catalog;
}

function addBrand(catalog: Omit<SeedCatalog, 'customers'>, brand: BrandCatalogSpec, count: number, random: Random) {
  const inventoryListKey = `${brand.store}-online`;
  // The brand's assortment is a product selection of its store, as in commercetools.
  const assortment: SeedProductSelection = {
    id: stableId(`product-selection:${brand.store}`),
    key: `${brand.store}-assortment`,
    name: { 'en-US': `${brand.name} assortment` },
    mode: 'Individual',
    productIds: [],
  };
  catalog.productSelections.push(assortment);
  catalog.stores.push({
    key: brand.store,
    name: { 'en-US': brand.name },
    inventoryListKey,
    productSelections: [{ productSelection: { typeId: 'product-selection', key: assortment.key }, active: true }],
  });
  const category = (key: string, name: string, parentId: string | null, orderHint: string): SeedCategory => {
    const fullKey = key === brand.store ? key : `${brand.store}-${key}`;
    const created = {
      id: stableId(`category:${fullKey}`),
      key: fullKey,
      storeKey: brand.store,
      name: { 'en-US': name },
      slug: { 'en-US': key },
      parentId,
      orderHint,
    };
    catalog.categories.push(created);
    return created;
  };
  const root = category(brand.store, brand.name, null, '0');
  const leaves: Array<{ category: SeedCategory; kind: Kind }> = [];
  brand.categories.forEach((spec, i) => {
    const top = category(spec.key, spec.name, root.id, `0.${i + 1}`);
    spec.children?.forEach((child, j) =>
      leaves.push({ category: category(child.key, child.name, top.id, `0.${i + 1}${j + 1}`), kind: KINDS[child.kind] }),
    );
  });
  const collectionRoot = brand.collections ? category('collections', 'Collections', root.id, '0.8') : undefined;
  const collections = new Map(
    (brand.collections ?? []).map((line, i) => [
      line,
      category(`collections-${slugify(line)}`, line, collectionRoot?.id ?? null, `0.8${i + 1}`),
    ]),
  );
  const sale = brand.saleCategory ? category(brand.saleCategory, 'Sale', root.id, '0.9') : undefined;

  const now = Date.UTC(2026, 10, 1);
  const palette = BRAND_PALETTES[brand.store];
  if (!palette) throw new Error(`No colour palette for ${brand.store}`);
  const names: NameBook = { taken: new Set(), editions: new Map() };
  for (let n = 0; n < count; n += 1) {
    const { category: leaf, kind } = leaves[n % leaves.length];
    const line = random.pick(brand.lines);
    const style = random.pick(kind.styles);
    const masterStyle = `${brand.styleCode}${String(10000 + n).padStart(5, '0')}`;
    const price = retailPrice(random, kind.priceRange);
    const onSale = random.chance(0.25);
    const colours = random.sample(palette, random.int(kind.colours[0], kind.colours[1]));
    const variety = kind.variety?.(random);
    const sizes = kind.sizes(random);
    const name = uniqueName(names, kind, line, style, variety);
    const variants: SeedVariant[] = [];
    for (const colour of colours) {
      for (const row of sizes) {
        const sku = `${masterStyle}-${colour.hex.toUpperCase()}-${row.size.replace(/[^A-Za-z0-9]/g, '')}`;
        variants.push({
          id: variants.length + 1,
          sku,
          key: sku,
          prices: [
            {
              id: stableId(`price:${sku}`),
              value: usd(price),
              ...(onSale ? { discounted: { value: usd(salePrice(price, random)) } } : {}),
            },
          ],
          attributes: [
            ...Object.entries(row).map(([attribute, value]) => ({ name: attribute, value })),
            { name: 'color', value: colour.name },
            { name: 'colorFamily', value: colour.family },
            { name: 'masterStyle', value: masterStyle },
          ],
          images: IMAGE_VIEWS.map((view) => ({
            url: `images/${kind.type}/${colour.hex}-${view}.svg`,
            label: `${name} in ${colour.name}, ${VIEW_LABELS[view]}`,
            dimensions: { w: 600, h: 800 },
          })),
        });
        const soldOut = random.chance(0.08);
        catalog.inventory.push({ sku, inventoryListKey, available: soldOut ? 0 : random.int(1, 120) });
      }
    }
    const categories = [leaf.id];
    const collection = collections.get(line);
    if (collection) categories.push(collection.id);
    if (sale && onSale) categories.push(sale.id);
    const links = random.chance(0.3) ? random.sample(RETAILERS, random.int(1, 3)) : [];
    // Retailer links are a product-level attribute (the same on every variant), a set of nested values.
    const retailerLinks: RetailerLinkAttributeValue = links.map(({ retailer, label, domain }) => [
      { name: 'retailer', value: { key: retailer, label } },
      { name: 'url', value: `https://www.${domain}/search?q=${encodeURIComponent(`${brand.name} ${masterStyle}`)}` },
    ]);
    if (retailerLinks.length)
      for (const variant of variants) variant.attributes.push({ name: 'retailerLinks', value: retailerLinks });
    const product: SeedProduct = {
      id: stableId(`product:${masterStyle}`),
      key: masterStyle.toLowerCase(),
      storeKey: brand.store,
      masterStyle,
      productType: kind.type,
      taxCategory: taxCategoryRef(kind.taxCategory),
      name: { 'en-US': name },
      description: { 'en-US': `${name} from the ${line} collection. ${kind.describe} Style ${masterStyle}.` },
      slug: { 'en-US': `${slugify(name)}-${masterStyle.toLowerCase()}` },
      categories: categories.map((id) => ({ typeId: 'category', id })),
      createdAt: new Date(now - random.int(0, 730) * 86_400_000 - n * 1000).toISOString(),
      masterVariant: variants[0],
      variants: variants.slice(1),
    };
    catalog.products.push(product);
    assortment.productIds.push(product.id);
  }
  addCommerceSettings(catalog, brand.store);
}

const wordsOf = (text: string) => text.toLowerCase().split(/[\s-]+/);

/** The names a brand has given, and the last edition number of each name base (large catalogues). */
interface NameBook {
  taken: Set<string>;
  editions: Map<string, number>;
}

/**
 * A name no other product of the brand has: the line, style and noun the draw gave, else with the
 * first of the kind's features that makes it new (one sharing a word with the line or style would
 * read twice), else the same with the kind's next style; a catalogue larger than all of those
 * (benchmarks) numbers editions ("Beauty Back No. 2 Underwire Bra"). Deterministic, and it draws
 * nothing, so the rest of the catalogue is the same whatever names were taken.
 */
function uniqueName(book: NameBook, kind: Kind, line: string, style: string, variety: string | undefined) {
  const compose = (feature: string | undefined, withStyle: string) =>
    [line, variety, feature, withStyle, kind.noun].filter(Boolean).join(' ');
  const give = (name: string) => {
    book.taken.add(name);
    return name;
  };
  for (const candidateStyle of [style, ...kind.styles.filter((other) => other !== style)]) {
    const used = new Set([...wordsOf(line), ...wordsOf(candidateStyle)]);
    const features = kind.features.filter((feature) => !wordsOf(feature).some((word) => used.has(word)));
    for (const feature of [undefined, ...features]) {
      const name = compose(feature, candidateStyle);
      if (!book.taken.has(name)) return give(name);
    }
  }
  const base = compose(undefined, style);
  for (let edition = (book.editions.get(base) ?? 1) + 1; ; edition += 1) {
    const name = compose(`No. ${edition}`, style);
    book.editions.set(base, edition);
    if (!book.taken.has(name)) return give(name);
  }
}

/**
 * Every store's cart discounts, keyed `{store}-{name}` because cart discount keys are unique
 * across the project. The percent ones back the fixed codes; `{store}-welcome-15` backs the
 * one-off codes handed out for e-mail signups, which are created at signup time.
 */
const CART_DISCOUNTS = [
  { key: 'percent-10', name: '10% off', permyriad: 1000, sortOrder: '0.1' },
  { key: 'welcome-15', name: 'Welcome offer: 15% off', permyriad: 1500, sortOrder: '0.15' },
  { key: 'percent-20', name: '20% off', permyriad: 2000, sortOrder: '0.2' },
  // Identity verification (SPEC §3): each group's codes are issued one per verified customer.
  ...(
    ['alumni', 'employee', 'government', 'medical', 'military', 'nurse', 'responder', 'student', 'teacher'] as const
  ).map((group, i) => ({
    key: `idme-${group}`,
    name: `ID.me ${group} discount: 10% off`,
    permyriad: 1000,
    sortOrder: `0.110${i}`,
  })),
];

function addCommerceSettings(catalog: Omit<SeedCatalog, 'customers'>, store: string) {
  const methods = [
    {
      key: 'standard-ground',
      name: 'Standard',
      description: 'Standard shipping (5-7 business days)',
      cents: 599,
      free: 5000,
    },
    {
      key: 'expedited',
      name: 'Expedited',
      description: 'Expedited shipping (2-3 business days)',
      cents: 1299,
      free: null,
    },
    {
      key: 'overnight',
      name: 'Overnight',
      description: 'Overnight shipping (next business day)',
      cents: 2499,
      free: null,
    },
  ];
  methods.forEach((method, i) =>
    catalog.shippingMethods.push({
      id: stableId(`shipping:${store}:${method.key}`),
      key: `${store}-${method.key}`,
      storeKey: store,
      name: method.name,
      localizedDescription: { 'en-US': method.description },
      isDefault: i === 0,
      active: true,
      zoneRates: [
        {
          zone: { typeId: 'zone', id: US_ZONE.id },
          shippingRates: [
            { price: usd(method.cents), ...(method.free !== null ? { freeAbove: usd(method.free) } : {}) },
          ],
        },
      ],
    }),
  );
  for (const discount of CART_DISCOUNTS) {
    catalog.cartDiscounts.push({
      id: stableId(`cart-discount:${store}:${discount.key}`),
      storeKey: store,
      ...discount,
      key: `${store}-${discount.key}`,
    });
  }
  for (const percentOff of [10, 20]) {
    const code = `${store.toUpperCase()}${percentOff}`;
    catalog.discountCodes.push({
      id: stableId(`discount:${code}`),
      code,
      storeKey: store,
      name: `${percentOff}% off`,
      cartDiscountKey: `${store}-percent-${percentOff}`,
    });
  }
}
