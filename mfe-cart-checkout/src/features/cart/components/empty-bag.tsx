import { useBrand, useChrome } from '@shop/platform';
import { Link } from 'react-router-dom';

/** The empty bag, with the brand's catalog links from its nav. */
export function EmptyBag() {
  const { nav } = useChrome();
  const brand = useBrand();
  const catalog = nav.links.filter(
    (link) => link.href.startsWith('/c/') || brand.categoryLandingPages.includes(link.href),
  );
  return (
    <section className="cart-empty" aria-labelledby="cart-empty-title" data-cart-empty="">
      <h2 id="cart-empty-title">Your bag is empty</h2>
      {catalog.length > 0 && (
        <>
          <p>Find something you love:</p>
          <ul className="cart-empty__links">
            {catalog.map((link) => (
              <li key={link.href}>
                <Link to={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
