import { nestedDeeperThan } from './json-body';

const nest = (levels: number) => {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i += 1) value = i % 2 ? { a: value } : [value];
  return value;
};

describe('nestedDeeperThan', () => {
  it('counts objects and arrays as levels; scalars add none', () => {
    expect(nestedDeeperThan('text', 0)).toBe(false);
    expect(nestedDeeperThan({ a: 1, b: [1, 2] }, 2)).toBe(false);
    expect(nestedDeeperThan({ a: 1, b: [1, 2] }, 1)).toBe(true);
  });

  it('allows exactly the limit and refuses one level more', () => {
    expect(nestedDeeperThan(nest(20), 20)).toBe(false);
    expect(nestedDeeperThan(nest(21), 20)).toBe(true);
  });

  it('handles 100,000 levels without overflowing the stack', () => {
    expect(nestedDeeperThan(nest(100_000), 20)).toBe(true);
  });
});
