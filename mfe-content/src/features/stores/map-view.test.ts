import { FULL_MAP, MAP_UNITS_PER_MILE, mapViewBox, pinRadius } from './map-view';

const contains = (view: ReturnType<typeof mapViewBox>, p: { x: number; y: number }) =>
  p.x >= view.x && p.x <= view.x + view.width && p.y >= view.y && p.y <= view.y + view.height;

describe('map view', () => {
  it('shows the whole country when there is nothing to frame', () => {
    expect(mapViewBox([], null, 15)).toEqual(FULL_MAP);
  });

  it('frames the search circle and every pin, in the map aspect ratio', () => {
    const origin = { x: 869.7, y: 214.9 };
    const pins = [
      { x: 866, y: 210 },
      { x: 900, y: 190 },
    ];
    const view = mapViewBox(pins, origin, 100);
    for (const p of [
      ...pins,
      { x: origin.x - 100 * MAP_UNITS_PER_MILE, y: origin.y },
      { x: origin.x, y: origin.y + 100 * MAP_UNITS_PER_MILE },
    ])
      expect(contains(view, p)).toBe(true);
    expect(view.width / view.height).toBeCloseTo(975 / 610, 1);
    expect(view.width).toBeLessThan(FULL_MAP.width);
  });

  it('does not zoom closer than about 75 miles across, and never past the whole map', () => {
    const close = mapViewBox([{ x: 500, y: 300 }], { x: 500, y: 300 }, 15);
    expect(close.width).toBeCloseTo(24, 0);
    expect(contains(close, { x: 500, y: 300 })).toBe(true);
    expect(
      mapViewBox(
        [
          { x: 10, y: 10 },
          { x: 960, y: 600 },
        ],
        null,
        300,
      ),
    ).toEqual(FULL_MAP);
  });

  it('sizes pins to the view', () => {
    expect(pinRadius(FULL_MAP)).toBeGreaterThan(pinRadius(mapViewBox([], { x: 500, y: 300 }, 15)));
  });
});
