import { type ProfileResponse, type SavedAddress, US_STATES } from '@shop/contracts/browser';
import { Button, Select, TextField, VisuallyHidden } from '@shop/ui';
import { type FormEvent, useState } from 'react';
import { useAccountRemoveAddressMutation, useAccountSaveAddressMutation } from '../api/profile-api';
import { OutcomeNotice } from './outcome-notice';
import { useProfileWrite } from './use-profile-write';

interface Props {
  profile: ProfileResponse;
  onProfile: (profile: ProfileResponse) => void;
}

const FIELDS = [
  ['firstName', 'First name', 'given-name'],
  ['lastName', 'Last name', 'family-name'],
  ['streetName', 'Street and number', 'address-line1'],
  ['additionalStreetInfo', 'Apartment, suite, unit (optional)', 'address-line2'],
  ['city', 'City', 'address-level2'],
  ['state', 'State', 'address-level1'],
  ['postalCode', 'ZIP code', 'postal-code'],
  ['phone', 'Phone (optional)', 'tel'],
] as const;

const OPTIONAL = new Set(['additionalStreetInfo', 'phone']);
/** The states by name, as checkout lists them. */
const STATE_OPTIONS = Object.entries(US_STATES).sort(([, a], [, b]) => a.localeCompare(b));

/** The saved addresses: listed, added, changed and removed; checkout offers them. */
export function SavedAddresses({ profile, onProfile }: Props) {
  const [save, { isLoading }] = useAccountSaveAddressMutation();
  const [remove] = useAccountRemoveAddressMutation();
  const { outcome, run } = useProfileWrite(onProfile);
  const [editing, setEditing] = useState<SavedAddress | 'new'>();
  // The address whose removal waits for the shopper's yes.
  const [removing, setRemoving] = useState<string>();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const address: Record<string, string> = { country: 'US' };
    for (const [name] of FIELDS) {
      const value = String(form.get(name) ?? '').trim();
      if (value || !OPTIONAL.has(name)) address[name] = value;
    }
    const id = editing !== 'new' ? editing?.id : undefined;
    const saved = await run(
      () =>
        save({
          address: address as unknown as SavedAddress,
          version: profile.version,
          ...(id ? { id } : {}),
        }),
      'The address is saved.',
    );
    if (saved) setEditing(undefined);
  };

  return (
    <section aria-labelledby="profile-addresses">
      <h2 id="profile-addresses">Saved addresses</h2>
      <OutcomeNotice outcome={outcome} />
      {profile.addresses.length === 0 ? (
        <p>No saved addresses yet.</p>
      ) : (
        <ul>
          {profile.addresses.map((address) => (
            <li key={address.id}>
              <address>
                {address.firstName} {address.lastName}, {address.streetName}
                {address.additionalStreetInfo ? `, ${address.additionalStreetInfo}` : ''}, {address.city},{' '}
                {address.state} {address.postalCode}
              </address>
              <Button variant="secondary" onClick={() => setEditing(address)}>
                Edit<VisuallyHidden> {address.streetName}</VisuallyHidden>
              </Button>{' '}
              {removing === address.id ? (
                <span role="group" aria-label={`Remove ${address.streetName}?`}>
                  Remove this address?{' '}
                  <Button
                    variant="secondary"
                    onClick={() => {
                      setRemoving(undefined);
                      void run(() => remove({ id: address.id, version: profile.version }), 'The address is removed.');
                    }}
                  >
                    Yes, remove<VisuallyHidden> {address.streetName}</VisuallyHidden>
                  </Button>{' '}
                  <Button variant="secondary" autoFocus onClick={() => setRemoving(undefined)}>
                    Keep it
                  </Button>
                </span>
              ) : (
                <Button variant="secondary" onClick={() => setRemoving(address.id)}>
                  Remove<VisuallyHidden> {address.streetName}</VisuallyHidden>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <form
          key={`${editing === 'new' ? 'new' : editing.id}-${profile.version}`}
          onSubmit={(e) => void submit(e)}
          noValidate
        >
          <fieldset>
            <legend>{editing === 'new' ? 'New address' : 'Change address'}</legend>
            {FIELDS.map(([name, label, autoComplete]) =>
              name === 'state' ? (
                <Select
                  key={name}
                  label={label}
                  name={name}
                  autoComplete={autoComplete}
                  defaultValue={editing === 'new' ? '' : editing.state}
                  required
                  error={outcome?.fields?.[name]}
                >
                  <option value="">Choose a state</option>
                  {STATE_OPTIONS.map(([code, stateName]) => (
                    <option key={code} value={code}>
                      {stateName}
                    </option>
                  ))}
                </Select>
              ) : (
                <TextField
                  key={name}
                  label={label}
                  name={name}
                  autoComplete={autoComplete}
                  defaultValue={editing === 'new' ? '' : (editing[name] ?? '')}
                  required={!OPTIONAL.has(name)}
                  error={outcome?.fields?.[name]}
                />
              ),
            )}
            <Button type="submit" disabled={isLoading}>
              Save address
            </Button>{' '}
            <Button variant="secondary" onClick={() => setEditing(undefined)}>
              Cancel
            </Button>
          </fieldset>
        </form>
      ) : (
        <Button variant="secondary" onClick={() => setEditing('new')}>
          Add an address
        </Button>
      )}
    </section>
  );
}
