import type { ShellBootConfig } from '@shop/contracts/browser';
import { BootConfigProvider } from '@shop/platform';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useFeatureLinks } from './use-feature-links';

const links = [
  { label: 'Store locator', href: '/stores' },
  { label: 'Blog', href: '/learn' },
];
const withFlags = (flags: Record<string, boolean>) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <BootConfigProvider value={{ flags } as unknown as ShellBootConfig}>{children}</BootConfigProvider>;
  };

describe('links behind brand flags', () => {
  it('drops the store locator link when the brand turns the store locator off', () => {
    const { result } = renderHook(() => useFeatureLinks(), { wrapper: withFlags({ storeLocator: false }) });
    expect(result.current(links).map((l) => l.href)).toEqual(['/learn']);
  });

  it('keeps every link when the flag is on or not set', () => {
    const cases: Array<Record<string, boolean>> = [{ storeLocator: true }, {}];
    for (const flags of cases) {
      const { result } = renderHook(() => useFeatureLinks(), { wrapper: withFlags(flags) });
      expect(result.current(links)).toEqual(links);
    }
  });
});
