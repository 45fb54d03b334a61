import type { Routing } from './brand';
import { CUSTOMER_SERVICE_TOPICS } from './content-constants';
import type { RemoteName } from './remote-names';

export interface RouteEntry {
  /** Page id passed to the owning remote. */
  page: string;
  path: string;
  remote: RemoteName;
  /** Requires a signed-in shopper (SPEC §6); enforced once sessions exist. */
  authorized?: boolean;
  /** Also opens as a modal over the current page (SPEC §2). */
  modal?: boolean;
  /** Rendered in the browser only: the server renderer is never asked for it, whatever its remote. */
  clientOnly?: boolean;
  /** Kept out of search engines: the page carries `<meta name="robots" content="noindex">`. */
  noindex?: boolean;
  /**
   * A staff page (the admin): shown without the shop's header, footer and popups, and
   * without a shopper's guest session or page views.
   */
  backOffice?: boolean;
}

/**
 * Pages whose HTML arrives rendered (ADR 0017): what search engines index and shoppers land on,
 * the catalog's and the content remote's. Bag, checkout and account pages render in the browser.
 */
export const isServerRendered = (entry: RouteEntry): boolean =>
  !entry.clientOnly && !entry.authorized && (entry.remote === 'catalog' || entry.remote === 'content');

/**
 * Pages a shopper browses (home, listings, products, content) as opposed to a task (bag,
 * checkout, account, sign-in, returns) or a staff page: the only ones a marketing prompt may open
 * over.
 */
export const isBrowsingPage = (entry: RouteEntry): boolean =>
  (entry.remote === 'catalog' || entry.remote === 'content') && !entry.modal && !entry.backOffice;

interface BrandRouting {
  routing: Routing;
  landingPages: readonly string[];
  categoryLandingPages?: readonly string[];
}

/**
 * The full route table of SPEC §2, each route mapped to the remote that owns it. The shell renders
 * it (react-router) and the gateway answers by it (an unknown path is a real 404), so the two
 * never disagree about which pages exist.
 */
export function buildRouteTable({ routing, landingPages, categoryLandingPages = [] }: BrandRouting): RouteEntry[] {
  const product = routing.productBasePath.replace(/\/$/, '');
  return [
    // content
    { page: 'home', path: '/', remote: 'content' },
    // The variant home (e.g. /rr) shows its own content; `/` stays the brand's main home.
    ...(routing.homePath !== '/' ? [{ page: 'home', path: routing.homePath, remote: 'content' } as RouteEntry] : []),
    { page: 'learn', path: '/learn', remote: 'content' },
    { page: 'learn-article', path: '/learn/:article', remote: 'content' },
    { page: 'stores', path: '/stores', remote: 'content' },
    ...CUSTOMER_SERVICE_TOPICS.map((topic): RouteEntry => ({
      page: `customer-service-${topic}`,
      path: `/customer-service/${topic}`,
      remote: 'content',
    })),
    ...landingPages.map((path): RouteEntry => ({
      page: `landing${path.replace(/\//g, '-')}`,
      path,
      remote: 'content',
    })),
    // catalog
    ...categoryLandingPages.map((path): RouteEntry => ({
      page: `category-landing${path.replace(/\//g, '-')}`,
      path,
      remote: 'catalog',
    })),
    { page: 'search', path: '/c', remote: 'catalog' },
    { page: 'category', path: '/c/*', remote: 'catalog' },
    { page: 'product', path: `${product}/:category/:name/:id`, remote: 'catalog' },
    { page: 'size-guides', path: '/size-guide', remote: 'catalog' },
    { page: 'size-guide', path: '/size-guide/:item', remote: 'catalog' },
    { page: 'find-your-fit', path: '/find-your-fit', remote: 'catalog' },
    // cart and checkout
    { page: 'cart', path: '/cart', remote: 'cartCheckout' },
    { page: 'cart-create', path: '/cart/create', remote: 'cartCheckout' },
    { page: 'checkout', path: '/checkout', remote: 'cartCheckout' },
    { page: 'order-confirmation', path: '/orderconfirmation', remote: 'cartCheckout' },
    // account, orders and returns
    { page: 'account', path: '/account', remote: 'account', authorized: true },
    { page: 'account-profile', path: '/account/profile', remote: 'account', authorized: true },
    { page: 'account-orders', path: '/account/orders', remote: 'account', authorized: true },
    { page: 'account-order', path: '/account/orders/:orderNumber', remote: 'account', authorized: true },
    { page: 'account-returns', path: '/account/orders/:orderNumber/returns', remote: 'account', authorized: true },
    {
      page: 'account-return-create',
      path: '/account/orders/:orderNumber/returns/create',
      remote: 'account',
      authorized: true,
    },
    { page: 'order-returns', path: '/order/returns', remote: 'account' },
    { page: 'order-return-create', path: '/order/returns/create', remote: 'account' },
    { page: 'order-track', path: '/order/track', remote: 'account' },
    { page: 'order', path: '/order', remote: 'account' },
    { page: 'login', path: '/login', remote: 'account', modal: true },
    { page: 'register', path: '/register', remote: 'account', modal: true },
    { page: 'password-forgot', path: '/password/forgot', remote: 'account', modal: true },
    { page: 'password-reset', path: '/password/reset', remote: 'account' },
    { page: 'privacy-preferences', path: '/privacy/preferences', remote: 'account' },
    { page: 'loyalty', path: '/loyalty', remote: 'account' },
    // the back office for brand managers: the admin finds its own views under /admin
    ...[
      { page: 'admin', path: '/admin' },
      { page: 'admin-section', path: '/admin/*' },
    ].map((route): RouteEntry => ({ ...route, remote: 'admin', clientOnly: true, noindex: true, backOffice: true })),
  ];
}

export interface RouteMatch {
  entry: RouteEntry;
  params: Record<string, string>;
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/**
 * The entry a path opens, with its parameters, matched as react-router matches the table: whole
 * segments, case-insensitively, a trailing slash ignored; `:name` takes one segment and a
 * trailing `*` one or more (its value under `*`). A literal route wins over a pattern.
 */
export function matchRoute(table: readonly RouteEntry[], pathname: string): RouteMatch | undefined {
  let decoded: string;
  try {
    decoded = decodeURI(pathname);
  } catch {
    return undefined;
  }
  const path = segmentsOf(decoded.toLowerCase());
  const original = segmentsOf(decoded);
  let best: { match: RouteMatch; score: number } | undefined;
  for (const entry of table) {
    const pattern = segmentsOf(entry.path);
    const splat = pattern.at(-1) === '*';
    const fixed = splat ? pattern.slice(0, -1) : pattern;
    if (splat ? path.length <= fixed.length : path.length !== fixed.length) continue;
    const params: Record<string, string> = {};
    let score = 0;
    const fits = fixed.every((part, i) => {
      if (part.startsWith(':')) {
        params[part.slice(1)] = original[i];
        return true;
      }
      score += 2;
      return part.toLowerCase() === path[i];
    });
    if (!fits) continue;
    if (splat) params['*'] = original.slice(fixed.length).join('/');
    else score += 1;
    if (!best || score > best.score) best = { match: { entry, params }, score };
  }
  return best?.match;
}
