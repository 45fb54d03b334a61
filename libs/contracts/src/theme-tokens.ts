import type { BrandFontFace, Theme } from './brand';

/*
 * A brand's design tokens as the CSS custom properties every stylesheet reads (ADR 0019). The
 * gateway inlines them into the page (`@shop/brands` themeToCss) and the standalone harness sets
 * them on the document (`@shop/ui` applyTheme): one mapping, so a remote looks the same in both.
 * Types only from the schemas' module, so the browser entry stays free of zod.
 */

const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const round = (value: number) => Math.round(value * 1000) / 1000;
const rem = (px: number) => `${round(px / 16)}rem`;

/** The narrowest and widest layouts the shop is drawn for: fluid sizes grow between them. */
const NARROW = 390;
const WIDE = 1280;

/** A size that grows with the window from `min` px at 390 px to `max` px at 1280 px. */
function fluid(min: number, max: number) {
  const slope = (max - min) / (WIDE - NARROW);
  return `clamp(${rem(min)}, ${rem(min - slope * NARROW)} + ${round(slope * 100)}vw, ${rem(max)})`;
}

const DENSITY = { compact: 0.85, regular: 1, airy: 1.3 } as const;
const CONTROL_HEIGHT = { compact: 44, regular: 46, airy: 50 } as const;

function cardProperties(theme: Theme): Record<string, string> {
  const { card, colors } = theme;
  const radius = card.radius === 'none' ? '0' : theme.radii[card.radius];
  const framed = card.style !== 'plain';
  const shadow = '0 1px 2px rgb(0 0 0 / 0.06), 0 6px 20px rgb(0 0 0 / 0.07)';
  return {
    '--card-background': framed ? colors.surface : 'transparent',
    '--card-border': card.style === 'outlined' ? `1px solid ${colors.border}` : '0 solid transparent',
    '--card-shadow': card.style === 'elevated' ? shadow : 'none',
    '--card-hover-shadow':
      card.style === 'plain' ? 'none' : '0 2px 4px rgb(0 0 0 / 0.06), 0 12px 28px rgb(0 0 0 / 0.12)',
    '--card-radius': radius,
    // A framed card keeps its text off the frame; a plain one lines its text up with the image.
    '--card-padding': framed ? 'calc(var(--space-m) * 0.875)' : '0',
    '--card-image-radius': framed ? '0' : radius,
    '--card-image-background': card.imageBackground,
    '--card-align': card.align,
  };
}

function ornamentProperties(theme: Theme): Record<string, string> {
  const { ornament, colors } = theme;
  return {
    // Every header has an edge: the accent bar, or a hairline of the border colour.
    '--header-edge': ornament === 'bar' ? `4px solid ${colors.accent}` : `1px solid ${colors.border}`,
    '--ornament-width': { none: '0', hairline: '2.5rem', bar: '3rem' }[ornament],
    '--ornament-height': { none: '0', hairline: '1px', bar: '4px' }[ornament],
  };
}

function buttonProperties(theme: Theme): Record<string, string> {
  const { button } = theme;
  const radius = { square: '0', rounded: theme.radii.small, pill: '999px' }[button.shape];
  return {
    '--button-radius': radius,
    '--button-case': button.case,
    '--button-tracking': button.tracking,
    '--button-weight': String(button.weight),
    // Capitals read larger: a button set in them takes the small size.
    '--button-font-size': button.case === 'uppercase' ? 'var(--text-sm)' : 'var(--text-base)',
  };
}

function heroProperties(theme: Theme): Record<string, string> {
  const { hero } = theme;
  const art = `url("data:image/svg+xml,${encodeURIComponent(heroArt(theme))}")`;
  const split = hero.layout === 'split';
  return {
    '--hero-columns': split ? 'minmax(0, 1fr) minmax(0, 1fr)' : 'minmax(0, 1fr)',
    '--hero-art': art,
    '--hero-art-display': split ? 'block' : 'none',
    '--hero-art-order': hero.artSide === 'start' ? '-1' : '1',
    // Overlay: the art behind the words, darkened on the words' side; banner: the art as a texture.
    '--hero-image':
      hero.layout === 'overlay'
        ? `linear-gradient(${hero.artSide === 'start' ? 270 : 90}deg, rgb(0 0 0 / 0.45) 30%, rgb(0 0 0 / 0) 75%), ${art}`
        : hero.layout === 'banner'
          ? art
          : 'none',
    '--hero-bleed': hero.fullBleed ? '1' : '0',
    '--hero-radius': hero.fullBleed ? '0' : theme.radii.large,
    '--hero-align': hero.align,
    '--hero-min-height': hero.layout === 'split' ? 'auto' : 'clamp(22rem, 48vw, 34rem)',
  };
}

