/**
 * A seedable PRNG (splitmix32), so the same seed always yields the same stores: store ids,
 * names and positions must not move between runs or tests and links would break.
 */
export function createRandom(seed: number) {
  let state = seed | 0;
  const next = () => {
    state = (state + 0x9e3779b9) | 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
    return ((z ^ (z >>> 15)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (probability: number) => next() < probability,
  };
}
export type Random = ReturnType<typeof createRandom>;
