import { useEffect } from 'react';

/**
 * Keeps the page out of search engines while the admin shows. The gateway sends /admin with the
 * robots meta already; this covers arriving by a link inside the site, and takes the meta away
 * when the shopper's pages come back in the same tab.
 */
export function useNoindex(): void {
  useEffect(() => {
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.setAttribute('name', 'robots');
      document.head.appendChild(meta);
    }
    meta.setAttribute('content', 'noindex');
    return () => meta.remove();
  }, []);
}
