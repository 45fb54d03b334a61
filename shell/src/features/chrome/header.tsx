import { useBrand, useChrome } from '@shop/platform';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { RemoteOutlet } from '../../lib/remote-loader/remote-outlet';
import { useFeatureLinks } from './use-feature-links';
import { UserIcon } from './user-icon';

/** Brand chrome: logo, nav, the catalog's quick search and the cart's mini cart as slots. */
export function Header() {
  const brand = useBrand();
  const { nav } = useChrome();
  const visible = useFeatureLinks();
  const { pathname } = useLocation();
  const alternative = brand.altHeaderPaths.includes(pathname);
  return (
    <header
      className={`header${alternative ? ' header--alternative' : ''}`}
      data-header-style={alternative ? 'alternative' : 'standard'}
    >
      <div className="header__bar">
        <Link to={brand.routing.homePath} className="header__logo" aria-label={`${brand.name} home`}>
          <img src="/brand/logo.svg" alt={brand.logo.alt} width={brand.logo.width} height={brand.logo.height} />
        </Link>
        <div className="header__search">
          <RemoteOutlet
            remote="catalog"
            expose="QuickSearch"
            props={{}}
            fallback={() => <SearchFallback />}
            loading={<SearchFallback />}
          />
        </div>
        <nav className="header__actions" aria-label="Account and cart">
          <UserIcon />
          <div className="header__bag">
            <RemoteOutlet
              remote="cartCheckout"
              expose="MiniCart"
              props={{}}
              fallback={() => <CartFallback />}
              loading={<CartFallback />}
            />
          </div>
        </nav>
      </div>
      <nav className="header__nav" aria-label="Main">
        <ul>
          {visible(nav.links).map((link) => (
            <li key={link.href}>
              <NavLink to={link.href}>{link.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

/** A plain search form that works even when the catalog remote does not load. */
function SearchFallback() {
  return (
    <form role="search" action="/c" method="get" className="search-form">
      <label className="visually-hidden" htmlFor="site-search-fallback">
        Search products
      </label>
      <input id="site-search-fallback" name="q" type="search" placeholder="Search" maxLength={100} />
    </form>
  );
}

function CartFallback() {
  return (
    <Link to="/cart" className="header__icon">
      Bag
    </Link>
  );
}
