import type { CommerceOrder } from '../../clients/commercetools';
import { returnedCentsOf } from './return-points';

const line = (id: string, quantity: number, totalCentAmount: number) =>
  ({ id, quantity, totalCentAmount }) as CommerceOrder['lines'][number];
const info = (returnId: string, items: Array<[string, number]>) =>
  ({
    returnId,
    items: items.map(([lineItemId, quantity]) => ({ lineItemId, quantity })),
  }) as unknown as CommerceOrder['returns'][number];
const idOf = (value: CommerceOrder['returns'][number]) => (value as unknown as { returnId: string }).returnId;

describe('the goods value of an order’s returns', () => {
  it('adds up to exactly the line totals when every unit comes back, in any split', () => {
    const lines = [line('a', 3, 1000), line('b', 1, 499)];
    const returns = [
      info('R1', [['a', 1]]),
      info('R2', [
        ['a', 1],
        ['b', 1],
      ]),
      info('R3', [['a', 1]]),
    ];
    const cents = returnedCentsOf({ lines, returns }, idOf);
    expect(cents).toEqual([
      { returnId: 'R1', cents: 333 },
      { returnId: 'R2', cents: 334 + 499 },
      { returnId: 'R3', cents: 333 },
    ]);
    expect(cents.reduce((sum, r) => sum + r.cents, 0)).toBe(1499);
  });

  it('counts nothing for a line the order does not have and skips a return without an id', () => {
    const cents = returnedCentsOf(
      { lines: [line('a', 2, 800)], returns: [info('R1', [['x', 1]]), info('', [['a', 1]])] },
      (value) => idOf(value) || undefined,
    );
    expect(cents).toEqual([{ returnId: 'R1', cents: 0 }]);
  });
});
