import { STORE_MAP_SIZE } from '@shop/contracts/browser';

export interface Point {
  x: number;
  y: number;
}
export interface ViewBox extends Point {
  width: number;
  height: number;
}

/** Map units per mile near the projection's standard parallels: its scale (1300) over the Earth's radius in miles. */
export const MAP_UNITS_PER_MILE = 1300 / 3958.8;
/** The closest zoom, about 75 miles across: close searches still show enough coastline and borders to place them. */
const MIN_WIDTH = 24;
const PADDING = 1.15;
const ASPECT = STORE_MAP_SIZE.width / STORE_MAP_SIZE.height;
export const FULL_MAP: ViewBox = { x: 0, y: 0, width: STORE_MAP_SIZE.width, height: STORE_MAP_SIZE.height };

/**
 * The part of the map to show: the search circle around the origin and every pin, with a
 * margin, in the map's own aspect ratio. Pins keep the map's coordinates; only the view zooms.
 */
export function mapViewBox(pins: readonly Point[], origin: Point | null, radiusMiles: number): ViewBox {
  const reach = radiusMiles * MAP_UNITS_PER_MILE;
  const corners = [
    ...pins,
    ...(origin
      ? [
          { x: origin.x - reach, y: origin.y - reach },
          { x: origin.x + reach, y: origin.y + reach },
        ]
      : []),
  ];
  if (corners.length === 0) return FULL_MAP;
  const xs = corners.map((p) => p.x);
  const ys = corners.map((p) => p.y);
  const [left, right, top, bottom] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  let width = Math.max(MIN_WIDTH, (right - left) * PADDING);
  let height = Math.max(width / ASPECT, (bottom - top) * PADDING);
  width = height * ASPECT;
  if (width >= FULL_MAP.width) return FULL_MAP;
  height = width / ASPECT;
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    x: round((left + right - width) / 2),
    y: round((top + bottom - height) / 2),
    width: round(width),
    height: round(height),
  };
}

/** Pin radius in map units, so pins look the same size at every zoom. */
export const pinRadius = (view: ViewBox) => view.width / 80;
