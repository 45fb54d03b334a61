import type { BrandPublicConfig, ChromeContent, FlagValue, ShellBootConfig } from '@shop/contracts/browser';
import { type ReactNode, createContext, useContext } from 'react';

export const BOOT_CONFIG_ELEMENT_ID = '__SHOP_CONFIG__';

const BootConfigContext = createContext<ShellBootConfig | null>(null);

/** Reads the config the gateway inlined into the page as JSON (never executed as script). */
export function readBootConfig(doc: Document = document): ShellBootConfig {
  const element = doc.getElementById(BOOT_CONFIG_ELEMENT_ID);
  if (!element?.textContent) throw new Error('Boot config is missing from the page');
  return JSON.parse(element.textContent) as ShellBootConfig;
}

export function BootConfigProvider({ value, children }: { value: ShellBootConfig; children: ReactNode }) {
  return <BootConfigContext.Provider value={value}>{children}</BootConfigContext.Provider>;
}

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
