import type { FitFinderEntry } from '@shop/contracts/browser';
import { Link } from 'react-router-dom';

/** What the shopper is sizing: one link per finder (plain links, so they work before scripts run). */
export function FitKinds({ finders, current }: { finders: readonly FitFinderEntry[]; current: string }) {
  return (
    <nav className="fit-kinds" aria-labelledby="fit-kinds-title">
      <h2 id="fit-kinds-title" className="fit-kinds__title">
        What are you sizing?
      </h2>
      <ul className="fit-kinds__list">
        {finders.map((finder) => (
          <li key={finder.id}>
            <Link
              className="fit-kinds__link"
              to={`?kind=${finder.id}`}
              replace
              preventScrollReset
              aria-current={finder.id === current ? 'page' : undefined}
            >
              {finder.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
