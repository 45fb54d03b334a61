import type { ProductDetail, ShellBootConfig, SizeGuideDocument } from '@shop/contracts/browser';
import { type AddToBagHandler, BootConfigProvider, createAppStore, provideAddToBag } from '@shop/platform';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import ProductPage from './product-page';

// Set by webpack's DefinePlugin in a build.
Object.assign(globalThis, { __APP_NAME__: 'catalog', __APP_VERSION__: 'test' });

const usd = (centAmount: number) => ({ centAmount, currencyCode: 'USD' as const, fractionDigits: 2 as const });
const product: ProductDetail = {
  key: 'lace-bra',
  masterStyle: '100',
  name: 'Lace Bra',
  description: 'Soft lace.',
  url: '/p/bras/lace-bra/100-000000-34B',
  categorySlug: 'bras',
  breadcrumb: [{ slug: 'bras', name: 'Bras', path: 'bras' }],
  variants: [
    {
      sku: '100-000000-34B',
      attributes: { size: '34B' },
      price: usd(4200),
      images: [{ url: '/media/p/1.svg', alt: 'Lace Bra' }],
      available: 12,
      inStock: true,
    },
  ],
  retailerLinks: [],
  options: [{ name: 'size', label: 'Size', values: ['34B'] }],
};
const config = {
  brand: { id: 'vanityfair', name: 'Vanity Fair', routing: { homePath: '/', productBasePath: '/p' } },
  flags: {},
  origin: 'https://vanityfair.example',
} as unknown as ShellBootConfig;

/** The product page at the product's address, over a gateway that answers `answers` by path (else 404; tracking 202). */
function mountProductPage(answers: Record<string, () => Response>, at = product.url) {
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url).pathname;
    return answers[path]?.() ?? new Response(null, { status: path === '/api/tracking' ? 202 : 404 });
  }) as typeof fetch;
  render(
    <Provider store={createAppStore()}>
      <BootConfigProvider value={config}>
        <MemoryRouter initialEntries={[at]}>
          <Routes>
            <Route path="/p/:category/:name/:id" element={<ProductPage />} />
          </Routes>
        </MemoryRouter>
      </BootConfigProvider>
    </Provider>,
  );
}

function renderProductPage(shown: ProductDetail = product) {
  mountProductPage({ '/api/products/100-000000-34B': () => Response.json(shown) });
  return screen.findByRole('button', { name: 'Add to bag' });
}

