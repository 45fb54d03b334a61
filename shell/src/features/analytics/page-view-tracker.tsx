import { track } from '@shop/platform';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** SPEC §2: a page-view event on each path or query change (not on hash or state changes). */
export function PageViewTracker() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    track({ event: 'PAGE_VIEW', pagePath: pathname, pageQuery: search, pageTitle: document.title });
  }, [pathname, search]);
  return null;
}
