import type { Facet, FilterName } from '@shop/contracts/browser';
import { Button } from '@shop/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { orderFacets, visibleValues } from '../facet-view';

const FAMILY_COLOURS: Record<string, string> = {
  black: '#111',
  blue: '#2a52be',
  pink: '#e8a0a8',
  white: '#fafafa',
  neutral: '#e3bc9a',
  brown: '#8b5e3c',
  grey: '#9e9e9e',
  red: '#b3001b',
  green: '#2e6b3f',
  yellow: '#f2c14e',
  orange: '#e76f00',
  purple: '#b497d6',
};

interface Props {
  facets: Facet[];
  /** Links for category values keep the shopper inside the category tree. */
  categoryHref: (slug: string) => string;
  onToggle: (name: FilterName, value: string) => void;
  /** A complementary landmark beside the results; inside the phone's filter drawer (a dialog) a plain group. */
  landmark?: boolean;
  /**
   * The listing's GET form, so the filters work before the page's code runs or without it: the
   * checkboxes are its fields, `hidden` carries the rest of the listing's state (the search, the
   * price range), and an "Apply" button shows when scripts do not run. With scripts, each change
   * applies at once and the form is never sent.
   */
  form?: { id: string; action: string; hidden: Array<[string, string]>; onSubmit: () => void };
}

/** Filters with counts; each list shows five values until "show more"; multi-select checkboxes. */
export function FacetPanel({ facets, categoryHref, onToggle, landmark = true, form }: Props) {
  const groups = orderFacets(facets).map((facet) => (
    <FacetGroup key={facet.name} facet={facet} categoryHref={categoryHref} onToggle={onToggle} />
  ));
  const content = form ? (
    <form
      id={form.id}
      method="get"
      action={form.action}
      onSubmit={(event) => {
        event.preventDefault();
        form.onSubmit();
      }}
    >
      {form.hidden.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      {groups}
      <noscript>
        <button type="submit" className="ui-button facet-panel__apply">
          Apply filters
        </button>
      </noscript>
    </form>
  ) : (
    groups
  );
  return landmark ? (
    <aside className="facet-panel" aria-label="Filters">
      {content}
    </aside>
  ) : (
    <div className="facet-panel facet-panel--drawer">{content}</div>
  );
}

function FacetGroup({
  facet,
  categoryHref,
  onToggle,
}: {
  facet: Facet;
  categoryHref: Props['categoryHref'];
  onToggle: Props['onToggle'];
}) {
  const [expanded, setExpanded] = useState(false);
  const { shown, hidden } = visibleValues(facet.values, expanded);
  return (
    <fieldset className="facet">
      <legend className="facet__title">{facet.label}</legend>
      <ul className="facet__values">
        {shown.map((value) => (
          <li key={value.value}>
            {facet.name === 'category' ? (
              <Link to={categoryHref(value.value)}>
                {value.label ?? value.value} <span className="facet__count">({value.count})</span>
              </Link>
            ) : (
              <label className="facet__option">
                <input
                  type="checkbox"
                  name={facet.name}
                  value={value.value}
                  checked={value.selected}
                  onChange={() => onToggle(facet.name as FilterName, value.value)}
                />
                {facet.name === 'colorFamily' && (
                  <span
                    className="swatch"
                    aria-hidden="true"
                    style={{ background: FAMILY_COLOURS[value.value] ?? '#ccc' }}
                  />
                )}
                {value.label ?? value.value} <span className="facet__count">({value.count})</span>
              </label>
            )}
          </li>
        ))}
      </ul>
      {(hidden > 0 || expanded) && facet.values.length > 5 && (
        <Button variant="link" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? `Show fewer ${facet.label.toLowerCase()}` : `Show ${hidden} more ${facet.label.toLowerCase()}`}
        </Button>
      )}
    </fieldset>
  );
}
