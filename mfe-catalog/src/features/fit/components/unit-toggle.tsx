import { RadioGroup } from '@shop/ui';

const UNITS = [
  { value: 'in', label: 'Inches' },
  { value: 'cm', label: 'Centimetres' },
] as const;

/** Inches or centimetres, as a radio group. */
export function UnitToggle({ unit, onChange }: { unit: 'in' | 'cm'; onChange: (unit: 'in' | 'cm') => void }) {
  return <RadioGroup legend="Units" name="unit" options={UNITS} value={unit} onChange={onChange} />;
}
