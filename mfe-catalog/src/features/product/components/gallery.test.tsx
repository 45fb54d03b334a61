import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Gallery, type GalleryImage } from './gallery';

const picturesOf = (colour: string, hex: string): GalleryImage[] =>
  ['front', 'back', 'close-up'].map((view, i) => ({
    url: `/media/basketball/${hex}-${['front', 'back', 'detail'][i]}.svg`,
    alt: `Pro Indoor Basketball in ${colour}, ${view}`,
  }));
const orange = picturesOf('Court Orange', 'e76f00');
const black = picturesOf('Black', '111111');

const main = () => screen.getByRole('button', { name: /^Enlarge/ });
const mainImage = () => within(main()).getByRole('img');
const thumb = (view: string) => screen.getByRole('button', { name: new RegExp(`^Show .*, ${view}$`) });

describe('the product gallery', () => {
  it('shows the first picture large and at once, in a fixed 3:4 box, with a thumbnail per picture', () => {
    render(<Gallery images={orange} name="Pro Indoor Basketball" />);
    const image = mainImage();
    expect(image.getAttribute('src')).toBe(orange[0].url);
    expect(image.getAttribute('alt')).toBe('Pro Indoor Basketball in Court Orange, front');
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['600', '800']);
    expect(image.getAttribute('loading')).toBeNull();
    const thumbs = within(screen.getByRole('list', { name: 'Pictures' })).getAllByRole('button');
    expect(thumbs.map((t) => t.getAttribute('aria-label'))).toEqual(orange.map((p) => `Show ${p.alt}`));
    expect(thumbs.map((t) => t.getAttribute('aria-current'))).toEqual(['true', null, null]);
    for (const img of screen.getByRole('list', { name: 'Pictures' }).querySelectorAll('img'))
      expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['75', '100']);
  });

  it('shows the picture of the thumbnail pressed, and moves between thumbnails with the arrow keys', () => {
    render(<Gallery images={orange} name="Pro Indoor Basketball" />);
    fireEvent.click(thumb('back'));
    expect(mainImage().getAttribute('src')).toBe(orange[1].url);
    expect(thumb('back').getAttribute('aria-current')).toBe('true');
    expect(thumb('front').getAttribute('aria-current')).toBeNull();
    fireEvent.keyDown(thumb('back'), { key: 'ArrowRight' });
    expect(mainImage().getAttribute('src')).toBe(orange[2].url);
    expect(document.activeElement).toBe(thumb('close-up'));
    fireEvent.keyDown(thumb('close-up'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(thumb('front'));
  });

  it('goes to the next picture on a swipe to the left, and ignores a tap', () => {
    render(<Gallery images={orange} name="Pro Indoor Basketball" />);
    fireEvent.touchStart(main(), { touches: [{ clientX: 200 }] });
    fireEvent.touchEnd(main(), { changedTouches: [{ clientX: 190 }] });
    expect(mainImage().getAttribute('src')).toBe(orange[0].url);
    fireEvent.touchStart(main(), { touches: [{ clientX: 200 }] });
    fireEvent.touchEnd(main(), { changedTouches: [{ clientX: 80 }] });
    expect(mainImage().getAttribute('src')).toBe(orange[1].url);
    fireEvent.touchStart(main(), { touches: [{ clientX: 80 }] });
    fireEvent.touchEnd(main(), { changedTouches: [{ clientX: 240 }] });
    expect(mainImage().getAttribute('src')).toBe(orange[0].url);
  });

  it('keeps the view when the colour changes, and shows the new colour', () => {
    const { rerender } = render(<Gallery images={orange} name="Pro Indoor Basketball" />);
    fireEvent.click(thumb('back'));
    rerender(<Gallery images={black} name="Pro Indoor Basketball" />);
    expect(mainImage().getAttribute('src')).toBe(black[1].url);
    expect(thumb('back').getAttribute('aria-label')).toBe('Show Pro Indoor Basketball in Black, back');
  });

  it('opens a zoom named after the product, pages through it with the keys, magnifies, and closes with Escape back to the picture', async () => {
    render(<Gallery images={orange} name="Pro Indoor Basketball" />);
    main().focus();
    await act(async () => fireEvent.click(main()));
    const dialog = await screen.findByRole('dialog', { name: 'Pro Indoor Basketball' });
    const enlarged = () => within(dialog).getAllByRole('img')[0];
    expect(enlarged().getAttribute('src')).toBe(orange[0].url);
    fireEvent.keyDown(within(dialog).getByRole('button', { name: 'Magnify' }), { key: 'ArrowRight' });
    expect(enlarged().getAttribute('src')).toBe(orange[1].url);
    expect(within(dialog).getByText(/\(2 of 3\)$/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /Previous/ }));
    expect(enlarged().getAttribute('src')).toBe(orange[0].url);
    const magnify = within(dialog).getByRole('button', { name: 'Magnify' });
    fireEvent.click(magnify);
    expect(magnify.getAttribute('aria-pressed')).toBe('true');
    expect(enlarged().style.transform).toBe('scale(2.5)');
    // While magnified, the arrow keys move the picture instead of changing it.
    fireEvent.keyDown(magnify, { key: 'ArrowRight' });
    expect(enlarged().getAttribute('src')).toBe(orange[0].url);
    expect(enlarged().style.transformOrigin).toBe('60% 50%');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(main());
  });

  it('shows no thumbnails for a single picture', () => {
    render(<Gallery images={orange.slice(0, 1)} name="Pro Indoor Basketball" />);
    expect(screen.queryByRole('list', { name: 'Pictures' })).toBeNull();
    expect(mainImage().getAttribute('src')).toBe(orange[0].url);
  });
});
