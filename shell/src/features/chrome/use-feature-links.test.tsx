import type { ShellBootConfig } from '@shop/contracts/browser';
import { BootConfigProvider } from '@shop/platform';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useFeatureLinks } from './use-feature-links';

const links = [
  { label: 'Store locator', href: '/stores' },
  { label: 'Blog', href: '/learn' },
  { label: 'Rewards', href: '/loyalty' },
  { label: 'Start a return', href: '/order/returns' },
  { label: 'Track an order', href: '/order/track' },
  { label: 'Orders', href: '/account/orders' },
];
const withFlags = (flags: Record<string, boolean>) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <BootConfigProvider value={{ flags } as unknown as ShellBootConfig}>{children}</BootConfigProvider>;
  };
const visibleWith = (flags: Record<string, boolean>) =>
  renderHook(() => useFeatureLinks(), { wrapper: withFlags(flags) })
    .result.current(links)
    .map((l) => l.href);

describe('links behind brand flags', () => {
  it('drops the store locator link when the brand turns the store locator off', () => {
    expect(visibleWith({ storeLocator: false })).not.toContain('/stores');
    expect(visibleWith({ storeLocator: false })).toContain('/learn');
  });

  it('drops the loyalty link when loyalty is off, and the guest returns link when returns are off', () => {
    expect(visibleWith({ loyalty: false })).toEqual([
      '/stores',
      '/learn',
      '/order/returns',
      '/order/track',
      '/account/orders',
    ]);
    expect(visibleWith({ returns: false })).toEqual([
      '/stores',
      '/learn',
      '/loyalty',
      '/order/track',
      '/account/orders',
    ]);
  });

  it('keeps order tracking with guest ordering off: customers look up their own orders there too', () => {
    expect(visibleWith({ guestOrdering: false })).toContain('/order/track');
  });

  it('drops a sub-page with its feature, but not a page that only starts with the same letters', () => {
    const extra = [
      { label: 'Rewards FAQ', href: '/loyalty/faq' },
      { label: 'Stores near me', href: '/storesnearme' },
    ];
    const { result } = renderHook(() => useFeatureLinks(), {
      wrapper: withFlags({ loyalty: false, storeLocator: false }),
    });
    expect(result.current(extra).map((l) => l.href)).toEqual(['/storesnearme']);
  });

  it('keeps every link when the flags are on or not set', () => {
    const cases: Array<Record<string, boolean>> = [{ storeLocator: true, loyalty: true, returns: true }, {}];
    for (const flags of cases) expect(visibleWith(flags)).toEqual(links.map((l) => l.href));
  });
});