/** Every custom property of a theme, in the order the gateway writes them. */
export function themeCustomProperties(theme: Theme): Array<[string, string]> {
  const { type, density } = theme;
  const base = type.baseSize;
  const step = (n: number) => base * type.scale ** n;
  const space = DENSITY[density];
  const properties: Record<string, string> = {
    ...Object.fromEntries(Object.entries(theme.colors).map(([key, value]) => [`--color-${kebab(key)}`, value])),
    '--font-body': theme.fonts.body,
    '--font-heading': theme.fonts.heading,
    ...Object.fromEntries(Object.entries(theme.radii).map(([key, value]) => [`--radius-${kebab(key)}`, value])),
    '--text-xs': rem(Math.max(12, base * 0.75)),
    '--text-sm': rem(Math.max(13, base * 0.875)),
    '--text-base': rem(base),
    '--text-lg': rem(step(0.5)),
    '--text-h4': rem(step(1)),
    '--text-h3': fluid(step(1.5), step(2)),
    '--text-h2': fluid(step(2), step(3)),
    '--text-h1': fluid(step(2.5), step(4)),
    '--text-display': fluid(step(3), step(6)),
    '--line-height': String(type.lineHeight),
    '--body-weight': String(type.bodyWeight),
    '--heading-weight': String(type.headingWeight),
    '--heading-case': type.headingCase,
    '--heading-tracking': type.headingTracking,
    '--heading-line-height': String(type.headingLineHeight),
    '--label-case': type.labelCase,
    '--label-tracking': type.labelTracking,
    '--space-xs': rem(4 * space),
    '--space-s': rem(8 * space),
    '--space-m': rem(16 * space),
    '--space-l': rem(24 * space),
    '--space-xl': rem(40 * space),
    '--space-2xl': rem(64 * space),
    '--control-height': `${CONTROL_HEIGHT[density]}px`,
    ...ornamentProperties(theme),
    ...cardProperties(theme),
    ...buttonProperties(theme),
    ...heroProperties(theme),
  };
  return Object.entries(properties);
}

/** The URL the gateway serves a font file at: /brand/fonts/{the file's name}. */
export const fontFileUrl = (face: Pick<BrandFontFace, 'file'>) =>
  `/brand/fonts/${face.file.slice(face.file.lastIndexOf('/') + 1)}`;

/**
 * The @font-face rules of a theme's own fonts. `optional`: a font that is not there at once is
 * not swapped in later, so text never moves (CLS 0); a preloaded font is there at once.
 */
export function fontFaceRules(theme: Theme): string {
  return theme.fonts.faces
    .map(
      (face) =>
        `@font-face{font-family:'${face.family}';font-style:${face.style};font-weight:${face.weight};` +
        `font-display:optional;src:url(${fontFileUrl(face)}) format('woff2')}`,
    )
    .join('');
}

/**
 * The hero's motif as an SVG drawn in the brand's colours (an image, so no text and nothing to
 * read): lace-like arcs, calm pebbles, speed stripes or a basketball court's lines.
 */
export function heroArt(theme: Theme): string {
  const { colors } = theme;
  const svg = (body: string) =>
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 800 600' preserveAspectRatio='xMidYMid slice'>${body}</svg>`;
  switch (theme.hero.art) {
    case 'arcs': {
      const scallops = Array.from(
        { length: 17 },
        (_, i) =>
          `<circle cx='${i * 50}' cy='560' r='25' fill='none' stroke='${colors.primary}' stroke-opacity='.28'/>`,
      ).join('');
      return svg(
        `<rect width='800' height='600' fill='${colors.background}'/>` +
          `<circle cx='560' cy='250' r='230' fill='${colors.accent}' fill-opacity='.28'/>` +
          `<circle cx='300' cy='330' r='190' fill='${colors.accent}' fill-opacity='.2'/>` +
          `<g fill='none' stroke='${colors.primary}' stroke-opacity='.35' stroke-width='1.5'>` +
          `<circle cx='560' cy='250' r='170'/><circle cx='560' cy='250' r='200'/><circle cx='300' cy='330' r='150'/>` +
          `<path d='M60 120 Q400 -40 740 120'/><path d='M60 150 Q400 -10 740 150'/></g>${scallops}`,
      );
    }
    case 'pebbles':
      return svg(
        `<rect width='800' height='600' fill='${colors.surface}'/>` +
          `<rect x='90' y='90' width='360' height='420' rx='180' fill='${colors.accent}' fill-opacity='.22'/>` +
          `<rect x='380' y='170' width='320' height='320' rx='160' fill='${colors.primary}' fill-opacity='.14'/>` +
          `<rect x='300' y='60' width='170' height='170' rx='85' fill='${colors.background}'/>` +
          `<rect x='540' y='70' width='110' height='110' rx='55' fill='${colors.accent}' fill-opacity='.4'/>` +
          `<rect x='170' y='430' width='260' height='110' rx='55' fill='${colors.primary}' fill-opacity='.22'/>`,
      );
    case 'stripes':
      return svg(
        `<g transform='skewX(-24)'>` +
          `<rect x='730' y='-20' width='70' height='660' fill='${colors.primary}'/>` +
          `<rect x='820' y='-20' width='36' height='660' fill='${colors.accent}'/>` +
          `<rect x='876' y='-20' width='120' height='660' fill='#ffffff' fill-opacity='.09'/>` +
          `<rect x='1016' y='-20' width='18' height='660' fill='${colors.accent}' fill-opacity='.8'/></g>`,
      );
    case 'court':
      return svg(
        `<g fill='none' stroke='#ffffff' stroke-opacity='.3' stroke-width='5'>` +
          `<path d='M0 40H800'/><path d='M280 40V300H520V40'/><circle cx='400' cy='300' r='100'/>` +
          `<path d='M110 40V150A290 290 0 0 0 690 150V40'/><circle cx='400' cy='600' r='90'/></g>` +
          `<g fill='none' stroke='${colors.accent}' stroke-width='5' stroke-opacity='.7'>` +
          `<circle cx='400' cy='95' r='22'/><path d='M360 70H440'/></g>`,
      );
  }
}
