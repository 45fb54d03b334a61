import { parseMapOutline } from './map-outline';

describe('map outline', () => {
  it('takes the land and border paths from the map SVG', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 975 610"><path data-layer="land" d="M1,2L3,4Z"/><path data-layer="borders" d="M5,6L7.5,8"/></svg>';
    expect(parseMapOutline(svg)).toEqual({ land: 'M1,2L3,4Z', borders: 'M5,6L7.5,8' });
  });

  it('gives nothing for a document that is not the map, or a path that is not plain coordinates', () => {
    expect(parseMapOutline('<html><body>Not found</body></html>')).toBeUndefined();
    const odd =
      '<svg xmlns="http://www.w3.org/2000/svg"><path data-layer="land" d="M1,2 url(x)"/><path data-layer="borders" d="M1,2"/></svg>';
    expect(parseMapOutline(odd)).toBeUndefined();
  });
});
