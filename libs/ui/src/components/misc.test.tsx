import type { ShellBootConfig, Theme } from '@shop/contracts/browser';
import { BootConfigProvider } from '@shop/platform';
import { render, screen } from '@testing-library/react';
import { PageShell } from '../page-shell';
import { applyTheme, themeProperties } from '../theme';
import { Button, buttonClassName } from './button';
import { Card } from './card';
import { LoadingStatus, Skeleton } from './skeleton';
import { Notice } from './notice';

const theme: Theme = {
  colors: {
    primary: '#111111',
    onPrimary: '#ffffff',
    accent: '#222222',
    background: '#fafafa',
    surface: '#ffffff',
    text: '#000000',
    muted: '#666666',
    border: '#dddddd',
    error: '#b00020',
    headerBackground: '#000000',
    headerText: '#ffffff',
    footerBackground: '#000000',
    footerText: '#ffffff',
  },
  fonts: { body: 'Inter, sans-serif', heading: 'Georgia, serif', faces: [] },
  radii: { small: '2px', medium: '4px', large: '999px' },
  type: {
    baseSize: 16,
    scale: 1.25,
    lineHeight: 1.5,
    bodyWeight: 400,
    headingWeight: 700,
    headingCase: 'none',
    headingTracking: '0',
    headingLineHeight: 1.2,
    labelCase: 'uppercase',
    labelTracking: '0.1em',
  },
  density: 'regular',
  ornament: 'bar',
  card: { style: 'outlined', radius: 'medium', imageBackground: '#eeeeee', align: 'start' },
  button: { shape: 'pill', case: 'none', tracking: '0', weight: 600 },
  hero: { layout: 'split', artSide: 'end', art: 'pebbles', fullBleed: false, align: 'start' },
};

describe('Button', () => {
  it('is a non-submitting button unless told otherwise, with the look it is given', () => {
    render(
      <form>
        <Button variant="secondary">Continue</Button>
        <Button type="submit">Send</Button>
      </form>,
    );
    expect(screen.getByRole('button', { name: 'Continue' }).getAttribute('type')).toBe('button');
    expect(screen.getByRole('button', { name: 'Continue' }).className).toBe('ui-button ui-button--secondary');
    expect(screen.getByRole('button', { name: 'Send' }).getAttribute('type')).toBe('submit');
    expect(buttonClassName({ size: 'small' }, 'hero__cta')).toBe('ui-button ui-button--small hero__cta');
  });
});

describe('Card and Skeleton', () => {
  it('renders a card as the element asked for', () => {
    render(
      <ul>
        <Card as="li" look="outlined">
          Tee
        </Card>
      </ul>,
    );
    expect(screen.getByRole('listitem').className).toBe('ui-card ui-card--outlined');
  });

  it('hides skeletons from assistive technology and labels the loading region', () => {
    const { container } = render(
      <>
        <Skeleton shape="card" />
        <LoadingStatus label="Loading products" shapes={['line', 'block']} />
      </>,
    );
    expect(container.querySelector('.ui-skeleton--card')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('status', { name: 'Loading products' }).getAttribute('aria-busy')).toBe('true');
  });
});

describe('PageShell', () => {
  it('keeps the build in a data attribute, not in the page text', () => {
    const config = { brand: { name: 'Rally Athletic' } } as ShellBootConfig;
    const { container } = render(
      <BootConfigProvider value={config}>
        <PageShell remote="catalog" version="0.1.0" page="product" title="Court tee" />
      </BootConfigProvider>,
    );
    const root = container.querySelector('article');
    expect(root?.getAttribute('data-remote-build')).toBe('0.1.0');
    expect(root?.textContent).toBe('Court tee');
    expect(document.title).toBe('Court tee | Rally Athletic');
  });

  it('titles a page "{page} | {brand}", and a title that already names the brand as it is', () => {
    const config = { brand: { name: 'Hoopcraft' } } as ShellBootConfig;
    const page = (title: string) => (
      <BootConfigProvider value={config}>
        <PageShell remote="content" version="0.1.0" page="home" title={title} />
      </BootConfigProvider>
    );
    const { rerender } = render(page('Hoopcraft — Basketball gear and apparel'));
    expect(document.title).toBe('Hoopcraft — Basketball gear and apparel');
    rerender(page(''));
    expect(document.title).toBe('Hoopcraft');
  });
});

describe('theme tokens', () => {
  it('names the custom properties as the gateway inlines them, design tokens included', () => {
    const names = themeProperties(theme).map(([name]) => name);
    expect(names).toEqual(
      expect.arrayContaining([
        '--color-primary',
        '--color-on-primary',
        '--color-header-background',
        '--font-body',
        '--font-heading',
        '--radius-large',
        '--text-h1',
        '--heading-weight',
        '--space-m',
        '--control-height',
        '--card-border',
        '--button-radius',
        '--hero-art',
      ]),
    );
    expect(new Set(names).size).toBe(names.length);
  });

  it('sets them on the document root', () => {
    applyTheme(theme);
    expect(document.documentElement.style.getPropertyValue('--color-on-primary')).toBe('#ffffff');
    expect(document.documentElement.style.getPropertyValue('--font-heading')).toBe('Georgia, serif');
    expect(document.documentElement.style.getPropertyValue('--card-border')).toBe('1px solid #dddddd');
    expect(document.documentElement.style.getPropertyValue('--button-radius')).toBe('999px');
  });
});

describe('Notice', () => {
  it('is an alert paragraph for a form error, or a box holding a message and its retry', () => {
    const { container } = render(
      <>
        <Notice role="alert" tone="error">
          Sign-in failed.
        </Notice>
        <Notice as="div" role="status">
          <p>We couldn’t load stores just now.</p>
          <Button>Try again</Button>
        </Notice>
      </>,
    );
    expect(screen.getByRole('alert').tagName).toBe('P');
    expect(screen.getByRole('alert').className).toBe('ui-notice ui-notice--error');
    expect(screen.getByRole('status').className).toBe('ui-notice ui-notice--box');
    expect(container.querySelectorAll('button')).toHaveLength(1);
  });
});
