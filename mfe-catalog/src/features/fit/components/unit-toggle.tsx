/** Inches or centimetres, as a radio group. */
export function UnitToggle({ unit, onChange }: { unit: 'in' | 'cm'; onChange: (unit: 'in' | 'cm') => void }) {
  return (
    <fieldset className="unit-toggle">
      <legend>Units</legend>
      {(['in', 'cm'] as const).map((u) => (
        <label key={u}>
          <input type="radio" name="unit" value={u} checked={unit === u} onChange={() => onChange(u)} /> {u === 'in' ? 'Inches' : 'Centimetres'}
        </label>
      ))}
    </fieldset>
  );
}
