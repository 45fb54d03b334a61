import { EARLY_INPUT_SCRIPT, type ShellBootConfig, fontFileUrl } from '@shop/contracts';
import { themeToCss } from '@shop/brands';
import escapeHtml from 'escape-html';
import type { ServerRender } from './page-renderer';

/** JSON that is safe inside a <script> element: no way to close the tag or break the parser. */
export const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The shell's HTML for one brand: title, theme tokens, preload hints and the inlined boot config;
 * with a server render (ADR 0017) also the page's markup, its head tags and stylesheets, and the
 * data it was rendered with. A `noindex` page (the admin's) tells search engines to leave it out.
 */
export function renderShellPage(
  template: string,
  boot: ShellBootConfig,
  preloadManifests: string[],
  server?: ServerRender,
  { noindex = false }: { noindex?: boolean } = {},
): string {
  const { brand } = boot;
  const tags = server?.head.tags;
  const head = [
    // First, so that it listens before anything can be tapped (ADR 0025); allowed by its hash (CSP).
    `<script>${EARLY_INPUT_SCRIPT}</script>`,
    `<title>${escapeHtml(server?.head.title ?? brand.name)}</title>`,
    ...(noindex ? ['<meta name="robots" content="noindex" />'] : []),
    `<meta name="description" content="${escapeHtml((tags?.description ?? brand.tagline).slice(0, 300))}"${tags ? ' data-server-head' : ''} />`,
    `<meta name="theme-color" content="${brand.theme.colors.headerBackground}" />`,
    `<link rel="icon" href="/brand/logo.svg" type="image/svg+xml" />`,
    // The first screen's fonts (ADR 0019: at most two), so font-display: optional finds them in time.
    ...brand.theme.fonts.faces
      .filter((face) => face.preload)
      .map((face) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${fontFileUrl(face)}" />`),
    `<style id="brand-theme">${themeToCss(brand.theme)}</style>`,
    // Inlined stylesheets carry their file's name, so the browser's CSS chunk loader finds them
    // and does not load the file again; a linked one says it too.
    ...(server?.styles ?? []).map(({ href, name, css }) =>
      css === undefined
        ? `<link rel="stylesheet" href="${escapeHtml(href)}" data-href="${escapeHtml(name)}" />`
        : `<style data-href="${escapeHtml(name)}">${css}</style>`,
    ),
    ...(tags
      ? [
          `<link rel="canonical" href="${escapeHtml(new URL(tags.canonical, boot.origin).toString())}" data-server-head />`,
          `<script type="application/ld+json" data-server-head>${scriptSafeJson(tags.jsonLd)}</script>`,
        ]
      : []),
    ...[...new Set([...preloadManifests, ...(server?.manifests ?? [])])].map(
      (url) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(url)}" />`,
    ),
  ].join('\n    ');
  const config = [
    `<script id="__SHOP_CONFIG__" type="application/json">${scriptSafeJson(boot)}</script>`,
    ...(server
      ? [
          `<script id="__SHOP_SSR__" type="application/json">${scriptSafeJson({ state: server.state, modules: server.modules })}</script>`,
          // The code the page hydrates with, which the shell asks for once the page has painted.
          `<script id="__SHOP_PRELOAD__" type="application/json">${scriptSafeJson(server.scripts)}</script>`,
        ]
      : []),
  ].join('');
  return template
    .replace(HTML_TAG, `<html$1 data-brand="${brand.id}">`)
    .replace(HEAD_SLOT, () => head)
    .replace(ROOT_SLOT, (root) => (server ? root.replace('></div>', `>${server.html}</div>`) : root))
    .replace(CONFIG_SLOT, () => config);
}

// The built template is minified, so its placeholders are matched with or without quotes.
const HTML_TAG = /<html([^>]*)>/;
const HEAD_SLOT = /<meta name="?shop-head"?[^>]*>/;
const CONFIG_SLOT = /<template id="?shop-config"?><\/template>/;
const ROOT_SLOT = /<div id="?root"?><\/div>/;

/** Refuses a template that lacks the placeholders, rather than serving a page that cannot boot. */
export function assertShellTemplate(template: string, source: string): string {
  if (!HEAD_SLOT.test(template) || !CONFIG_SLOT.test(template) || !ROOT_SLOT.test(template)) {
    throw new Error(`${source} lacks the shop-head, root and shop-config placeholders`);
  }
  return template;
}
