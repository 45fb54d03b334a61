import { type MouseEvent, Suspense, lazy, useState } from 'react';
import { Link } from 'react-router-dom';

/** The drawer and its charts stay out of the product page's first load. */
const SizeGuidePanel = lazy(() => import('./size-guide-panel'));

/** A click the browser would open elsewhere (a new tab or window, a download): left to the browser. */
const opensElsewhere = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/**
 * The product's size guide, opened over its page so the shopper's colour, size and quantity stay
 * as they are. The link is the guide's own page: without scripts, in a new tab or before the page
 * wakes up it goes there; a plain click opens the guide's charts in a drawer.
 */
export function SizeGuideLink({ guide }: { guide: { slug: string; title: string } }) {
  const [open, setOpen] = useState(false);
  const href = `/size-guide/${guide.slug}`;
  const openOver = (event: MouseEvent<HTMLAnchorElement>) => {
    if (opensElsewhere(event)) return;
    event.preventDefault();
    setOpen(true);
  };
  return (
    <>
      <p>
        <Link to={href} onClick={openOver} aria-haspopup="dialog">
          Size guide
        </Link>
      </p>
      {open && (
        <Suspense fallback={null}>
          <SizeGuidePanel guide={guide} href={href} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
