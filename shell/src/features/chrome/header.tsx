import { useBrand, useChrome } from '@shop/platform';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
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
  const search = usePhoneSearch(pathname);
  return (
    <header
      className={`header${alternative ? ' header--alternative' : ''}${search.open ? ' header--search-open' : ''}`}
      data-header-style={alternative ? 'alternative' : 'standard'}
    >
      <div className="header__bar">
        <Link to={brand.routing.homePath} className="header__logo" aria-label={`${brand.name} home`}>
          <img src="/brand/logo.svg" alt={brand.logo.alt} width={brand.logo.width} height={brand.logo.height} />
        </Link>
        {/* On a phone the search is behind this button; without scripts the link opens it (:target). */}
        <a
          href={`#${SEARCH_ID}`}
          ref={search.toggle}
          role="button"
          className="header__icon header__search-toggle"
          aria-label={search.open ? 'Close search' : 'Search'}
          aria-expanded={search.open}
          aria-controls={SEARCH_ID}
          onClick={(event) => {
            event.preventDefault();
            search.setOpen(!search.open);
          }}
        >
          <SearchIcon />
        </a>
        <div className="header__search" id={SEARCH_ID} ref={search.panel} onKeyDown={search.onKeyDown}>
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

const SEARCH_ID = 'header-search';

/**
 * The phone's search: opened by the header's search button, which then focuses the field; Escape
 * closes it and gives focus back to the button; a new page closes it. (On wider screens the
 * search is always shown and the button is not.)
 */
function usePhoneSearch(pathname: string) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLAnchorElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [open]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    toggle.current?.focus();
  };
  return { open, setOpen, toggle, panel, onKeyDown };
}

function SearchIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
      <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
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
