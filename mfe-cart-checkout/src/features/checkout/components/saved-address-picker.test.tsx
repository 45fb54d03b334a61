import type { SavedAddress } from '@shop/contracts/browser';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { checkoutGateway } from '../../../testing/checkout-gateway';
import { bag, checkoutOf } from '../../../testing/checkout-fixtures';
import { renderInShop } from '../../../testing/render';
import CheckoutPage from './checkout-page';

beforeEach(() => sessionStorage.clear());

const office: SavedAddress = {
  id: 'addr-1',
  firstName: 'Ann',
  lastName: 'Lee',
  streetName: '5 Office Park',
  additionalStreetInfo: 'Suite 200',
  city: 'Albany',
  state: 'NY',
  postalCode: '12207',
  country: 'US',
};
const signedIn = checkoutOf(bag, {
  signedIn: true,
  customer: { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' },
});

describe('saved addresses in the shipping address step', () => {
  it('fills the form with the saved address a signed-in shopper picks', async () => {
    checkoutGateway(signedIn, { 'GET /api/account/addresses': { status: 200, body: [office] } });
    renderInShop(<CheckoutPage />, { url: '/checkout' });
    const shipping = await screen.findByRole('region', { name: 'Shipping address' });
    const picker = await within(shipping).findByRole('combobox', { name: 'Use a saved address' });
    fireEvent.change(picker, { target: { value: 'addr-1' } });
    const value = (label: RegExp) =>
      (within(shipping).getByLabelText(label, { selector: 'input, select' }) as HTMLInputElement).value;
    expect(value(/Street address/)).toBe('5 Office Park');
    expect(value(/Apartment/)).toBe('Suite 200');
    expect(value(/City/)).toBe('Albany');
    expect(value(/^State/)).toBe('NY');
    expect(value(/ZIP code/)).toBe('12207');
  });

  it('offers nothing to a guest, and asks the gateway for nothing', async () => {
    const gateway = checkoutGateway(checkoutOf(bag));
    renderInShop(<CheckoutPage />, { url: '/checkout' });
    const shipping = await screen.findByRole('region', { name: 'Shipping address' });
    expect(within(shipping).queryByRole('combobox', { name: 'Use a saved address' })).toBeNull();
    expect(gateway.to('GET /api/account/addresses')).toEqual([]);
  });

  it('offers nothing to a signed-in shopper without saved addresses', async () => {
    const gateway = checkoutGateway(signedIn, { 'GET /api/account/addresses': { status: 200, body: [] } });
    renderInShop(<CheckoutPage />, { url: '/checkout' });
    const shipping = await screen.findByRole('region', { name: 'Shipping address' });
    await waitFor(() => expect(gateway.to('GET /api/account/addresses')).toHaveLength(1));
    expect(within(shipping).queryByRole('combobox', { name: 'Use a saved address' })).toBeNull();
  });
});
