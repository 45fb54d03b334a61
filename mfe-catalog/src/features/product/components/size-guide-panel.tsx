import { Drawer } from '@shop/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadState } from '../../../components/load-state';
import { SizeTableView } from '../../../components/size-chart';
import { UnitToggle } from '../../../components/unit-toggle';
import { fitApi } from '../../../lib/fit-api';
import { type Units, hasLengths } from '../../../lib/units';

/** The guide's charts in a drawer over the product page; loaded on the first click only. */
export default function SizeGuidePanel({
  guide,
  href,
  onClose,
}: {
  guide: { slug: string; title: string };
  href: string;
  onClose: () => void;
}) {
  return (
    <Drawer open onClose={onClose} title={guide.title} closeLabel="Close the size guide">
      <SizeGuideCharts slug={guide.slug} href={href} />
    </Drawer>
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
