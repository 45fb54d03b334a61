/** Units of size-table columns: inches and feet switch to centimetres and metres; years never change. */
export const SIZE_UNITS = ['in', 'ft', 'years'] as const;
/** What a finder's texts and filter values may name: the size, and a bra's band and cup. */
export const FINDER_PLACEHOLDERS: readonly string[] = ['size', 'band', 'cup'];
export type SizeUnit = (typeof SIZE_UNITS)[number];
