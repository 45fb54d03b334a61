import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { MapPoint } from '@shop/contracts';
import { geoAlbersUsa, geoPath } from 'd3-geo';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { GeoPoint } from './store-types';

/**
 * The projection us-atlas used to pre-project `states-albers-10m` into 975 x 610, so pins
 * computed with it land on the drawn states (Alaska and Hawaii in their insets).
 */
const projection = geoAlbersUsa().scale(1300).translate([487.5, 305]);

/** Where a position falls on the map, to 0.1 unit; null outside the US (the projection has no place for it). */
export function projectToMap({ lat, lng }: GeoPoint): MapPoint {
  const point = projection([lng, lat]);
  return point ? { x: Math.round(point[0] * 10) / 10, y: Math.round(point[1] * 10) / 10 } : null;
}

export interface MapImage {
  svg: string;
  etag: string;
}

let image: MapImage | undefined;

/**
 * The US land and state borders as one SVG in the map's 975 x 610 space, built on first use
 * and kept: it never changes while the process runs. Each path carries data-layer so a page
 * can lift the shapes into its own SVG and style them.
 */
export function usStatesMap(): MapImage {
  image ??= buildMap();
  return image;
}

type UsAtlas = Topology<{ states: GeometryCollection; nation: GeometryCollection }>;

function buildMap(): MapImage {
  // Read at run time rather than bundled: the gateway bundle keeps npm packages external.
  const atlas = JSON.parse(readFileSync(require.resolve('us-atlas/states-albers-10m.json'), 'utf8')) as UsAtlas;
  // No projection: the atlas is already in screen coordinates. One decimal is a tenth of a pixel at full size.
  const path = geoPath().digits(1);
  const land = path(feature(atlas, atlas.objects.nation)) ?? '';
  const borders = path(mesh(atlas, atlas.objects.states, (a, b) => a !== b)) ?? '';
  const svg = [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 975 610" width="975" height="610">',
    `<path data-layer="land" fill="#e9ecef" stroke="#6c757d" stroke-width="1" stroke-linejoin="round" d="${land}"/>`,
    `<path data-layer="borders" fill="none" stroke="#adb5bd" stroke-width="0.75" stroke-linejoin="round" d="${borders}"/>`,
    '</svg>',
  ].join('\n');
  return { svg, etag: `"${createHash('sha1').update(svg).digest('base64url')}"` };
}
