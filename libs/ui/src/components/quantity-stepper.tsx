import { useId, useState } from 'react';
import { cx } from './class-names';
import './quantity-stepper.css';

interface Props {
  label?: string;
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  name?: string;
  disabled?: boolean;
  className?: string;
}

/** A whole number kept within min..max: anything else typed falls back to the nearest limit. */
export function clampQuantity(raw: number, min: number, max: number) {
  if (!Number.isFinite(raw)) return min;
  return Math.min(max, Math.max(min, Math.floor(raw)));
}

/**
 * A number field with − and + buttons. The buttons stop at the limits (disabled, so they say
 * so), and a typed value is clamped when the field loses focus.
 */
export function QuantityStepper({
  label = 'Quantity',
  value,
  onChange,
  min = 1,
  max = 99,
  name,
  disabled = false,
  className,
}: Props) {
  const id = useId();
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const commit = (raw: string) => {
    setDraft(undefined);
    const next = clampQuantity(raw.trim() === '' ? Number.NaN : Number(raw), min, max);
    if (next !== value) onChange(next);
  };
  return (
    <div className={cx('ui-stepper', className)}>
      <label className="ui-stepper__label" htmlFor={id}>
        {label}
      </label>
      <div className="ui-stepper__controls">
        <button
          type="button"
          className="ui-stepper__button"
          aria-label="One fewer"
          aria-controls={id}
          disabled={disabled || value <= min}
          onClick={() => onChange(clampQuantity(value - 1, min, max))}
        >
          −
        </button>
        <input
          id={id}
          className="ui-stepper__input"
          type="number"
          inputMode="numeric"
          name={name}
          min={min}
          max={max}
          step={1}
          disabled={disabled}
          value={draft ?? String(value)}
          onChange={(event) => {
            const raw = event.target.value;
            const number = Number(raw);
            // Typing a value inside the limits takes effect at once; anything else waits for blur.
            if (raw.trim() !== '' && Number.isInteger(number) && number >= min && number <= max) {
              setDraft(undefined);
              if (number !== value) onChange(number);
            } else setDraft(raw);
          }}
          onBlur={(event) => commit(event.target.value)}
        />
        <button
          type="button"
          className="ui-stepper__button"
          aria-label="One more"
          aria-controls={id}
          disabled={disabled || value >= max}
          onClick={() => onChange(clampQuantity(value + 1, min, max))}
        >
          +
        </button>
      </div>
    </div>
  );
}
