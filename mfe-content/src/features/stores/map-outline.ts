export interface MapOutline {
  land: string;
  borders: string;
}

/**
 * Lifts the land and border paths out of /api/stores/map.svg, so the page draws them inside
 * its own SVG: they take the brand's colours and keep hairline strokes when the view zooms.
 * Only the `d` attributes are used; nothing from the file is inserted as markup.
 */
export function parseMapOutline(svg: string): MapOutline | undefined {
  const document = new DOMParser().parseFromString(svg, 'image/svg+xml');
  const d = (layer: string) => document.querySelector(`path[data-layer="${layer}"]`)?.getAttribute('d') ?? '';
  const outline = { land: d('land'), borders: d('borders') };
  return /^M[\d.,LMZ-]+$/.test(outline.land) && /^M[\d.,LMZ-]+$/.test(outline.borders) ? outline : undefined;
}
