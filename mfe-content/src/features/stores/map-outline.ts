export interface MapOutline {
  land: string;
  borders: string;
}

/**
 * Lifts the land and border paths out of /api/stores/map.svg, so the page draws them inside
 * its own SVG: they take the brand's colours and keep hairline strokes when the view zooms.
 * Only the `d` attributes are used, and only when they are nothing but path commands; nothing
 * from the file is inserted as markup. Read with a pattern rather than DOMParser, so the server
 * render (ADR 0017) and the browser draw the same map.
 */
export function parseMapOutline(svg: string): MapOutline | undefined {
  const d = (layer: string) => {
    for (const [path] of svg.matchAll(/<path\b[^>]*>/g)) {
      if (!new RegExp(`\\sdata-layer="${layer}"`).test(path)) continue;
      return /\sd="([^"]*)"/.exec(path)?.[1] ?? '';
    }
    return '';
  };
  const outline = { land: d('land'), borders: d('borders') };
  return /^M[\d.,LMZ-]+$/.test(outline.land) && /^M[\d.,LMZ-]+$/.test(outline.borders) ? outline : undefined;
}
