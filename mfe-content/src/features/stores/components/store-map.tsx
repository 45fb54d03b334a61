import type { StoreSearchResponse } from '@shop/contracts/browser';
import type { MapOutline } from '../map-outline';
import { MAP_UNITS_PER_MILE, mapViewBox, pinRadius } from '../map-view';

interface Props {
  result: StoreSearchResponse;
  outline?: MapOutline;
  place: string;
}

/**
 * The US drawn locally (no tile server): state outlines from the gateway, one numbered pin per
 * store, the search origin and its radius. The list beside it carries the same facts in text.
 */
export function StoreMap({ result, outline, place }: Props) {
  const pins = result.stores.flatMap((store, i) => (store.map ? [{ id: store.id, number: i + 1, ...store.map }] : []));
  const view = mapViewBox(pins, result.origin.map, result.radius);
  const r = pinRadius(view);
  const label = `Map of ${result.total} ${result.total === 1 ? 'store' : 'stores'} within ${result.radius} miles of ${place}`;
  return (
    <div className="store-map">
      <svg
        className="store-map__svg"
        viewBox={`${view.x} ${view.y} ${view.width} ${view.height}`}
        role="img"
        aria-label={label}
      >
        {outline && (
          <>
            <path className="store-map__land" d={outline.land} vectorEffect="non-scaling-stroke" />
            <path className="store-map__borders" d={outline.borders} vectorEffect="non-scaling-stroke" />
          </>
        )}
        {result.origin.map && (
          <circle
            className="store-map__reach"
            cx={result.origin.map.x}
            cy={result.origin.map.y}
            r={result.radius * MAP_UNITS_PER_MILE}
            vectorEffect="non-scaling-stroke"
          />
        )}
        {/* Drawn last to first, so the nearest store's pin sits on top. */}
        {[...pins].reverse().map((pin) => (
          <g key={pin.id} className="store-map__pin" data-store-pin={pin.id} transform={`translate(${pin.x} ${pin.y})`}>
            <circle r={r} vectorEffect="non-scaling-stroke" />
            <text fontSize={r * 1.15} textAnchor="middle" dy="0.36em">
              {pin.number}
            </text>
          </g>
        ))}
        {result.origin.map && (
          <g
            className="store-map__origin"
            data-origin-pin=""
            transform={`translate(${result.origin.map.x} ${result.origin.map.y})`}
          >
            <rect
              x={-r * 0.6}
              y={-r * 0.6}
              width={r * 1.2}
              height={r * 1.2}
              transform="rotate(45)"
              vectorEffect="non-scaling-stroke"
            />
          </g>
        )}
      </svg>
    </div>
  );
}