describe('Add to bag on the product page', () => {
  let withdraw: (() => void) | undefined;
  afterEach(() => withdraw?.());

  it('asks the bag (through @shop/platform) for the chosen sku and quantity, and says nothing of its own on success', async () => {
    const handler = jest.fn<ReturnType<AddToBagHandler>, Parameters<AddToBagHandler>>(async () => ({
      ok: true,
      cart: {} as never,
    }));
    withdraw = provideAddToBag(handler);
    const button = await renderProductPage();
    fireEvent.click(screen.getByRole('button', { name: 'One more' }));
    await act(async () => fireEvent.click(button));
    expect(handler).toHaveBeenCalledWith({
      sku: '100-000000-34B',
      quantity: 2,
      inventoryListKey: 'vanityfair-online',
      name: 'Lace Bra',
    });
    expect(screen.queryByText(/^Added/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the bag’s reason inline when the add fails, tied to the button', async () => {
    withdraw = provideAddToBag(async () => ({
      ok: false,
      error: { code: 'INVALID_QUANTITY', message: 'Not added to your bag. Only 1 is available.' },
    }));
    const button = await renderProductPage();
    await act(async () => fireEvent.click(button));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Not added to your bag. Only 1 is available.');
    const describedBy = button.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Not added to your bag. Only 1 is available.');
  });
});

describe('choosing a size', () => {
  const sized = (sku: string, band: string, cents: number, available = 8) => ({
    sku,
    attributes: { color: 'Black', bandSize: band, cupSize: 'B' },
    price: usd(cents),
    images: [{ url: '/media/p/1.svg', alt: 'Lace Bra' }],
    available,
    inStock: available > 0,
  });
  const twoBands: ProductDetail = {
    ...product,
    url: '/p/bras/lace-bra/100',
    variants: [sized('100-000000-32B', '32', 4200), sized('100-000000-36B', '36', 4600)],
    options: [
      { name: 'color', label: 'Colour', values: ['Black'] },
      { name: 'bandSize', label: 'Band', values: ['32', '36'] },
      { name: 'cupSize', label: 'Cup', values: ['B'] },
    ],
  };
  let withdraw: (() => void) | undefined;
  afterEach(() => withdraw?.());

  it('chooses no band for the shopper; Add to bag says which choice is missing and moves focus to it', async () => {
    const handler = jest.fn<ReturnType<AddToBagHandler>, Parameters<AddToBagHandler>>();
    withdraw = provideAddToBag(handler);
    const answer = () => Response.json(twoBands);
    mountProductPage({ '/api/products/100': answer, '/api/products/100-000000-36B': answer }, '/p/bras/lace-bra/100');
    const button = await screen.findByRole('button', { name: 'Add to bag' });
    const band = screen.getByRole('group', { name: /Band/ });
    expect(
      within(band)
        .getAllByRole('radio')
        .filter((r) => (r as HTMLInputElement).checked),
    ).toEqual([]);
    // One cup and one colour: those are not the shopper's to choose.
    expect((screen.getByRole('radio', { name: 'B' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Choose band to see if it is in stock.');
    expect(screen.getAllByText('from')).not.toHaveLength(0);

    await act(async () => fireEvent.click(button));
    expect(handler).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Choose a band first.');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '32' }));
    expect(document.getElementById(band.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Choose a band first.',
    );

    await act(async () => fireEvent.click(screen.getByRole('radio', { name: '36' })));
    await screen.findByText('In stock');
    expect(screen.queryByRole('alert')).toBeNull();
    handler.mockResolvedValue({ ok: true, cart: {} as never });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add to bag' })));
    expect(handler).toHaveBeenCalledWith(expect.objectContaining({ sku: '100-000000-36B', quantity: 1 }));
  });
});

describe('the size guide', () => {
  afterEach(cleanup);
  const braGuide: SizeGuideDocument = {
    type: 'size-guide',
    slug: 'bras',
    title: 'Bra size guide',
    description: 'Bras by band and bust.',
    order: 1,
    measuring: { title: 'How to measure', steps: ['Band: snug under the bust.'] },
    tables: [
      {
        id: 'bras',
        caption: 'Bra sizes by band',
        columns: [
          { key: 'size', label: 'Band' },
          { key: 'under', label: 'Under bust', unit: 'in' },
        ],
        rows: [
          { size: '34', under: [29, 30] },
          { size: '36', under: [31, 32] },
        ],
      },
    ],
  };
  const withGuide = { ...product, sizeGuide: { slug: 'bras', title: 'Bra size guide' } };

  it("is a link to the guide's own page (a new tab, no scripts), absent when the product has none", async () => {
    await renderProductPage(withGuide);
    expect(screen.getByRole('link', { name: 'Size guide' }).getAttribute('href')).toBe('/size-guide/bras');
    cleanup();
    await renderProductPage();
    expect(screen.queryByRole('link', { name: 'Size guide' })).toBeNull();
  });

  it('opens over the product page on a click, keeps the address, and gives focus back when closed', async () => {
    mountProductPage({
      '/api/products/100-000000-34B': () => Response.json(withGuide),
      '/api/content/size-guide/bras': () => Response.json(braGuide),
    });
    const link = await screen.findByRole('link', { name: 'Size guide' });
    link.focus();
    fireEvent.click(link);
    const dialog = await screen.findByRole('dialog', { name: 'Bra size guide' });
    const table = await within(dialog).findByRole('table', { name: 'Bra sizes by band' });
    expect(within(table).getByRole('columnheader', { name: 'Under bust (in)' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Centimetres' }));
    expect(within(table).getByRole('columnheader', { name: 'Under bust (cm)' })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'How to measure, and the whole guide' }).getAttribute('href')).toBe(
      '/size-guide/bras',
    );
    // Still the product page under it, its button in place.
    expect(screen.getByRole('button', { name: 'Add to bag' })).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(link);
  });

  it('leaves a click for a new tab to the browser', async () => {
    await renderProductPage(withGuide);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    screen.getByRole('link', { name: 'Size guide' }).dispatchEvent(click);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('a product withdrawn from sale', () => {
  afterEach(cleanup);

  it('says it is no longer available and leads to its category and to search, with no add to bag', async () => {
    const withdrawn = { error: { code: 'PRODUCT_WITHDRAWN', message: 'No longer sold.', correlationId: 'c' } };
    const tree = { categories: [{ key: 'bras', slug: 'bras', name: 'Bras', path: 'bras', children: [] }] };
    mountProductPage({
      '/api/products/100-000000-34B': () => Response.json(withdrawn, { status: 410 }),
      '/api/categories': () => Response.json(tree),
    });
    expect(await screen.findByRole('heading', { name: 'This product is no longer available' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Shop Bras' })).getAttribute('href')).toBe('/c/bras');
    expect(screen.getByRole('link', { name: 'Search the shop' }).getAttribute('href')).toBe('/c?q=');
    expect(screen.queryByRole('button', { name: 'Add to bag' })).toBeNull();
  });
});
