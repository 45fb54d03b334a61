import { track } from '@shop/platform';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** SPEC §2: a page-view event on each path or query change (not on hash or state changes). */
export function PageViewTracker() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    // In a task of its own: starting the request costs a phone a few milliseconds, and the first
    // page view would otherwise add them to the task in which the page wakes up. A page left
    // within that tick (a redirect) is not a view.
    const timer = setTimeout(() =>
      track({ event: 'PAGE_VIEW', pagePath: pathname, pageQuery: search, pageTitle: document.title }),
    );
    return () => clearTimeout(timer);
  }, [pathname, search]);
  return null;
}
