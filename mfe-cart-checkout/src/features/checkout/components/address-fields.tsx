import { US_STATES } from '@shop/contracts/browser';
import { Select, TextField } from '@shop/ui';
import type { ComponentProps } from 'react';
import {
  ADDRESS_FIELDS,
  ADDRESS_LABELS,
  type AddressDraft,
  type AddressErrors,
  type AddressField,
} from '../../../lib/checkout/address-form';

const STATE_OPTIONS = Object.entries(US_STATES).sort(([, a], [, b]) => a.localeCompare(b));

const AUTOCOMPLETE: Record<AddressField, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  streetName: 'address-line1',
  additionalStreetInfo: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  postalCode: 'postal-code',
  phone: 'tel',
};

const OPTIONAL = new Set<AddressField>(['additionalStreetInfo', 'phone']);

/** The id of an address field's control, so an error can send focus to it. */
export const addressFieldId = (prefix: string, field: AddressField) => `${prefix}-${field}`;

/** The first field with an error, in form order. */
export const firstInvalid = (errors: AddressErrors) => ADDRESS_FIELDS.find((field) => errors[field]);

interface Props {
  /** `shipping` or `billing`: the ids' prefix and the autofill section. */
  prefix: 'shipping' | 'billing';
  value: AddressDraft;
  errors: AddressErrors;
  onChange: (field: AddressField, value: string) => void;
}

/** A US address: names, street, apartment, city, state (a select of US_STATES), ZIP and phone. */
export function AddressFields({ prefix, value, errors, onChange }: Props) {
  const common = (field: AddressField) => ({
    id: addressFieldId(prefix, field),
    name: field,
    label: ADDRESS_LABELS[field],
    error: errors[field],
    marker: OPTIONAL.has(field) ? ('optional' as const) : ('required' as const),
    autoComplete: `section-${prefix} ${prefix} ${AUTOCOMPLETE[field]}`,
    'aria-required': OPTIONAL.has(field) ? undefined : true,
  });
  const text = (field: AddressField, extra: Partial<ComponentProps<typeof TextField>> = {}) => (
    <TextField
      {...common(field)}
      className={`checkout-address__${field}`}
      value={value[field]}
      onChange={(event) => onChange(field, event.target.value)}
      {...extra}
    />
  );
  return (
    <div className="checkout-address">
      {text('firstName', { maxLength: 50 })}
      {text('lastName', { maxLength: 50 })}
      {text('streetName', { maxLength: 100 })}
      {text('additionalStreetInfo', { maxLength: 100 })}
      {text('city', { maxLength: 60 })}
      <Select
        {...common('state')}
        className="checkout-address__state"
        value={value.state.toUpperCase()}
        onChange={(event) => onChange('state', event.target.value)}
      >
        <option value="">Choose a state</option>
        {STATE_OPTIONS.map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </Select>
      {text('postalCode', { inputMode: 'numeric', maxLength: 10 })}
      {text('phone', { type: 'tel', maxLength: 20, hint: 'For delivery questions only.' })}
    </div>
  );
}
