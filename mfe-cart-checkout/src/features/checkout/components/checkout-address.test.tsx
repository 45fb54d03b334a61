import type { CheckoutAddress } from '@shop/contracts/browser';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { usd } from '../../../testing/cart-fixtures';
import { assertive, checkoutGateway, section, typeInto } from '../../../testing/checkout-gateway';
import { bag, checkoutOf, home } from '../../../testing/checkout-fixtures';
import { errorBody } from '../../../testing/fake-gateway';
import { renderInShop } from '../../../testing/render';
import CheckoutPage from './checkout-page';

beforeEach(() => sessionStorage.clear());

const entered: CheckoutAddress = {
  firstName: 'Ann',
  lastName: 'Lee',
  streetName: '123 main street',
  city: 'New York',
  state: 'NY',
  postalCode: '10001',
  country: 'US',
};

async function fillShipping(address: CheckoutAddress = entered) {
  const shipping = await screen.findByRole('region', { name: 'Shipping address' });
  typeInto(shipping, 'First name', address.firstName);
  typeInto(shipping, 'Last name', address.lastName);
  typeInto(shipping, 'Street address', address.streetName);
  typeInto(shipping, 'City', address.city);
  typeInto(shipping, 'State', address.state);
  typeInto(shipping, 'ZIP code', address.postalCode);
  return shipping;
}

const withAddress = (address: CheckoutAddress) =>
  checkoutOf(bag, {
    shippingAddress: address,
    shippingMethod: 'standard-ground',
    totals: { subtotal: usd(5000), discount: usd(0), shipping: usd(599), total: usd(5599) },
  });

