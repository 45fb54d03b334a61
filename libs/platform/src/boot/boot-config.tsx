import type { BrandPublicConfig, ChromeContent, FlagValue, FlagValues, ShellBootConfig } from '@shop/contracts/browser';
import { type ReactNode, createContext, useContext, useEffect, useMemo, useState } from 'react';

export const BOOT_CONFIG_ELEMENT_ID = '__SHOP_CONFIG__';

const BootConfigContext = createContext<ShellBootConfig | null>(null);

/** Reads the config the gateway inlined into the page as JSON (never executed as script). */
export function readBootConfig(doc: Document = document): ShellBootConfig {
  const element = doc.getElementById(BOOT_CONFIG_ELEMENT_ID);
  if (!element?.textContent) throw new Error('Boot config is missing from the page');
  return JSON.parse(element.textContent) as ShellBootConfig;
}

/** When an open page starts following flag changes: after its first load, never during it. */
export const LIVE_FLAGS_DELAY_MS = 4_000;

/**
 * The page's config for everything under it. With `live` (the shell in the browser), the flags
 * follow changes a brand manager makes while the page is open (OFREP polling, started once the
 * page is idle); until then, and on the server, they are the ones the page was rendered with.
 */
export function BootConfigProvider({
  value,
  live = false,
  children,
}: {
  value: ShellBootConfig;
  live?: boolean;
  children: ReactNode;
}) {
  const [flags, setFlags] = useState<FlagValues>(value.flags);
  useEffect(() => {
    if (!live) return undefined;
    let stop: (() => void) | undefined;
    let cancelled = false;
    const start = () =>
      void import('../flags/ofrep-flags')
        .then(({ watchFlags }) =>
          watchFlags(value.flags, (next) => setFlags((current) => (sameFlags(current, next) ? current : next))),
        )
        .then((unwatch) => (cancelled ? unwatch() : (stop = unwatch)))
        // Without live flags the page keeps the ones it was rendered with.
        .catch(() => undefined);
    // Not on the first load: a change reaches a page at most LIVE_FLAGS_DELAY_MS after it opened,
    // then within the poll interval, so within 5 s either way.
    let idle: number | undefined;
    const delay = window.setTimeout(() => {
      idle = window.requestIdleCallback?.(start, { timeout: 500 }) ?? window.setTimeout(start, 0);
    }, LIVE_FLAGS_DELAY_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(delay);
      if (idle !== undefined) {
        window.cancelIdleCallback?.(idle);
        window.clearTimeout(idle);
      }
      stop?.();
    };
  }, [live, value.flags]);
  const config = useMemo(() => (flags === value.flags ? value : { ...value, flags }), [flags, value]);
  return <BootConfigContext.Provider value={config}>{children}</BootConfigContext.Provider>;
}

const sameFlags = (a: FlagValues, b: FlagValues) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([key, value]) => b[key] === value);

export function useBootConfig(): ShellBootConfig {
  const value = useContext(BootConfigContext);
  if (!value) throw new Error('useBootConfig must be used inside BootConfigProvider');
  return value;
}

export const useBrand = (): BrandPublicConfig => useBootConfig().brand;

/** The brand's nav and footer content. */
export const useChrome = (): ChromeContent => useBootConfig().chrome;

/** A flag's value for this brand, or the fallback when the flag is unknown or disabled. */
export function useFlag<T extends FlagValue>(key: string, fallback: T): T {
  const value = useBootConfig().flags[key];
  return (typeof value === typeof fallback ? value : fallback) as T;
}
