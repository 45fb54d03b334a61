import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { cx } from './class-names';
import { VisuallyHidden } from '@shop/ui/core';
import './field.css';

interface FieldText {
  label: ReactNode;
  /** Help shown under the label and read with the control (aria-describedby). */
  hint?: ReactNode;
  /** The error, when there is one: read with the control, which is then aria-invalid. */
  error?: ReactNode;
  /** Marks the label: "*" when required, "(optional)" when optional; nothing when left out. */
  marker?: 'required' | 'optional';
  /** Hides the label visually; it stays the control's accessible name. */
  hideLabel?: boolean;
  className?: string;
}

/** The ids that tie a label, its hint and its error to one control. */
function useFieldIds(id: string | undefined, hint: ReactNode, error: ReactNode, describedBy?: string) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const ids = [describedBy, hintId, errorId].filter(Boolean).join(' ');
  return { controlId, hintId, errorId, describedBy: ids || undefined };
}

function FieldFrame({
  label,
  hint,
  error,
  marker,
  hideLabel,
  className,
  controlId,
  hintId,
  errorId,
  children,
}: FieldText & { controlId: string; hintId?: string; errorId?: string; children: ReactNode }) {
  const text = (
    <>
      {label}
      {marker === 'optional' && <span className="ui-field__optional"> (optional)</span>}
      {marker === 'required' && (
        <span aria-hidden="true" className="ui-field__required">
          {' '}
          *
        </span>
      )}
    </>
  );
  return (
    <div className={cx('ui-field', Boolean(error) && 'ui-field--invalid', className)}>
      {hideLabel ? (
        <VisuallyHidden as="label" htmlFor={controlId}>
          {text}
        </VisuallyHidden>
      ) : (
        <label className="ui-field__label" htmlFor={controlId}>
          {text}
        </label>
      )}
      {hint && (
        <p id={hintId} className="ui-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="ui-field__error">
          {error}
        </p>
      )}
      {children}
    </div>
  );
}

type InputProps = FieldText &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & { inputClassName?: string; ref?: Ref<HTMLInputElement> };

/** A labelled text input with an optional hint and error, wired for assistive technology. */
export function TextField({
  label,
  hint,
  error,
  marker,
  hideLabel,
  className,
  inputClassName,
  id,
  'aria-describedby': extra,
  ...input
}: InputProps) {
  const ids = useFieldIds(id, hint, error, extra);
  return (
    <FieldFrame {...{ label, hint, error, marker, hideLabel, className }} {...ids}>
      <input
        id={ids.controlId}
        className={cx('ui-input', inputClassName)}
        aria-describedby={ids.describedBy}
        aria-invalid={error ? true : undefined}
        {...input}
      />
    </FieldFrame>
  );
}

type TextAreaProps = FieldText & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'>;

/** A labelled multi-line text field, wired like TextField. */
export function TextArea({
  label,
  hint,
  error,
  marker,
  hideLabel,
  className,
  id,
  'aria-describedby': extra,
  ...textarea
}: TextAreaProps) {
  const ids = useFieldIds(id, hint, error, extra);
  return (
    <FieldFrame {...{ label, hint, error, marker, hideLabel, className }} {...ids}>
      <textarea
        id={ids.controlId}
        className="ui-input"
        aria-describedby={ids.describedBy}
        aria-invalid={error ? true : undefined}
        {...textarea}
      />
    </FieldFrame>
  );
}

type SelectProps = FieldText & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> & { children: ReactNode };

/** A labelled native select (its options are the children), wired like TextField. */
export function Select({
  label,
  hint,
  error,
  marker,
  hideLabel,
  className,
  id,
  'aria-describedby': extra,
  children,
  ...select
}: SelectProps) {
  const ids = useFieldIds(id, hint, error, extra);
  return (
    <FieldFrame {...{ label, hint, error, marker, hideLabel, className }} {...ids}>
      <select
        id={ids.controlId}
        className="ui-select"
        aria-describedby={ids.describedBy}
        aria-invalid={error ? true : undefined}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & {
  label: ReactNode;
  className?: string;
};

/** A checkbox inside its label, so the whole text is the click target. */
export function Checkbox({ label, className, ...input }: CheckboxProps) {
  return (
    <label className={cx('ui-choice', className)}>
      <input type="checkbox" {...input} />
      <span>{label}</span>
    </label>
  );
}

export interface RadioOption<V extends string> {
  value: V;
  label: ReactNode;
  disabled?: boolean;
}

interface RadioGroupProps<V extends string> {
  legend: ReactNode;
  name: string;
  options: ReadonlyArray<RadioOption<V>>;
  value: V | undefined;
  onChange: (value: V) => void;
  hint?: ReactNode;
  className?: string;
}

/** A fieldset of radio buttons with its legend: arrow keys move between options natively. */
export function RadioGroup<V extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  hint,
  className,
}: RadioGroupProps<V>) {
  const hintId = `${useId()}-hint`;
  return (
    <fieldset className={cx('ui-radio-group', className)} aria-describedby={hint ? hintId : undefined}>
      <legend>{legend}</legend>
      {hint && (
        <p id={hintId} className="ui-field__hint">
          {hint}
        </p>
      )}
      <div className="ui-radio-group__options">
        {options.map((option) => (
          <label key={option.value} className="ui-choice">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              disabled={option.disabled}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
