import './size-chart.css';
import { RadioGroup } from '@shop/ui';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Units } from '../lib/units';

const UNITS = [
  { value: 'in', label: 'Inches' },
  { value: 'cm', label: 'Centimetres' },
] as const;

/** Inches or centimetres, as a radio group named `unit` (so a form sends it). */
export function UnitToggle({ unit, onChange }: { unit: Units; onChange: (unit: Units) => void }) {
  return <RadioGroup legend="Units" name="unit" options={UNITS} value={unit} onChange={onChange} />;
}

/**
 * The units of a page's tables, kept in its URL (`?unit=cm`) so a server render and a shared link
 * show the same. The choice shows at once; the URL follows it.
 */
export function useUrlUnits(): [Units, (units: Units) => void] {
  const [params, setParams] = useSearchParams();
  const fromUrl: Units = params.get('unit') === 'cm' ? 'cm' : 'in';
  const [units, setUnits] = useState<Units>(fromUrl);
  // Back and forward move the URL without a choice here.
  useEffect(() => setUnits(fromUrl), [fromUrl]);
  const choose = (next: Units) => {
    setUnits(next);
    setParams(next === 'cm' ? { unit: 'cm' } : {}, { replace: true, preventScrollReset: true });
  };
  return [units, choose];
}

/** The units radio of a page without a form of its own; without scripts the radios submit as one. */
export function UrlUnitToggle({ units, onChange }: { units: Units; onChange: (units: Units) => void }) {
  return (
    <form method="get" className="fit-units" onSubmit={(event) => event.preventDefault()}>
      <UnitToggle unit={units} onChange={onChange} />
      <noscript>
        <button type="submit" className="ui-button ui-button--secondary">
          Show
        </button>
      </noscript>
    </form>
  );
}
