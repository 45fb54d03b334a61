import { type Theme, themeSchema } from './brand';
import { fontFaceRules, fontFileUrl, heroArt, themeCustomProperties } from './theme-tokens';

const theme: Theme = {
  colors: {
    primary: '#6b1f4f',
    onPrimary: '#ffffff',
    accent: '#c58b7b',
    background: '#fdf4f5',
    surface: '#ffffff',
    text: '#2b1a24',
    muted: '#73606b',
    border: '#ecd9de',
    error: '#a8173a',
    headerBackground: '#fdf4f5',
    headerText: '#6b1f4f',
    footerBackground: '#6b1f4f',
    footerText: '#fbe9ee',
  },
  fonts: {
    body: "'Jost Variable', Arial, sans-serif",
    heading: "'Cormorant Garamond Variable', Georgia, serif",
    faces: [
      {
        family: 'Jost Variable',
        file: '@fontsource-variable/jost/files/jost-latin-wght-normal.woff2',
        weight: '100 900',
        style: 'normal',
        preload: true,
      },
    ],
  },
  radii: { small: '2px', medium: '4px', large: '8px' },
  type: {
    baseSize: 16,
    scale: 1.25,
    lineHeight: 1.6,
    bodyWeight: 400,
    headingWeight: 500,
    headingCase: 'none',
    headingTracking: '0',
    headingLineHeight: 1.1,
    labelCase: 'uppercase',
    labelTracking: '0.14em',
  },
  density: 'airy',
  ornament: 'hairline',
  card: { style: 'plain', radius: 'none', imageBackground: '#f9e9ec', align: 'center' },
  button: { shape: 'square', case: 'uppercase', tracking: '0.14em', weight: 500 },
  hero: { layout: 'split', artSide: 'end', art: 'arcs', fullBleed: true, align: 'start' },
};

const properties = (value: Theme) => Object.fromEntries(themeCustomProperties(value));

describe('brand design tokens', () => {
  it('accepts a complete theme and names the key of a bad token', () => {
    expect(themeSchema.safeParse(theme).success).toBe(true);
    const bad = themeSchema.safeParse({ ...theme, card: { ...theme.card, style: 'glossy' } });
    expect(bad.success || bad.error.issues[0].path.join('.')).toBe('card.style');
    const shouting = themeSchema.safeParse({ ...theme, type: { ...theme.type, headingTracking: '2px' } });
    expect(shouting.success || shouting.error.issues[0].path.join('.')).toBe('type.headingTracking');
  });

  it('refuses a font list or font file that could break out of the page’s style element', () => {
    const fonts = (change: Partial<Theme['fonts']>) =>
      themeSchema.safeParse({ ...theme, fonts: { ...theme.fonts, ...change } });
    expect(fonts({ body: 'Arial}</style><script>' }).success).toBe(false);
    expect(fonts({ faces: [{ ...theme.fonts.faces[0], file: '../../etc/passwd.woff2' }] }).success).toBe(false);
  });

  it('allows at most two preloaded font files', () => {
    const face = theme.fonts.faces[0];
    const three = themeSchema.safeParse({ ...theme, fonts: { ...theme.fonts, faces: [face, face, face] } });
    expect(three.success).toBe(false);
  });

  it('derives a modular type scale from the body size, growing with the window', () => {
    const css = properties(theme);
    expect(css['--text-base']).toBe('1rem');
    expect(css['--text-h4']).toBe('1.25rem');
    // h2 grows from 1.25^2 x 16 px at 390 px to 1.25^3 x 16 px at 1280 px.
    expect(css['--text-h2']).toMatch(/^clamp\(1\.563rem, .+vw, 1\.953rem\)$/);
    expect(css['--heading-case']).toBe('none');
    expect(css['--label-case']).toBe('uppercase');
  });

  it('turns the named card, button, density and hero choices into CSS values', () => {
    const lingerie = properties(theme);
    expect(lingerie).toMatchObject({
      '--card-background': 'transparent',
      '--card-shadow': 'none',
      '--card-radius': '0',
      '--card-align': 'center',
      '--button-radius': '0',
      '--button-font-size': 'var(--text-sm)',
      '--space-m': '1.3rem',
      '--control-height': '50px',
      '--hero-columns': 'minmax(0, 1fr) minmax(0, 1fr)',
      '--hero-bleed': '1',
      '--header-edge': '1px solid #ecd9de',
    });
    const sporty = properties({
      ...theme,
      density: 'compact',
      ornament: 'bar',
      card: { ...theme.card, style: 'elevated', radius: 'large' },
      button: { ...theme.button, shape: 'pill', case: 'none' },
      hero: { ...theme.hero, layout: 'overlay', fullBleed: false, art: 'court' },
    });
    expect(sporty).toMatchObject({
      '--card-background': '#ffffff',
      '--card-radius': '8px',
      '--button-radius': '999px',
      '--control-height': '44px',
      '--hero-columns': 'minmax(0, 1fr)',
      '--hero-bleed': '0',
      '--header-edge': '4px solid #c58b7b',
    });
    expect(sporty['--card-shadow']).not.toBe('none');
    expect(sporty['--hero-image']).toMatch(/^linear-gradient\(.+\), url\("data:image\/svg\+xml,/);
  });

  it('keeps every value inside its style element', () => {
    for (const [name, value] of themeCustomProperties(theme)) {
      expect(name).toMatch(/^--[a-z0-9-]+$/);
      expect(value).not.toMatch(/[<>;{}]/);
    }
  });

  it('draws each hero motif in the brand’s colours', () => {
    for (const art of ['arcs', 'pebbles', 'stripes', 'court'] as const) {
      const svg = heroArt({ ...theme, hero: { ...theme.hero, art } });
      expect(svg).toMatch(/^<svg xmlns='http:\/\/www\.w3\.org\/2000\/svg'.*<\/svg>$/);
      expect(svg).not.toMatch(/<text|<script/);
    }
    expect(heroArt(theme)).toContain(theme.colors.accent);
  });

  it('declares the brand’s own font files, served by the gateway and never swapped in late', () => {
    expect(fontFileUrl(theme.fonts.faces[0])).toBe('/brand/fonts/jost-latin-wght-normal.woff2');
    expect(fontFaceRules(theme)).toBe(
      "@font-face{font-family:'Jost Variable';font-style:normal;font-weight:100 900;font-display:optional;" +
        "src:url(/brand/fonts/jost-latin-wght-normal.woff2) format('woff2')}",
    );
  });
});
