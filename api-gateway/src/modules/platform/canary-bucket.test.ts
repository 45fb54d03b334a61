import { randomUUID } from 'node:crypto';
import { canaryBucket, inCanary } from './canary-bucket';

describe('the canary bucket of a shopper', () => {
  const keys = Array.from({ length: 1000 }, () => randomUUID());

  it('puts about half of 1,000 shoppers in a 50 % canary', () => {
    const inside = keys.filter((key) => inCanary(key, 'hoopcraft', 'catalog', 50)).length;
    expect(inside).toBeGreaterThan(430);
    expect(inside).toBeLessThan(570);
  });

  it('gives the same key the same answer every time', () => {
    for (const key of keys.slice(0, 100)) {
      const bucket = canaryBucket(key, 'hoopcraft', 'catalog');
      expect(canaryBucket(key, 'hoopcraft', 'catalog')).toBe(bucket);
      expect(inCanary(key, 'hoopcraft', 'catalog', 50)).toBe(bucket < 50);
    }
    expect(canaryBucket('fixed-key', 'everwear', 'content')).toBe(canaryBucket('fixed-key', 'everwear', 'content'));
  });

  it('spreads buckets over 0-99, so 1 % and 99 % canaries mean what they say', () => {
    const buckets = keys.map((key) => canaryBucket(key, 'everwear', 'catalog'));
    expect(Math.min(...buckets)).toBe(0);
    expect(Math.max(...buckets)).toBe(99);
    expect(keys.filter((key) => inCanary(key, 'everwear', 'catalog', 1)).length).toBeLessThan(40);
    expect(keys.filter((key) => inCanary(key, 'everwear', 'catalog', 99)).length).toBeGreaterThan(960);
  });

  it('draws a shopper independently for each brand and remote', () => {
    const agree = keys.filter(
      (key) => inCanary(key, 'hoopcraft', 'catalog', 50) === inCanary(key, 'hoopcraft', 'content', 50),
    ).length;
    expect(agree).toBeGreaterThan(400);
    expect(agree).toBeLessThan(600);
  });

  it('never puts a request without a shopper key in the canary', () => {
    expect(inCanary(undefined, 'hoopcraft', 'catalog', 99)).toBe(false);
  });
});
