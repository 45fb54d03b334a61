import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import MiniCart from './mini-cart';

describe('mini cart', () => {
  it('takes the shopper to the bag from the header slot', () => {
    render(
      <MemoryRouter>
        <MiniCart />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Bag' });
    expect(link.getAttribute('href')).toBe('/cart');
    // Browser tests find the remote's header slot by this marker.
    expect(link.getAttribute('data-remote-slot')).toBe('mini-cart');
  });
});
