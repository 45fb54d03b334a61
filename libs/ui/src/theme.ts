import type { Theme } from '@shop/contracts/browser';

const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The brand's tokens as the CSS custom properties the components read (--color-*, --font-*,
 * --radius-*): the same names the gateway inlines into the shell's page.
 */
export function themeProperties(theme: Theme): Array<[string, string]> {
  return [
    ...Object.entries(theme.colors).map(([key, value]): [string, string] => [`--color-${kebab(key)}`, value]),
    ...Object.entries(theme.fonts).map(([key, value]): [string, string] => [`--font-${kebab(key)}`, value]),
    ...Object.entries(theme.radii).map(([key, value]): [string, string] => [`--radius-${kebab(key)}`, value]),
  ];
}

/** Sets the brand's tokens on an element (the document root when a remote runs on its own). */
export function applyTheme(theme: Theme, element: HTMLElement = document.documentElement) {
  for (const [name, value] of themeProperties(theme)) element.style.setProperty(name, value);
}