describe('the shipping address', () => {
  it('offers every US state in a select', async () => {
    checkoutGateway(checkoutOf(bag));
    renderInShop(<CheckoutPage />, { url: '/checkout' });
    const shipping = await screen.findByRole('region', { name: 'Shipping address' });
    const state = within(shipping).getByRole('combobox', { name: /State/ });
    const options = within(state).getAllByRole('option');
    expect(options).toHaveLength(1 + 59);
    expect(options.find((o) => o.textContent === 'New York')?.getAttribute('value')).toBe('NY');
  });

  it('names each missing field, moves focus to the first and says how many need attention', async () => {
    const gateway = checkoutGateway(checkoutOf(bag));
    renderInShop(<CheckoutPage />, { url: '/checkout' });
    const shipping = await screen.findByRole('region', { name: 'Shipping address' });
    typeInto(shipping, 'Last name', 'Lee');
    typeInto(shipping, 'ZIP code', '1001');
    fireEvent.click(within(shipping).getByRole('button', { name: 'Continue' }));
    const first = within(shipping).getByRole('textbox', { name: /First name/ });
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('shipping-firstName-error')?.textContent).toBe('Enter a first name.');
    expect(first.getAttribute('aria-describedby')).toContain('shipping-firstName-error');
    expect(document.getElementById('shipping-postalCode-error')?.textContent).toBe(
      'Enter a 5-digit ZIP code, like 10001.',
    );
    expect(
      within(shipping)
        .getByRole('textbox', { name: /Last name/ })
        .getAttribute('aria-invalid'),
    ).toBeNull();
    await waitFor(() => expect(assertive().textContent).toBe('5 fields need your attention.'));
    expect(gateway.writes()).toEqual([]);
  });

  it('saves the address, then asks for the tax, and moves on to the shipping method', async () => {
    const saved = withAddress({ ...entered, streetName: '123 MAIN ST', city: 'NEW YORK' });
    const taxed = checkoutOf(bag, {
      ...saved.checkout,
      totals: { subtotal: usd(5000), discount: usd(0), shipping: usd(599), tax: usd(444), total: usd(6043) },
    });
    const routes = checkoutGateway(checkoutOf(bag), {
      'POST /api/cart': () => ({ status: 200, body: saved }),
      'POST /api/cart/taxes': () => ({ status: 200, body: taxed }),
    });
    renderInShop(<CheckoutPage />, { url: '/checkout' });
    const shipping = await fillShipping();
    typeInto(shipping, 'Apartment', ' ');
    fireEvent.click(within(shipping).getByRole('button', { name: 'Continue' }));
    await within(shipping).findByText('123 MAIN ST');
    expect(routes.to('POST /api/cart')[0].body).toEqual({ shippingAddress: entered });
    await waitFor(() => expect(routes.to('POST /api/cart/taxes')).toHaveLength(1));
    expect(routes.to('POST /api/cart/taxes')[0].body).toEqual({});
    const review = section('Review your order');
    await waitFor(() => expect(review.querySelector('[data-amount="tax"]')?.textContent).toBe('$4.44'));
    expect(review.querySelector('[data-amount="total"]')?.textContent).toBe('$60.43');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Shipping method' }));
  });

  it('offers the verification’s suggestion: "Use suggested address" sends it as accepted', async () => {
    const suggestion = { ...entered, streetName: '123 MAIN ST', city: 'NEW YORK' };
    const answers = [
      {
        status: 422,
        body: {
          error: {
            ...errorBody('ADDRESS_SUGGESTION', 'The postal service writes this address differently.').error,
            verification: { address: 'shippingAddress', suggestion },
          },
        },
      },
      { status: 200, body: withAddress(suggestion) },
    ];
    const gateway = checkoutGateway(checkoutOf(bag), {
      'POST /api/cart': () => answers.shift()!,
      'POST /api/cart/taxes': { status: 200, body: withAddress(suggestion) },
    });
    renderInShop(<CheckoutPage />, { url: '/checkout' });
    const shipping = await fillShipping();
    fireEvent.click(within(shipping).getByRole('button', { name: 'Continue' }));
    const offer = await within(shipping).findByRole('group', { name: 'Check your address' });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(offer).getByRole('heading', { name: 'Check your address' })),
    );
    expect(within(offer).getByText('The postal service writes this address differently.')).toBeTruthy();
    expect(within(offer).getByText('123 main street')).toBeTruthy();
    expect(within(offer).getByText('123 MAIN ST')).toBeTruthy();
    fireEvent.click(within(offer).getByRole('button', { name: 'Use suggested address' }));
    await within(shipping).findByRole('button', { name: 'Change shipping address' });
    expect(gateway.to('POST /api/cart').map((r) => r.body)).toEqual([
      { shippingAddress: entered },
      { shippingAddress: suggestion, verification: { shippingAddress: 'accepted' } },
    ]);
  });

  it('keeps what was entered on request ("Keep what I entered" sends it as kept)', async () => {
    const suggestion = { ...entered, streetName: '123 MAIN ST' };
    const answers = [
      {
        status: 422,
        body: {
          error: {
            ...errorBody('ADDRESS_SUGGESTION', 'Check your address.').error,
            verification: { address: 'shippingAddress', suggestion },
          },
        },
      },
      { status: 200, body: withAddress(entered) },
    ];
    const gateway = checkoutGateway(checkoutOf(bag), {
      'POST /api/cart': () => answers.shift()!,
      'POST /api/cart/taxes': { status: 200, body: withAddress(entered) },
    });
    renderInShop(<CheckoutPage />, { url: '/checkout' });
    const shipping = await fillShipping();
    fireEvent.click(within(shipping).getByRole('button', { name: 'Continue' }));
    const offer = await within(shipping).findByRole('group', { name: 'Check your address' });
    fireEvent.click(within(offer).getByRole('button', { name: 'Keep what I entered' }));
    await within(shipping).findByRole('button', { name: 'Change shipping address' });
    expect(gateway.to('POST /api/cart')[1].body).toEqual({
      shippingAddress: entered,
      verification: { shippingAddress: 'kept' },
    });
  });

  it('marks the fields of an invalid address and offers the suggestion without keeping the wrong one', async () => {
    const suggestion = { ...entered, postalCode: '10001', city: 'NEW YORK' };
    const gateway = checkoutGateway(checkoutOf(bag), {
      'POST /api/cart': {
        status: 400,
        body: {
          error: {
            ...errorBody('ADDRESS_INVALID', 'This ZIP code is not in New York.').error,
            fields: { 'shippingAddress.postalCode': 'The ZIP code 90210 is in California, not New York.' },
            verification: { address: 'shippingAddress', suggestion },
          },
        },
      },
    });
    renderInShop(<CheckoutPage />, { url: '/checkout' });
    const shipping = await fillShipping({ ...entered, postalCode: '90210' });
    fireEvent.click(within(shipping).getByRole('button', { name: 'Continue' }));
    const zip = within(shipping).getByRole('textbox', { name: /ZIP code/ });
    await waitFor(() => expect(document.activeElement).toBe(zip));
    expect(zip.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('shipping-postalCode-error')?.textContent).toBe(
      'The ZIP code 90210 is in California, not New York.',
    );
    expect(within(shipping).getByText('This ZIP code is not in New York.')).toBeTruthy();
    const offer = within(shipping).getByRole('group', { name: 'Did you mean this address?' });
    expect(within(offer).getByRole('button', { name: 'Use suggested address' })).toBeTruthy();
    expect(within(offer).queryByRole('button', { name: 'Keep what I entered' })).toBeNull();
    await waitFor(() => expect(assertive().textContent).toBe('This ZIP code is not in New York.'));
    expect(gateway.to('POST /api/cart')).toHaveLength(1);
  });

  it('marks a wrong ZIP the service has no suggestion for on the ZIP field, offering no address (issue 29)', async () => {
    const message = 'ZIP code 90210 is in CA, not NY.';
    const gateway = checkoutGateway(checkoutOf(bag), {
      'POST /api/cart': {
        status: 400,
        body: {
          error: {
            ...errorBody('ADDRESS_INVALID', `Check the shipping address: ${message}`).error,
            fields: { 'shippingAddress.postalCode': message },
            verification: { address: 'shippingAddress' },
          },
        },
      },
    });
    renderInShop(<CheckoutPage />, { url: '/checkout' });
    const shipping = await fillShipping({ ...entered, streetName: '123 Main St', postalCode: '90210' });
    fireEvent.click(within(shipping).getByRole('button', { name: 'Continue' }));
    const zip = within(shipping).getByRole('textbox', { name: /ZIP code/ });
    await waitFor(() => expect(document.activeElement).toBe(zip));
    expect(zip.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById('shipping-postalCode-error');
    expect(error?.textContent).toBe(message);
    expect(zip.getAttribute('aria-describedby')?.split(' ')).toContain('shipping-postalCode-error');
    // Only the ZIP is marked; what was typed stays for the shopper to correct.
    expect(
      within(shipping)
        .getByRole('textbox', { name: /Street address/ })
        .getAttribute('aria-invalid'),
    ).toBeNull();
    expect((zip as HTMLInputElement).value).toBe('90210');
    expect(within(shipping).queryByRole('group', { name: 'Did you mean this address?' })).toBeNull();
    expect(within(shipping).queryByRole('button', { name: 'Use suggested address' })).toBeNull();
    expect(within(shipping).queryByText('Suggested')).toBeNull();
    await waitFor(() => expect(assertive().textContent).toBe(`Check the shipping address: ${message}`));
    expect(gateway.to('POST /api/cart')).toHaveLength(1);
  });

  it('offers no suggestion the form could not send (one without a street)', async () => {
    checkoutGateway(checkoutOf(bag), {
      'POST /api/cart': {
        status: 400,
        body: {
          error: {
            ...errorBody('ADDRESS_INVALID', 'Check the shipping address.').error,
            fields: { 'shippingAddress.postalCode': 'Wrong ZIP code.' },
            verification: {
              address: 'shippingAddress',
              suggestion: { ...entered, streetName: '', postalCode: '10118' },
            },
          },
        },
      },
    });
    renderInShop(<CheckoutPage />, { url: '/checkout' });
    const shipping = await fillShipping({ ...entered, postalCode: '90210' });
    fireEvent.click(within(shipping).getByRole('button', { name: 'Continue' }));
    const zip = within(shipping).getByRole('textbox', { name: /ZIP code/ });
    await waitFor(() => expect(zip.getAttribute('aria-invalid')).toBe('true'));
    expect(within(shipping).queryByRole('button', { name: 'Use suggested address' })).toBeNull();
  });
});

