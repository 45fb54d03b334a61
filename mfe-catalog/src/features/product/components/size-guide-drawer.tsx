import { Drawer } from '@shop/ui';
import { type MouseEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadState } from '../../../components/load-state';
import { SizeTableView } from '../../../components/size-chart';
import { UnitToggle } from '../../../components/unit-toggle';
import { fitApi } from '../../../lib/fit-api';
import { type Units, hasLengths } from '../../../lib/units';

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
      <Drawer open={open} onClose={() => setOpen(false)} title={guide.title} closeLabel="Close the size guide">
        <SizeGuideCharts slug={guide.slug} href={href} />
      </Drawer>
    </>
  );
}

function SizeGuideCharts({ slug, href }: { slug: string; href: string }) {
  const [units, setUnits] = useState<Units>('in');
  const { data, error, refetch } = fitApi.useCatalogGetSizeGuideQuery(slug);
  if (!data) return <LoadState error={error} retry={refetch} label="Loading the size guide" />;
  return (
    <div className="size-guide-drawer">
      <p>{data.description}</p>
      {data.tables.some((table) => hasLengths(table.columns)) && (
        <div className="fit-units">
          <UnitToggle unit={units} onChange={setUnits} />
        </div>
      )}
      {data.tables.map((table) => (
        <SizeTableView key={table.id} table={table} units={units} />
      ))}
      <p>
        <Link to={href}>How to measure, and the whole guide</Link>
      </p>
    </div>
  );
}
