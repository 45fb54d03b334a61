import type { ShellBootConfig } from '@shop/contracts/browser';
import { BootConfigProvider, createAppStore } from '@shop/platform';
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { EmptyState } from './empty-state';

const config = {
  brand: { id: 'vanityfair', name: 'Vanity Fair' },
  flags: {},
  chrome: { nav: { links: [{ label: 'Bras', href: '/c/bras' }] } },
} as unknown as ShellBootConfig;

function show(props: { query?: string; filtered?: boolean }) {
  global.fetch = jest.fn(async () => Response.json({ categories: [], products: [] })) as typeof fetch;
  render(
    <Provider store={createAppStore()}>
      <BootConfigProvider value={config}>
        <MemoryRouter>
          <EmptyState {...props} />
        </MemoryRouter>
      </BootConfigProvider>
    </Provider>,
  );
}

describe('an empty listing', () => {
  it('suggests removing a filter only when one is applied', async () => {
    show({ filtered: true });
    expect(screen.getByText('Try removing a filter, or look at one of these:')).toBeTruthy();
  });

  it('gives a search with no filter advice about the search, not about filters', async () => {
    show({ query: 'zzzz' });
    expect(await screen.findByText(/^Check the spelling/)).toBeTruthy();
    expect(screen.queryByText(/filter/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Bras' })).toBeTruthy();
  });
});
