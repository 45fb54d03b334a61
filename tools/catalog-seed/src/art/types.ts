import type { Tones } from './tones';

export const VIEWS = ['front', 'back', 'detail'] as const;
export type View = (typeof VIEWS)[number];

/**
 * One product kind's pictures: its front and back, and where the close-up looks (a point of the
 * front or back drawing and how far to magnify it), plus what only shows up close.
 */
export interface KindArt {
  /** The drawing's bounds (x0, y0, x1, y1): the picture scales and centres it to fill the frame. */
  box: [number, number, number, number];
  front: (t: Tones) => string;
  back: (t: Tones) => string;
  detail: { of: 'front' | 'back'; x: number; y: number; zoom: number; extra?: (t: Tones) => string };
}
