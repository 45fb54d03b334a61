import { VisuallyHidden } from '@shop/ui';
import type { ProductDetail } from '@shop/contracts/browser';
import { type Selection, isAvailable } from '../variant-choice';

interface Props {
  product: ProductDetail;
  selection: Selection;
  onChoose: (option: string, value: string) => void;
  /** Each option's group gets this id, for the page to move focus to a choice still missing. */
  idOf: (option: string) => string;
  /** The message about a missing choice, when there is one. */
  describedBy?: string;
}

/** One radio group per option; combinations that are sold out are disabled; none is checked until chosen. */
export function OptionPicker({ product, selection, onChoose, idOf, describedBy }: Props) {
  return (
    <>
      {product.options.map((option) => (
        <fieldset
          key={option.name}
          id={idOf(option.name)}
          className="option-picker"
          aria-describedby={selection[option.name] === undefined ? describedBy : undefined}
        >
          <legend>
            {option.label}: <strong>{selection[option.name] ?? 'choose'}</strong>
          </legend>
          <div className="option-picker__values">
            {option.values.map((value) => {
              const available = isAvailable(product, selection, option.name, value);
              return (
                <label
                  key={value}
                  className={`option${selection[option.name] === value ? ' option--chosen' : ''}${available ? '' : ' option--sold-out'}`}
                >
                  <input
                    type="radio"
                    name={option.name}
                    value={value}
                    checked={selection[option.name] === value}
                    disabled={!available}
                    onChange={() => onChoose(option.name, value)}
                  />
                  {value}
                  {!available && <VisuallyHidden> (sold out)</VisuallyHidden>}
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
    </>
  );
}
