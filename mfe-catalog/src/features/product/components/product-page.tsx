import '../../../catalog.css';
import { addToBag, track, useAppDispatch, useAppSelector, useBootConfig, useBrand } from '@shop/platform';
import { Button, Notice, PageShell, Price, QuantityStepper, Skeleton } from '@shop/ui';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { catalogApi } from '../../../lib/catalog-api';
import { productViewed, selectRecentlyViewed } from '../../../lib/catalog-slice';
import { choose, selectionOf } from '../variant-choice';
import { Gallery } from './gallery';
import { OptionPicker } from './option-picker';
import { ContentNotes } from '../../../components/content-notes';
import { useProductHead } from './product-head';
import { ProductWithdrawn } from './product-withdrawn';

/** /p/{category}/{name}/{sku or masterStyle}: gallery, price, options, stock, quantity, add to bag. */
export default function ProductPage() {
  const { category = '', name = '', id = '' } = useParams();
  const brand = useBrand();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const recent = useAppSelector(selectRecentlyViewed);
  const { data: product, error, isLoading } = catalogApi.useCatalogGetProductQuery(id);
  const [quantity, setQuantity] = useState(1);
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState('');

  const variant = useMemo(() => {
    if (!product) return undefined;
    return product.variants.find((v) => v.sku === id) ?? product.variants.find((v) => v.inStock) ?? product.variants[0];
  }, [product, id]);
  const selection = product && variant ? selectionOf(product, variant) : {};
  useProductHead(product, variant, brand.name, useBootConfig().origin);
  // A refusal was about the variant it was for.
  useEffect(() => setAddError(''), [variant?.sku]);

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
    const next = choose(product, selection, option, value);
    if (next) navigate(`${base}/${category}/${name}/${next.sku}`, { replace: true });
  };
  // The cart remote adds it (through @shop/platform, ADR 0013), tracks ADD_TO_CART and opens its drawer.
  const add = async () => {
    if (adding) return;
    setAdding(true);
    setAddError('');
    const result = await addToBag({
      sku: variant.sku,
      quantity,
      inventoryListKey: `${brand.id}-online`,
      name: product.name,
    });
    setAdding(false);
    if (!result.ok) setAddError(result.error.message);
  };
  const stock = !variant.inStock ? 'Sold out' : variant.available <= 5 ? `Only ${variant.available} left` : 'In stock';

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
          <p className="product__price">
            <Price price={variant.price} salePrice={variant.salePrice} showSavings />
          </p>
          <p className="product__style">
            Style {product.masterStyle} · SKU {variant.sku}
          </p>
          <OptionPicker product={product} selection={selection} onChoose={pick} />
          <p className="product__stock" role="status">
            {stock}
          </p>
          <QuantityStepper label="Quantity" value={quantity} onChange={setQuantity} min={1} max={99} />
          {/* On a phone this bar stays at the bottom of the screen while the shopper looks at the pictures. */}
          <div className="product__add">
            {/* aria-disabled while adding, so the button keeps focus for the drawer to return it to. */}
            <Button
              block
              disabled={!variant.inStock}
              aria-disabled={adding || undefined}
              aria-describedby={addError ? 'add-to-bag-error' : undefined}
              onClick={() => void add()}
            >
              {adding ? 'Adding…' : 'Add to bag'}
            </Button>
          </div>
          {addError && (
            <Notice role="alert" tone="error" className="product__add-error">
              <span id="add-to-bag-error">{addError}</span>
            </Notice>
          )}
          {product.sizeGuide && (
            <p>
              <Link to={`/size-guide/${product.sizeGuide.slug}`}>Size guide</Link>
            </p>
          )}
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
