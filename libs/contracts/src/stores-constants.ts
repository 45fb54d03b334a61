/** SPEC §9 store locator radius options, in miles. */
export const STORE_RADII = [15, 30, 50, 100, 300] as const;
export const DEFAULT_STORE_RADIUS = 15;
export const STORE_WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
/**
 * The map's coordinate space: us-atlas's pre-projected states (Albers USA, scale 1300,
 * translate [487.5, 305]) fill 975 x 610, and store pins use the same projection.
 */
export const STORE_MAP_SIZE = { width: 975, height: 610 } as const;
