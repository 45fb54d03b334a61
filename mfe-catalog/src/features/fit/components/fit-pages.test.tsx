import type {
  FitFinderDocument,
  ShellBootConfig,
  SizeGuideDocument,
  SizeGuideListDocument,
} from '@shop/contracts/browser';
import { BootConfigProvider, createAppStore } from '@shop/platform';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { basketballs, bras, pants, rimHeight, topsTable, tops } from '../fit-fixtures';
import FindYourFitPage from './find-your-fit-page';
import SizeGuideIndexPage from './size-guide-index-page';
import SizeGuidePage from './size-guide-page';

// Set by webpack's DefinePlugin in a build.
Object.assign(globalThis, { __APP_NAME__: 'catalog', __APP_VERSION__: 'test' });

const config = {
  brand: { id: 'hoopcraft', name: 'Hoopcraft', routing: { homePath: '/', productBasePath: '/p' } },
  flags: {},
  origin: 'https://hoopcraft.example',
} as unknown as ShellBootConfig;

const finderDocument: FitFinderDocument = { type: 'fit-finder', finders: [basketballs, rimHeight, tops, pants] };
const topsGuide: SizeGuideDocument = {
  type: 'size-guide',
  slug: 'tops',
  title: 'Tops size guide',
  description: 'Tops by chest and waist.',
  order: 1,
  aliases: ['jerseys'],
  measuring: { title: 'How to measure for tops', steps: ['Chest: around the fullest part.', 'Waist: at the navel.'] },
  tables: [topsTable],
  finders: [tops],
};
const guides: SizeGuideListDocument = {
  type: 'size-guide-list',
  guides: [
    { slug: 'basketballs', title: 'Basketball size guide', description: 'Sizes 5, 6 and 7 by age.' },
    { slug: 'tops', title: 'Tops size guide', description: 'Tops by chest and waist.' },
  ],
  fitFinder: true,
};

let requested: string[] = [];
function serve(answers: Record<string, unknown>) {
  requested = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url).pathname;
    requested.push(path);
    return Object.hasOwn(answers, path) ? Response.json(answers[path]) : new Response(null, { status: 404 });
  }) as typeof fetch;
}

function Where() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

function renderAt(url: string) {
  render(
    <Provider store={createAppStore()}>
      <BootConfigProvider value={config}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/find-your-fit" element={<FindYourFitPage />} />
            <Route path="/size-guide" element={<SizeGuideIndexPage />} />
            <Route path="/size-guide/:item" element={<SizeGuidePage />} />
            <Route path="*" element={null} />
          </Routes>
          <Where />
        </MemoryRouter>
      </BootConfigProvider>
    </Provider>,
  );
}
const location = () => screen.getByTestId('location').textContent;
/** The finder's answer region, once the finder has loaded (before, the only status is the loading one). */
const answerRegion = async () => {
  await screen.findByRole('button', { name: 'Find my size' });
  return screen.getByRole('status');
};

