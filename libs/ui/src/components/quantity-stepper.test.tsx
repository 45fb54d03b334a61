import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { QuantityStepper, clampQuantity } from './quantity-stepper';

function Harness({ start = 1, min = 1, max = 5 }: { start?: number; min?: number; max?: number }) {
  const [value, setValue] = useState(start);
  return <QuantityStepper value={value} onChange={setValue} min={min} max={max} />;
}

const input = () => screen.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement;
const fewer = () => screen.getByRole('button', { name: 'One fewer' }) as HTMLButtonElement;
const more = () => screen.getByRole('button', { name: 'One more' }) as HTMLButtonElement;

describe('QuantityStepper', () => {
  it('steps up to the maximum and no further', () => {
    render(<Harness start={4} max={5} />);
    expect(more().disabled).toBe(false);
    fireEvent.click(more());
    expect(input().value).toBe('5');
    expect(more().disabled).toBe(true);
    fireEvent.click(more());
    expect(input().value).toBe('5');
  });

  it('steps down to the minimum and no further', () => {
    render(<Harness start={2} min={1} />);
    fireEvent.click(fewer());
    expect(input().value).toBe('1');
    expect(fewer().disabled).toBe(true);
  });

  it('states its limits on the field for assistive technology', () => {
    render(<Harness max={99} />);
    expect(input().min).toBe('1');
    expect(input().max).toBe('99');
  });

  it('takes a typed value within the limits and clamps one outside them when the field is left', () => {
    render(<Harness max={5} />);
    fireEvent.change(input(), { target: { value: '3' } });
    expect(input().value).toBe('3');
    fireEvent.change(input(), { target: { value: '40' } });
    fireEvent.blur(input());
    expect(input().value).toBe('5');
    fireEvent.change(input(), { target: { value: '' } });
    fireEvent.blur(input());
    expect(input().value).toBe('1');
  });

  it('clamps numbers, fractions and non-numbers', () => {
    expect(clampQuantity(0, 1, 99)).toBe(1);
    expect(clampQuantity(150, 1, 99)).toBe(99);
    expect(clampQuantity(2.7, 1, 99)).toBe(2);
    expect(clampQuantity(Number.NaN, 1, 99)).toBe(1);
  });
});
