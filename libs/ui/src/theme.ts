import { type Theme, themeCustomProperties } from '@shop/contracts/browser';

/**
 * The brand's tokens as the CSS custom properties the components read (--color-*, --font-*,
 * --text-*, --space-*, --card-*, --button-*, --hero-*; ADR 0019): the same names and values the
 * gateway inlines into the shell's page.
 */
export function themeProperties(theme: Theme): Array<[string, string]> {
  return themeCustomProperties(theme);
}

/** Sets the brand's tokens on an element (the document root when a remote runs on its own). */
export function applyTheme(theme: Theme, element: HTMLElement = document.documentElement) {
  for (const [name, value] of themeProperties(theme)) element.style.setProperty(name, value);
}