describe('the billing address', () => {
  it('is the shipping address by default; unchecking asks for one and saves it', async () => {
    const billing = { ...home, firstName: 'Bo', streetName: '9 ELM ST', postalCode: '10002' };
    const base = withAddress(home);
    const gateway = checkoutGateway(base, {
      'POST /api/cart': (request) => ({
        status: 200,
        body: checkoutOf(bag, {
          ...base.checkout,
          billingSameAsShipping: false,
          billingAddress: (request.body as { billingAddress: CheckoutAddress }).billingAddress,
        }),
      }),
      'POST /api/cart/taxes': { status: 200, body: base },
    });
    renderInShop(<CheckoutPage />, { url: '/checkout' });
    const region = await screen.findByRole('region', { name: 'Billing address' });
    const same = within(region).getByRole('checkbox', { name: 'Same as shipping address' }) as HTMLInputElement;
    expect(same.checked).toBe(true);
    fireEvent.click(same);
    expect(same.checked).toBe(false);
    // The customer's names come from the shipping address.
    expect((within(region).getByRole('textbox', { name: /First name/ }) as HTMLInputElement).value).toBe('Ann');
    typeInto(region, 'First name', 'Bo');
    typeInto(region, 'Street address', '9 ELM ST');
    typeInto(region, 'City', 'NEW YORK');
    typeInto(region, 'State', 'NY');
    typeInto(region, 'ZIP code', '10002');
    fireEvent.click(within(region).getByRole('button', { name: 'Save billing address' }));
    await within(region).findByRole('button', { name: 'Change billing address' });
    expect(gateway.to('POST /api/cart').map((r) => r.body)).toEqual([{ billingAddress: billing }]);
  });

  it('goes back to billing the shipping address when the box is checked again', async () => {
    const other = checkoutOf(bag, {
      ...withAddress(home).checkout,
      billingSameAsShipping: false,
      billingAddress: { ...home, streetName: '9 ELM ST' },
      totals: { subtotal: usd(5000), discount: usd(0), shipping: usd(599), tax: usd(444), total: usd(6043) },
    });
    const gateway = checkoutGateway(other, {
      'POST /api/cart': {
        status: 200,
        body: { ...other, checkout: { ...other.checkout, billingSameAsShipping: true } },
      },
    });
    renderInShop(<CheckoutPage />, { url: '/checkout' });
    const region = await screen.findByRole('region', { name: 'Billing address' });
    expect(within(region).getByText('9 ELM ST')).toBeTruthy();
    fireEvent.click(within(region).getByRole('checkbox', { name: 'Same as shipping address' }));
    await waitFor(() =>
      expect(gateway.to('POST /api/cart').map((r) => r.body)).toEqual([{ billingAddress: 'sameAsShipping' }]),
    );
  });
});
