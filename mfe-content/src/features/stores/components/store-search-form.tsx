import { STORE_RADII, type StoreRadius } from '@shop/contracts/browser';
import { Button, Select, TextField } from '@shop/ui';
import { type FormEvent, useId, useRef, useState } from 'react';
import { type StoreSearch, isZip } from '../stores-url';
import { useGeolocation } from '../use-geolocation';

interface Props {
  search: StoreSearch;
  onSearch: (search: StoreSearch) => void;
}

const zipOf = (search: StoreSearch) => (search.origin && 'zip' in search.origin ? search.origin.zip : '');

/** ZIP code or "Use my location", and a radius; changing the radius re-runs the current search. */
export function StoreSearchForm({ search, onSearch }: Props) {
  const id = useId();
  const zipRef = useRef<HTMLInputElement>(null);
  const [zip, setZip] = useState(zipOf(search));
  const [radius, setRadius] = useState<StoreRadius>(search.radius);
  const [error, setError] = useState<string>();
  const [shown, setShown] = useState(search);
  const { state: geolocation, locate } = useGeolocation();
  // Back and forward change the URL under the form: show the search the URL now holds.
  if (shown !== search) {
    setShown(search);
    setZip(zipOf(search));
    setRadius(search.radius);
    setError(undefined);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = zip.trim();
    if (!isZip(value)) {
      setError('Enter a 5-digit ZIP code, or use your location.');
      zipRef.current?.focus();
      return;
    }
    onSearch({ origin: { zip: value }, radius });
  };
  // A new radius searches at once: the ZIP in the field if it is one, else the current search again.
  const changeRadius = (next: StoreRadius) => {
    setRadius(next);
    const typed = zip.trim();
    if (isZip(typed)) onSearch({ origin: { zip: typed }, radius: next });
    else if (!typed && search.origin) onSearch({ origin: search.origin, radius: next });
  };

  return (
    <form className="store-search" role="search" aria-label="Find stores" noValidate onSubmit={submit}>
      <TextField
        ref={zipRef}
        label="ZIP code"
        // The error takes the hint's place, so the field is described by one or the other.
        hint={error ? undefined : '5 digits, for example 10001'}
        error={error}
        className="store-search__field"
        inputClassName="store-search__zip"
        id={`${id}-zip`}
        name="zip"
        type="text"
        inputMode="numeric"
        autoComplete="postal-code"
        pattern="[0-9]{5}"
        maxLength={5}
        value={zip}
        onChange={(event) => {
          setZip(event.target.value);
          setError(undefined);
        }}
      />
      <Select
        label="Search radius"
        className="store-search__field"
        id={`${id}-radius`}
        name="radius"
        value={radius}
        onChange={(event) => changeRadius(Number(event.target.value) as StoreRadius)}
      >
        {STORE_RADII.map((miles) => (
          <option key={miles} value={miles}>
            Within {miles} miles
          </option>
        ))}
      </Select>
      <div className="store-search__actions">
        <Button type="submit">Find stores</Button>
        <Button
          variant="secondary"
          disabled={geolocation.status === 'locating'}
          onClick={() => locate((position) => onSearch({ origin: position, radius }))}
        >
          Use my location
        </Button>
      </div>
      <p className="store-search__status" role="status">
        {geolocation.status === 'locating' ? 'Finding your location…' : ''}
      </p>
      {geolocation.status === 'failed' && (
        <p className="store-search__error" role="alert">
          {geolocation.message}
        </p>
      )}
    </form>
  );
}
