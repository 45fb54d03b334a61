import { projectToMap, usStatesMap } from './us-map';

describe('US map', () => {
  it('projects places into the 975 x 610 map where the states are drawn', () => {
    const newYork = projectToMap({ lat: 40.7484, lng: -73.9967 });
    const losAngeles = projectToMap({ lat: 34.0614, lng: -118.2385 });
    const chicago = projectToMap({ lat: 41.8858, lng: -87.6181 });
    for (const point of [newYork, losAngeles, chicago]) {
      expect(point!.x).toBeGreaterThan(0);
      expect(point!.x).toBeLessThan(975);
      expect(point!.y).toBeGreaterThan(0);
      expect(point!.y).toBeLessThan(610);
    }
    // East is right, north is up.
    expect(losAngeles!.x).toBeLessThan(chicago!.x);
    expect(chicago!.x).toBeLessThan(newYork!.x);
    expect(chicago!.y).toBeLessThan(losAngeles!.y);
  });

  it('puts Alaska and Hawaii in their insets and has no place for London', () => {
    const anchorage = projectToMap({ lat: 61.2116, lng: -149.8761 });
    const honolulu = projectToMap({ lat: 21.3179, lng: -157.8521 });
    expect(anchorage!.x).toBeLessThan(300);
    expect(anchorage!.y).toBeGreaterThan(400);
    expect(honolulu!.y).toBeGreaterThan(450);
    expect(projectToMap({ lat: 51.5074, lng: -0.1278 })).toBeNull();
  });

  it('draws land and state borders as one SVG, built once', () => {
    const map = usStatesMap();
    expect(map.svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 975 610"/);
    expect(map.svg).toMatch(/data-layer="land"[^>]* d="M[\d.,LMZ-]+"/);
    expect(map.svg).toMatch(/data-layer="borders"[^>]* d="M[\d.,LMZ-]+"/);
    expect(map.etag).toMatch(/^"[\w-]+"$/);
    expect(usStatesMap()).toBe(map);
  });
});
