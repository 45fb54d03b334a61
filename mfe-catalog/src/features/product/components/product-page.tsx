import '../../../catalog.css';
import { addToBag, track, useAppDispatch, useAppSelector, useBootConfig, useBrand } from '@shop/platform';
import { Button, Notice, PageShell, Price, QuantityStepper, Skeleton } from '@shop/ui';
import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { catalogApi } from '../../../lib/catalog-api';
import { useLatestAddress } from '../../../lib/use-latest-address';
import { productViewed, selectRecentlyViewed } from '../../../lib/catalog-slice';
import { choose, missingOptions, openingSelection, variantFor, variantsMatching } from '../variant-choice';
import { Gallery } from './gallery';
import { OptionPicker } from './option-picker';
import { ContentNotes } from '../../../components/content-notes';
import { useProductHead } from './product-head';
import { ProductWithdrawn } from './product-withdrawn';
import { SizeGuideLink } from './size-guide-drawer';

/** /p/{category}/{name}/{sku or masterStyle}: gallery, price, options, stock, quantity, add to bag. */
export default function ProductPage() {
  const { category = '', name = '', id = '' } = useParams();
  const [params] = useSearchParams();
  const brand = useBrand();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const recent = useAppSelector(selectRecentlyViewed);
  const { data: product, error, isLoading } = catalogApi.useCatalogGetProductQuery(id);
  const [quantity, setQuantity] = useState(1);
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState('');

  const addErrorId = useId();
  // The choices come from the address: a sku names all of them, the product's own address only
  // its colour (and the shopper's choices so far, as ?size=…), so no size is chosen for them.
  const search = params.toString();
  const address = useLatestAddress(search ? `${id}?${search}` : id);
  const selection = useMemo(
    () => (product ? openingSelection(product, id, new URLSearchParams(search)) : {}),
    [product, id, search],
  );
  const missing = product ? missingOptions(product, selection) : [];
  // The variant the page shows: the chosen one, or while a choice is missing the first in stock
  // with the choices made so far (its pictures and price).
  const chosen = product && missing.length === 0 ? variantFor(product, selection) : undefined;
  const variant = product ? (chosen ?? variantFor(product, selection) ?? product.variants[0]) : undefined;
  useProductHead(product, variant, brand.name, useBootConfig().origin);
  // A refusal or a reminder was about the choice it was for.
  useEffect(() => setAddError(''), [search, id]);

  useEffect(() => {
    if (!product) return;
    dispatch(
      productViewed({
        key: product.key,
        masterStyle: product.masterStyle,
        name: product.name,
        url: product.url,
        image: product.variants[0]?.images[0] ?? { url: '', alt: '' },
      }),
    );
    track({ event: 'PRODUCT_VIEW', masterStyle: product.masterStyle, name: product.name });
  }, [product, dispatch]);

  if ((error as { status?: number } | undefined)?.status === 410) return <ProductWithdrawn category={category} />;
  if ((error as { status?: number } | undefined)?.status === 404) {
    return (
      <PageShell
        remote={__APP_NAME__}
        version={__APP_VERSION__}
        page="product-not-found"
        title="We can’t find that product"
      >
        <p>
          It may be sold out for good. <Link to="/c?q=">Search the shop</Link>
        </p>
      </PageShell>
    );
  }
  if (isLoading || !product || !variant) {
    return (
      <PageShell
        remote={__APP_NAME__}
        version={__APP_VERSION__}
        page="product"
        title={decodeURIComponent(name).replace(/-/g, ' ')}
      >
        {/* The page's own layout, so nothing moves when the product arrives. */}
        <div className="breadcrumb" aria-hidden="true">
          {'\u00a0'}
        </div>
        <div className="product" aria-busy="true">
          <div className="product__gallery gallery">
            <div className="product__image-placeholder" />
            <div className="gallery__thumbs-placeholder" />
          </div>
          <div className="product__buy">
            <Skeleton shape="short" />
            <Skeleton shape="line" />
            <Skeleton shape="block" />
          </div>
        </div>
      </PageShell>
    );
  }

  const base = brand.routing.productBasePath.replace(/\/$/, '');
  const pick = (option: string, value: string) => {
    // From the choices the last choice went to: the router draws a new address as a transition,
    // so a second choice right after a first must not start from the page drawn before it.
    const [idNow, searchNow] = address.latest().split('?') as [string, string | undefined];
    const next = choose(product, openingSelection(product, idNow, new URLSearchParams(searchNow ?? '')), option, value);
    const complete = missingOptions(product, next).length === 0 && variantFor(product, next);
    address.went(complete ? complete.sku : `${product.masterStyle}?${new URLSearchParams(next)}`);
    navigate(
      complete
        ? `${base}/${category}/${name}/${complete.sku}`
        : `${base}/${category}/${name}/${product.masterStyle}?${new URLSearchParams(next)}`,
      { replace: true },
    );
  };
  // The cart remote adds it (through @shop/platform, ADR 0013), tracks ADD_TO_CART and opens its drawer.
  const add = async () => {
    if (adding) return;
    if (!chosen) {
      // Say which choice is missing and take the shopper to it.
      const first = missing[0];
      setAddError(`Choose a ${first.label.toLowerCase()} first.`);
      document.getElementById(optionId(first.name))?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus();
      return;
    }
    setAdding(true);
    setAddError('');
    const result = await addToBag({
      sku: chosen.sku,
      quantity,
      inventoryListKey: `${brand.id}-online`,
      name: product.name,
    });
    setAdding(false);
    if (!result.ok) setAddError(result.error.message);
  };
  const stock = !chosen
    ? `Choose ${listOf(missing.map((option) => option.label.toLowerCase()))} to see if it is in stock.`
    : !chosen.inStock
      ? 'Sold out'
      : chosen.available <= 5
        ? `Only ${chosen.available} left`
        : 'In stock';
  // While a choice is missing, the price of what is still possible: "from" the lowest when they differ.
  const possible = chosen ? [chosen] : variantsMatching(product, selection);
  const current = (v: typeof variant) => (v.salePrice ?? v.price).centAmount;
  const shown = possible.reduce((low, v) => (current(v) < current(low) ? v : low), variant);
  const priceFrom = !chosen && new Set(possible.map(current)).size > 1;
  const price = <Price price={shown.price} salePrice={shown.salePrice} showSavings from={priceFrom} />;
  const summary = product.options
    .filter((o) => selection[o.name] !== undefined)
    .map((o) => `${o.label} ${selection[o.name]}`)
    .join(' · ');

  return (
    <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page="product" title={product.name}>
      <nav aria-label="Breadcrumb">
        <ol className="breadcrumb">
          {product.breadcrumb.map((crumb) => (
            <li key={crumb.path}>
              <Link to={`/c/${crumb.path}`}>{crumb.name}</Link>
            </li>
          ))}
        </ol>
      </nav>
      <div className="product">
        <div className="product__gallery">
          <Gallery images={variant.images} name={product.name} />
        </div>
        <div className="product__buy">
          <p className="product__price">{price}</p>
          <p className="product__style">
            Style {product.masterStyle}
            {chosen && ` · SKU ${chosen.sku}`}
          </p>
          <OptionPicker
            product={product}
            selection={selection}
            onChoose={pick}
            idOf={optionId}
            describedBy={addError && !chosen ? addErrorId : undefined}
          />
          <p className="product__stock" role="status">
            {stock}
          </p>
          <QuantityStepper label="Quantity" value={quantity} onChange={setQuantity} min={1} max={99} />
          {/* On a phone this bar stays at the bottom of the screen while the shopper looks at the pictures. */}
          <div className="product__add">
            {/* On a phone the bar covers the page below the pictures: it repeats the price and the choices. */}
            <p className="product__add-summary" aria-hidden="true">
              {price}
              {summary && <span> · {summary}</span>}
            </p>
            {/* aria-disabled while adding, so the button keeps focus for the drawer to return it to. */}
            <Button
              block
              disabled={chosen ? !chosen.inStock : false}
              aria-disabled={adding || undefined}
              aria-describedby={addError ? addErrorId : undefined}
              onClick={() => void add()}
            >
              {adding ? 'Adding…' : 'Add to bag'}
            </Button>
          </div>
          {addError && (
            <Notice role="alert" tone="error" className="product__add-error">
              <span id={addErrorId}>{addError}</span>
            </Notice>
          )}
          {product.sizeGuide && <SizeGuideLink guide={product.sizeGuide} />}
          <p className="product__description">{product.description}</p>
          {product.retailerLinks.length > 0 && (
            <section aria-label="Also available at">
              <h2 className="product__subtitle">Also at</h2>
              <ul className="retailers">
                {product.retailerLinks.map((link) => (
                  <li key={link.retailer}>
                    <a
                      href={link.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      onClick={() =>
                        track({
                          event: 'RETAILER_PRODUCT_LINK_CLICK',
                          retailer: link.retailer,
                          domain: link.domain,
                          sku: variant.sku,
                        })
                      }
                    >
                      {link.domain}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <ContentNotes path="p" label="Shipping and returns" />
        </div>
      </div>
      {recent.filter((p) => p.key !== product.key).length > 0 && (
        <section aria-label="Recently viewed">
          <h2 className="product__subtitle">Recently viewed</h2>
          <ul className="recently-viewed">
            {recent
              .filter((p) => p.key !== product.key)
              .slice(0, 4)
              .map((p) => (
                <li key={p.key}>
                  <Link to={p.url}>{p.name}</Link>
                </li>
              ))}
          </ul>
        </section>
      )}
    </PageShell>
  );
}

/** The id of an option's group of choices, for moving focus to it. */
const optionId = (option: string) => `option-${option}`;

/** "band", "band and cup", "band, cup and length". */
function listOf(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}
