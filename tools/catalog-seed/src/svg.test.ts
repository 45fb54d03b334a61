import { COLOURS } from './colours';
import { KINDS } from './kinds';
import { IMAGE_TYPES, IMAGE_VIEWS, productImageSvg } from './svg';

const every = IMAGE_TYPES.flatMap((type) =>
  IMAGE_VIEWS.flatMap((view) => COLOURS.map((colour) => ({ type, view, hex: colour.hex }))),
);

describe('product pictures', () => {
  it('draws every product kind the catalog sells', () => {
    expect(new Set(IMAGE_TYPES)).toEqual(new Set(Object.values(KINDS).map((kind) => kind.type)));
  });

  it('draws each kind, view and colour as a small 3:4 SVG', () => {
    for (const { type, view, hex } of every) {
      const svg = productImageSvg(type, hex, view) ?? '';
      expect(svg).toMatch(
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 600 800" width="600" height="800">/,
      );
      expect(svg.endsWith('</svg>')).toBe(true);
      expect({ picture: `${type}/${hex}-${view}`, small: svg.length <= 6 * 1024 }).toEqual({
        picture: `${type}/${hex}-${view}`,
        small: true,
      });
      // Only local paints: nothing for a browser to fetch, no script.
      expect(svg).not.toMatch(/<script|href="(?!#)|url\((?!#)/);
    }
  });

  it('paints in the colour with lighter and darker tones of it, and refers only to paints it defines', () => {
    const svg = productImageSvg('basketball', 'e76f00', 'front') ?? '';
    expect(svg).toContain('stop-color="#e76f00"');
    const stops = new Set([...svg.matchAll(/stop-color="(#[0-9a-f]{6})"/g)].map((m) => m[1]));
    expect(stops.size).toBeGreaterThanOrEqual(5);
    for (const [, id] of svg.matchAll(/url\(#([a-z]+)\)/g)) expect(svg).toContain(`id="${id}"`);
  });

  it('gives each view its own picture, and is deterministic', () => {
    const views = IMAGE_VIEWS.map((view) => productImageSvg('bra', 'f4c2c2', view));
    expect(new Set(views).size).toBe(3);
    expect(IMAGE_VIEWS.map((view) => productImageSvg('bra', 'f4c2c2', view))).toEqual(views);
    expect(productImageSvg('bra', 'F4C2C2', 'front')).toBe(views[0]);
    // The front is the default: older seeds name only `{hex}.svg`.
    expect(productImageSvg('bra', 'f4c2c2')).toBe(views[0]);
  });

  it('refuses an unknown type, view or colour (the image host answers 404)', () => {
    expect(productImageSvg('bra', 'zzz')).toBeUndefined();
    expect(productImageSvg('bra', 'f4c2c2f', 'front')).toBeUndefined();
    expect(productImageSvg('bra', '#f4c2c', 'front')).toBeUndefined();
    expect(productImageSvg('bra', 'f4c2c2', 'side')).toBeUndefined();
    expect(productImageSvg('kite', 'f4c2c2', 'front')).toBeUndefined();
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty'])
      expect(productImageSvg(name, 'f4c2c2', 'front')).toBeUndefined();
    expect(productImageSvg('bra', 'f4c2c2', 'toString')).toBeUndefined();
  });
});
