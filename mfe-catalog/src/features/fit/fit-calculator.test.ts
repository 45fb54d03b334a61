import { braSize } from './fit-calculator';

describe('bra size calculation', () => {
  it.each([
    [32, 35, '32C'],
    [33, 37, '34C'],
    [30.6, 33.2, '32A'],
    [35.4, 40, '36D'],
    [37.9, 43, '38DD'],
    [42, 48, '42DDD'],
  ])('underbust %s, bust %s -> %s', (under, bust, size) => {
    expect(braSize(under, bust)).toMatchObject({ kind: 'size', size });
  });

  it('converts centimetres', () => {
    expect(braSize(81.3, 88.9, 'cm')).toMatchObject({ size: '32C' });
  });

  it('reports sizes the shop does not carry and impossible input', () => {
    expect(braSize(27, 30)).toMatchObject({ kind: 'out-of-range', band: 28 });
    expect(braSize(34, 44)).toMatchObject({ kind: 'out-of-range', difference: 10 });
    expect(braSize(34, 30)).toMatchObject({ kind: 'invalid' });
    expect(braSize(Number.NaN, 30)).toMatchObject({ kind: 'invalid' });
  });
});
