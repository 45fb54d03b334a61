import type { FilterName } from '@shop/contracts/browser';
import { Button } from '@shop/ui';
import type { ListingState } from '../listing-url';

interface Props {
  state: ListingState;
  onRemove: (name: FilterName, value: string) => void;
  onClear: () => void;
}

/** Chips for every applied filter, and clear-all (which keeps the category). */
export function AppliedFilters({ state, onRemove, onClear }: Props) {
  const chips = (Object.entries(state.filters) as Array<[FilterName, string[]]>).flatMap(([name, values]) =>
    values.map((value) => ({ name, value })),
  );
  if (chips.length === 0) return null;
  return (
    <div className="applied-filters" aria-label="Applied filters" role="group">
      {chips.map(({ name, value }) => (
        <button
          key={`${name}:${value}`}
          type="button"
          className="chip"
          onClick={() => onRemove(name, value)}
          aria-label={`Remove filter ${value}`}
        >
          {value} ×
        </button>
      ))}
      <Button variant="link" onClick={onClear}>
        Clear all
      </Button>
    </div>
  );
}
