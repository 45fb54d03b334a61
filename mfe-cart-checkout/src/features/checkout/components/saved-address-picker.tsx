import type { SavedAddress } from '@shop/contracts/browser';
import { Select } from '@shop/ui';
import { useCartCheckoutSavedAddressesQuery } from '../../../lib/checkout/saved-addresses-api';

const describe = (address: SavedAddress) =>
  `${address.firstName} ${address.lastName}, ${address.streetName}, ${address.city}, ${address.state} ${address.postalCode}`;

/**
 * For a signed-in shopper with saved addresses: picking one fills the form below (which is then
 * verified and saved with Continue like a typed address). Nothing shows for guests or without any.
 */
export function SavedAddressPicker({ onPick }: { onPick: (address: SavedAddress) => void }) {
  const { data: addresses = [] } = useCartCheckoutSavedAddressesQuery();
  if (addresses.length === 0) return null;
  return (
    <Select
      label="Use a saved address"
      name="savedAddress"
      defaultValue=""
      onChange={(event) => {
        const picked = addresses.find((address) => address.id === event.target.value);
        if (picked) onPick(picked);
      }}
    >
      <option value="">Choose an address…</option>
      {addresses.map((address) => (
        <option key={address.id} value={address.id}>
          {describe(address)}
        </option>
      ))}
    </Select>
  );
}
