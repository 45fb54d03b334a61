import type { ProductSummary } from '@shop/contracts/browser';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ProductCard } from './product-card';

const usd = (centAmount: number) => ({ centAmount, currencyCode: 'USD' as const, fractionDigits: 2 as const });
const COLOURS = [
  ['Blush', 'f4c2c2'],
  ['Black', '111111'],
  ['Ivory', 'f6f1e1'],
  ['Teal', '2a9d8f'],
  ['Mocha', '8b5e3c'],
  ['Royal', '2a52be'],
  ['Crimson', 'b3001b'],
];
const cardOf = (colours: number): ProductSummary => {
  const swatches = COLOURS.slice(0, colours).map(([name, hex]) => ({
    name,
    hex: `#${hex}`,
    image: `/media/bra/${hex}-front.svg`,
    url: `/p/bras/lace-bra/VF10001-${hex.toUpperCase()}-34B`,
  }));
  return {
    key: 'vf10001',
    masterStyle: 'VF10001',
    name: 'Lace Bra',
    url: '/p/bras/lace-bra/VF10001',
    image: { url: swatches[0].image, alt: 'Lace Bra in Blush, front' },
    price: usd(4200),
    colors: swatches.map((s) => ({ name: s.name, family: 'x' })),
    swatches,
  };
};
const renderCard = (product: ProductSummary) =>
  render(
    <MemoryRouter>
      <ul>
        <ProductCard product={product} />
      </ul>
    </MemoryRouter>,
  );
const cardImage = () => screen.getByRole('link').querySelector('img') as HTMLImageElement;

describe('a listing card’s colour swatches', () => {
  it('names each colour, marks the one shown, and shows another colour when a swatch is pointed at or focused', () => {
    renderCard(cardOf(3));
    const list = screen.getByRole('list', { name: 'Colours of Lace Bra' });
    const swatches = within(list).getAllByRole('button');
    expect(swatches.map((s) => s.getAttribute('aria-label'))).toEqual(['Blush', 'Black', 'Ivory']);
    expect(swatches.map((s) => s.getAttribute('aria-pressed'))).toEqual(['true', 'false', 'false']);
    expect(cardImage().getAttribute('src')).toBe('/media/bra/f4c2c2-front.svg');
    expect(screen.getByRole('link').getAttribute('href')).toBe('/p/bras/lace-bra/VF10001');

    fireEvent.pointerEnter(swatches[1]);
    expect(cardImage().getAttribute('src')).toBe('/media/bra/111111-front.svg');
    expect(screen.getByRole('link').getAttribute('href')).toBe('/p/bras/lace-bra/VF10001-111111-34B');
    expect(swatches.map((s) => s.getAttribute('aria-pressed'))).toEqual(['false', 'true', 'false']);

    fireEvent.focus(swatches[2]);
    expect(cardImage().getAttribute('src')).toBe('/media/bra/f6f1e1-front.svg');
    // The picture keeps its box: the same size whichever colour it shows.
    expect([cardImage().getAttribute('width'), cardImage().getAttribute('height')]).toEqual(['300', '400']);
  });

  it('shows five swatches and sums up the rest, and marks what a narrow card leaves out', () => {
    renderCard(cardOf(7));
    const list = screen.getByRole('list', { name: 'Colours of Lace Bra' });
    const buttons = within(list).getAllByRole('button');
    expect(buttons).toHaveLength(5);
    // A narrow card's CSS hides the last two swatches and the wide "+2", and shows "+4" instead.
    expect(buttons.map((b) => b.closest('li')?.className ?? '')).toEqual([
      '',
      '',
      '',
      'swatches__wide-only',
      'swatches__wide-only',
    ]);
    expect(within(list).getByText('+2').textContent).toBe('+2 more colours');
    expect(within(list).getByText('+2').className).toContain('swatches__more--wide');
    expect(within(list).getByText('+4').className).toContain('swatches__more--narrow');
  });

  it('shows no swatches for a product in one colour', () => {
    renderCard(cardOf(1));
    expect(screen.queryByRole('list', { name: /^Colours/ })).toBeNull();
  });
});
