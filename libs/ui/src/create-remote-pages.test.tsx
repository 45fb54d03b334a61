import { render, screen } from '@testing-library/react';
import { createRemotePages } from './create-remote-pages';
import { titleFromSlug } from './slug';

describe('createRemotePages', () => {
  it('renders the page the shell asks for, with its id and variant', () => {
    const Pages = createRemotePages('test', {
      cart: ({ page, variant }) => <h1>{`${page} as ${variant}`}</h1>,
    });
    render(<Pages page="cart" variant="modal" />);
    expect(screen.getByRole('heading').textContent).toBe('cart as modal');
  });

  it('throws for a page it does not own, so the shell shows its contained fallback', () => {
    const Pages = createRemotePages('test', {});
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Pages page="toString" />)).toThrow('The test remote has no page "toString"');
  });
});

describe('titleFromSlug', () => {
  it('turns URL segments into headings', () => {
    expect(titleFromSlug('camis-slips')).toBe('Camis Slips');
    expect(titleFromSlug('')).toBe('');
  });
});
