import type { Theme } from '@shop/contracts';

const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Theme tokens as CSS custom properties on :root (values are schema-validated, so safe to inline). */
export function themeToCss(theme: Theme): string {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(theme.colors)) lines.push(`--color-${kebab(key)}:${value}`);
  for (const [key, value] of Object.entries(theme.fonts)) lines.push(`--font-${kebab(key)}:${value}`);
  for (const [key, value] of Object.entries(theme.radii)) lines.push(`--radius-${kebab(key)}:${value}`);
  return `:root{${lines.join(';')}}`;
}
