import { type Theme, fontFaceRules, themeCustomProperties } from '@shop/contracts';

/**
 * Theme tokens as CSS custom properties on :root, after the brand's @font-face rules (values are
 * schema-validated, so safe to inline; ADR 0019 lists the properties).
 */
export function themeToCss(theme: Theme): string {
  const properties = themeCustomProperties(theme).map(([name, value]) => `${name}:${value}`);
  return `${fontFaceRules(theme)}:root{${properties.join(';')}}`;
}