describe('find your fit', () => {
  beforeEach(() => serve({ '/api/content/fit-finder': finderDocument }));

  it("offers the brand's own kinds, the first chosen, and sizes a ball by the player's age", async () => {
    renderAt('/find-your-fit');
    const kinds = await screen.findByRole('navigation', { name: 'What are you sizing?' });
    expect(
      within(kinds)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Basketball', 'Rim height', "Men's tops", "Men's pants"]);
    expect(within(kinds).getByRole('link', { name: 'Basketball' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('group', { name: 'Units' })).toBeNull();
    fireEvent.change(screen.getByLabelText("Player's age"), { target: { value: '13' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Find my size' })));
    expect(location()).toBe('/find-your-fit?kind=basketballs&age=13');
    const answer = screen.getByRole('status');
    expect(answer.textContent).toContain('Your ball size is 6.');
    expect(answer.textContent).toContain('Girls and women play with a size 6');
    expect(within(answer).getByRole('link', { name: 'Shop size 6 basketballs' }).getAttribute('href')).toBe(
      '/c/basketballs?size=6',
    );
    expect(within(answer).getByRole('link', { name: 'See the basketball size guide' }).getAttribute('href')).toBe(
      '/size-guide/basketballs',
    );
  });

  it('renders the result from the URL, so it needs no script (and arrives server-rendered)', async () => {
    renderAt('/find-your-fit?kind=mens-tops&unit=cm&chest=99&waist=84');
    const answer = await answerRegion();
    expect(answer.textContent).toContain('Your size is M.');
    expect(screen.getByRole('radio', { name: 'Centimetres' })).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Chest')).toHaveProperty('value', '99');
    expect(screen.getByRole('form', { name: "Men's tops" }).getAttribute('method')).toBe('get');
  });

  it('says when the shopper is between sizes, and links to both', async () => {
    renderAt('/find-your-fit?kind=mens-pants&waist=32&inseam=30.5');
    const answer = await answerRegion();
    expect(answer.textContent).toContain('You’re between 32x30 and 32x32');
    expect(
      within(answer)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/c/men/men-pants?size=32x32', '/c/men/men-pants?size=32x30', '/size-guide/bottoms']);
  });

  it('says when a measurement is outside the sizes carried, without a shop link', async () => {
    renderAt('/find-your-fit?kind=basketballs&age=6');
    const answer = await answerRegion();
    expect(answer.textContent).toBe("Players under 9 use a size 4 or smaller ball, which we don't sell.");
    expect(within(answer).queryByRole('link')).toBeNull();
  });

  it('is a page the brand does not have when its content holds no finder', async () => {
    serve({});
    renderAt('/find-your-fit');
    await screen.findByRole('heading', { level: 1, name: 'We can’t find that page' });
    expect(document.title).toBe('We can’t find that page | Hoopcraft');
  });

  it('sizes a bra by band and cup on the lingerie brand', async () => {
    serve({ '/api/content/fit-finder': { type: 'fit-finder', finders: [bras] } });
    renderAt('/find-your-fit?kind=bras&underbust=33&bust=37');
    const answer = await answerRegion();
    expect(answer.textContent).toContain('Your size is 34C.');
    expect(screen.queryByRole('navigation', { name: 'What are you sizing?' })).toBeNull();
    expect(within(answer).getByRole('link', { name: 'Shop bras in 34C' }).getAttribute('href')).toBe(
      '/c/bras?bandSize=34&cupSize=C',
    );
  });
});

describe('size guides', () => {
  beforeEach(() =>
    serve({
      '/api/content/size-guide/tops': topsGuide,
      '/api/content/size-guide/jerseys': topsGuide,
      '/api/content/size-guides': guides,
    }),
  );

  it('is a real page: heading, title, a captioned table with header cells, and how to measure', async () => {
    renderAt('/size-guide/tops');
    await screen.findByRole('heading', { level: 1, name: 'Tops size guide' });
    expect(document.title).toBe('Tops size guide | Hoopcraft');
    const table = screen.getByRole('table', { name: "Men's tees by chest and waist" });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Size', 'Chest (in)', 'Waist (in)']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['XS', 'S', 'M', 'L']);
    expect(within(table).getByRole('row', { name: /^M / }).textContent).toBe('M38–4032–34');
    const measuring = screen.getByRole('region', { name: 'How to measure for tops' });
    expect(within(measuring).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('link', { name: "Find your size: men's tops" }).getAttribute('href')).toBe(
      '/find-your-fit?kind=mens-tops',
    );
  });

  it('switches the tables to centimetres and keeps the choice in the URL', async () => {
    renderAt('/size-guide/tops');
    await screen.findByRole('table');
    await act(async () => fireEvent.click(screen.getByRole('radio', { name: 'Centimetres' })));
    expect(location()).toBe('/size-guide/tops?unit=cm');
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader')[1].textContent).toBe('Chest (cm)');
    expect(within(table).getByRole('row', { name: /^M / }).textContent).toBe('M97–10281–86');
  });

  it('opens a guide by an alias, naming its own address as canonical', async () => {
    renderAt('/size-guide/jerseys');
    await screen.findByRole('heading', { level: 1, name: 'Tops size guide' });
    expect(document.head.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe(
      'https://hoopcraft.example/size-guide/tops',
    );
  });

  it('is not found for a guide the brand does not have, and asks nothing for a malformed one', async () => {
    renderAt('/size-guide/bras');
    await screen.findByRole('heading', { level: 1, name: 'We can’t find that size guide' });
    expect(screen.queryByRole('table')).toBeNull();
    serve({});
    renderAt('/size-guide/..%2Fsecrets');
    expect(screen.getAllByRole('heading', { level: 1, name: 'We can’t find that size guide' })).toHaveLength(2);
    expect(requested).toEqual([]);
  });

  it("lists only the brand's guides, with the fit finder", async () => {
    renderAt('/size-guide');
    const list = await screen.findByRole('list');
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Basketball size guide', '/size-guide/basketballs'],
      ['Tops size guide', '/size-guide/tops'],
    ]);
    expect(screen.getByRole('link', { name: 'Find your fit' }).getAttribute('href')).toBe('/find-your-fit');
    expect(document.title).toBe('Size guides | Hoopcraft');
  });
});
