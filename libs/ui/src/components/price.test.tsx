import { render, screen } from '@testing-library/react';
import { Price, formatPrice } from './price';

const usd = (centAmount: number) => ({ centAmount, currencyCode: 'USD', fractionDigits: 2 });

describe('formatPrice', () => {
  it('formats USD cents with two fraction digits', () => {
    expect(formatPrice(usd(1999))).toBe('$19.99');
    expect(formatPrice(usd(5))).toBe('$0.05');
    expect(formatPrice(usd(123456))).toBe('$1,234.56');
  });

  it('writes US dollars exactly as Intl.NumberFormat does, without creating one', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const amounts = [
      0, 1, 9, 10, 99, 100, 101, 999_99, 1000_00, 1234_56, 100000_00, 1234567_89, -1, -5, -1999, -123456,
    ];
    for (const cents of amounts) expect(formatPrice(usd(cents))).toBe(intl.format(cents / 100));
  });

  it('uses the money’s own fraction digits for a currency without minor units (JPY)', () => {
    expect(formatPrice({ centAmount: 1500, currencyCode: 'JPY', fractionDigits: 0 })).toBe('¥1,500');
  });

  it('uses the money’s own fraction digits for a three-digit currency (KWD)', () => {
    expect(formatPrice({ centAmount: 12345, currencyCode: 'KWD', fractionDigits: 3 })).toBe('KWD\u00a012.345');
  });

  it('formats in the locale it is given', () => {
    expect(formatPrice({ centAmount: 1999, currencyCode: 'EUR', fractionDigits: 2 }, 'de-DE')).toBe('19,99\u00a0€');
  });
});

describe('Price', () => {
  it('says where a range of prices starts', () => {
    const { container } = render(<Price price={usd(5499)} salePrice={usd(4699)} from />);
    expect(container.textContent).toBe('from $46.99 was $54.99');
    const { container: plain } = render(<Price price={usd(2500)} from />);
    expect(plain.textContent).toBe('from $25.00');
  });

  it('shows one price', () => {
    render(<Price price={usd(2500)} />);
    expect(screen.getByText('$25.00')).toBeTruthy();
  });

  it('shows a sale price, the old price struck through and read as "was", and the saving', () => {
    const { container } = render(<Price price={usd(4000)} salePrice={usd(3000)} showSavings />);
    expect(container.textContent).toBe('$30.00 was $40.00 Save $10.00');
    expect(container.querySelector('s')?.textContent).toBe('was $40.00');
  });

  it('leaves the saving out unless asked', () => {
    const { container } = render(
      <Price
        price={{ centAmount: 1000, currencyCode: 'JPY', fractionDigits: 0 }}
        salePrice={{ centAmount: 800, currencyCode: 'JPY', fractionDigits: 0 }}
      />,
    );
    expect(container.textContent).toBe('¥800 was ¥1,000');
  });
});
