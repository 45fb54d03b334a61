import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ShellBootConfig } from '@shop/contracts';
import type { Logger } from '@shop/node-kit';
import { traceHeaders } from '@shop/node-kit/tracing';
import type { Request } from 'express';
import { z } from 'zod';

/** What the page renderer answers for a server-rendered route (ADR 0017). */
const renderSchema = z.object({
  html: z.string().max(4 * 1024 * 1024),
  head: z.object({
    title: z.string().max(500).optional(),
    tags: z
      .object({
        description: z.string().max(5000),
        canonical: z.string().max(2048),
        jsonLd: z.record(z.string(), z.unknown()),
      })
      .optional(),
  }),
  state: z.record(z.string(), z.unknown()),
  modules: z.array(z.string().regex(/^[A-Za-z]+\/[A-Za-z][A-Za-z0-9-]*$/)).max(20),
});

/**
 * A stylesheet a rendered page needs before it paints. `name` is the file's name, which the
 * browser's CSS chunk loader looks for (as `data-href`) before it loads the file itself; `css` is
 * the file's text when it is inlined in the page, else the page links `href`.
 */
export interface PageStyle {
  href: string;
  name: string;
  css?: string;
}

export type ServerRender = z.infer<typeof renderSchema> & {
  /** The stylesheets the rendered page needs before it paints: the shell's and those of the modules it rendered. */
  styles: PageStyle[];
  /**
   * The scripts it runs to hydrate, to fetch at once (preload hints): the shell's, and each
   * remote's beside the manifest they come from (the browser asks for a remote's only once its
   * manifest has loaded: a hint for a file of a remote that is down would answer its retry).
   */
  scripts: { shell: string[]; remotes: Array<{ manifest: string; scripts: string[] }> };
  /** The federation manifests of the remotes it rendered with. */
  manifests: string[];
};

export type RenderPage = (req: Request, boot: ShellBootConfig) => Promise<ServerRender | undefined>;

/**
 * Asks the page renderer for a page's markup, within `timeoutMs`. Undefined (the browser renders
 * the page, as before) when the route is not server-rendered, or the renderer fails, is slow or
 * answers something unexpected: the shopper always gets a page.
 */
export function pageRenderer(
  options: { url: string; timeoutMs: number; shellDist: string; remotesDir: string },
  logger: Logger,
): RenderPage {
  const endpoint = new URL('/render', options.url).toString();
  const assets = pageAssets(options.remotesDir, options.shellDist);
  return async (req, boot) => {
    const started = performance.now();
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        // The page's trace goes on in the renderer (W3C trace context, when tracing is on).
        headers: { 'content-type': 'application/json', ...traceHeaders() },
        body: JSON.stringify({
          url: req.originalUrl,
          boot,
          // The renderer reads the public /api of this very gateway, as the brand's site.
          apiOrigin: `http://127.0.0.1:${req.socket.localPort}`,
          host: req.headers.host ?? 'localhost',
        }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (response.status === 204) return undefined;
      if (!response.ok) {
        logger.warn('Page rendered in the browser: the renderer failed', {
          path: req.path,
          status: response.status,
          reason: (await response.text()).slice(0, 300),
        });
        return undefined;
      }
      const rendered = renderSchema.parse(await response.json());
      // The modules the page rendered with, by remote: `catalog` -> [`pages`, `QuickSearch`].
      const used = new Map<string, string[]>();
      for (const id of rendered.modules) {
        const [remote, expose] = id.split('/');
        used.set(remote, [...(used.get(remote) ?? []), expose]);
      }
      const styles = [...assets.shellStyles()];
      // Hints for the code the page needs before it can hydrate, so the browser fetches it with
      // the HTML instead of in turn (the shell's code, then each remote's entry, then its modules).
      const scripts: ServerRender['scripts'] = { shell: assets.shellScripts(), remotes: [] };
      const manifests: string[] = [];
      for (const [remote, exposes] of used) {
        const entry = boot.remotes[remote as keyof typeof boot.remotes];
        if (!entry) continue;
        manifests.push(entry.manifestUrl);
        styles.push(...assets.styles(remote, entry.version, entry.manifestUrl, exposes));
        scripts.remotes.push({
          manifest: entry.manifestUrl,
          scripts: assets.scripts(remote, entry.version, entry.manifestUrl, exposes),
        });
      }
      logger.debug('Page rendered on the server', { path: req.path, ms: Math.round(performance.now() - started) });
      // A file two modules import is on the page once (its name carries its content's hash).
      const unique = styles.filter((style, index) => styles.findIndex((other) => other.name === style.name) === index);
      return { ...rendered, styles: inlineWithin(unique, INLINE_CSS_BUDGET), scripts, manifests };
    } catch (error) {
      logger.warn('Page rendered in the browser: no answer from the renderer in time', {
        path: req.path,
        reason: error instanceof Error ? error.message : String(error),
      });
      return undefined;
    }
  };
}

/**
 * The most CSS a page carries inline (about 10 KB compressed today): the first stylesheets up to
 * it are inlined, the rest linked. A page's first paint then waits for no stylesheet request
 * (ADR 0017 addendum); a stylesheet over the budget still arrives, as a link.
 */
export const INLINE_CSS_BUDGET = 96 * 1024;

/** The styles in order, inlined while they fit in `budget` characters, linked from there on. */
export function inlineWithin(styles: PageStyle[], budget: number): PageStyle[] {
  let used = 0;
  let linking = false;
  return styles.map((style) => {
    if (!linking && style.css !== undefined && used + style.css.length <= budget) {
      used += style.css.length;
      return style;
    }
    linking = true;
    return { href: style.href, name: style.name };
  });
}

/**
 * A stylesheet's text, when it can be moved into the page unchanged: no way to close the <style>
 * element, and no relative url() (which would resolve against the page instead of the file).
 */
export function inlinableCss(css: string): string | undefined {
  if (/<\/style/i.test(css)) return undefined;
  for (const match of css.matchAll(/url\(\s*(['"]?)([^'")]*)\1\s*\)/gi)) {
    if (!/^(data:|https?:|\/)/i.test(match[2])) return undefined;
  }
  return css;
}

/** A file of a build folder, read once (the folders are immutable versions): its text, or undefined. */
function cssFile(folder: string, name: string, cache: Map<string, string | undefined>): string | undefined {
  const file = join(folder, name);
  if (!cache.has(file)) cache.set(file, existsSync(file) ? inlinableCss(readFileSync(file, 'utf8')) : undefined);
  return cache.get(file);
}

const filesSchema = z.object({ sync: z.array(z.string()), async: z.array(z.string()) });
const assetsSchema = z.object({
  css: filesSchema,
  js: filesSchema.default({ sync: [], async: [] }),
});
const manifestSchema = z.object({
  metaData: z.object({ remoteEntry: z.object({ name: z.string() }) }).optional(),
  exposes: z.array(z.object({ name: z.string(), assets: assetsSchema })),
  shared: z.array(z.object({ name: z.string(), assets: assetsSchema })),
});
type Manifest = z.infer<typeof manifestSchema>;

/** A file name a manifest may name: a plain name in the version's folder, never a path or URL. */
const isAssetName = (name: string, extension: 'css' | 'js') =>
  new RegExp(`^[\\w.-]+\\.${extension}$`).test(name) && !name.startsWith('.');

/**
 * The shared modules the shell provides (its mf-manifest.json): the browser uses the shell's copy
 * of those, with the shell's stylesheets, and a remote's own copy of the rest.
 */
function shellManifest(shellDist: string): () => Manifest | undefined {
  let cached: { manifest?: Manifest } | undefined;
  return () => {
    if (cached) return cached.manifest;
    const file = join(shellDist, 'mf-manifest.json');
    const parsed = existsSync(file) ? manifestSchema.safeParse(JSON.parse(readFileSync(file, 'utf8'))) : undefined;
    cached = { manifest: parsed?.success ? parsed.data : undefined };
    return cached.manifest;
  };
}

/** What a server-rendered page loads at once, in URLs of this brand's site (files per version, URLs per request). */
export interface PageAssets {
  /**
   * A remote's stylesheets for the modules the page rendered with (`pages`: all of the pages',
   * as the server does not know which page chunk the route uses) and those of the design-system
   * groups the shell does not provide.
   */
  styles(remote: string, version: string, manifestUrl: string, exposes: string[]): PageStyle[];
  /** The shell's stylesheets (its own and the design-system groups it provides): every page needs them. */
  shellStyles(): PageStyle[];
  /** The remote's entry and the code of the modules the page rendered with (`pages`, `QuickSearch`, ...). */
  scripts(remote: string, version: string, manifestUrl: string, exposes: string[]): string[];
  /** The shell's shared modules (React, the router, the store, ...): every page runs them. */
  shellScripts(): string[];
}

/**
 * A remote version's files from its mf-manifest.json (read once per version; versions never
 * change), as URLs beside the manifest: the files the browser would load for the page, so a hint
 * or a stylesheet link never makes it load one twice. A stylesheet from another brand's origin
 * would be refused by this page's CSP, so the URLs follow the manifest's, which is this site's.
 */
export function pageAssets(remotesDir: string, shellDist: string): PageAssets {
  const shell = shellManifest(shellDist);
  const provided = () => new Set((shell()?.shared ?? []).map((shared) => shared.name));
  const manifests = new Map<string, Manifest | undefined>();
  const manifestOf = (remote: string, version: string) => {
    const key = `${remote}@${version}`;
    if (!manifests.has(key)) {
      const file = join(remotesDir, remote, version, 'mf-manifest.json');
      const valid = /^[A-Za-z]+$/.test(remote) && /^[0-9A-Za-z][0-9A-Za-z.+-]{0,79}$/.test(version) && existsSync(file);
      const parsed = valid ? manifestSchema.safeParse(JSON.parse(readFileSync(file, 'utf8'))) : undefined;
      manifests.set(key, parsed?.success ? parsed.data : undefined);
    }
    return manifests.get(key);
  };
  const beside = (manifestUrl: string, names: string[]) => {
    const base = new URL(manifestUrl, 'http://page.invalid');
    return names.map((name) => {
      const url = new URL(name, base);
      return url.origin === 'http://page.invalid' ? url.pathname : url.toString();
    });
  };
  const styleNames = new Map<string, string[]>();
  const scriptNames = new Map<string, string[]>();
  const texts = new Map<string, string | undefined>();
  let shellStyleNames: string[] | undefined;
  return {
    styles(remote, version, manifestUrl, exposes) {
      const key = `${remote}@${version}|${[...exposes].sort().join(',')}`;
      let names = styleNames.get(key);
      if (!names) {
        const manifest = manifestOf(remote, version);
        if (!manifest) return [];
        const css = (assets: Manifest['shared'][number]['assets']) => [...assets.css.sync, ...assets.css.async];
        const ui = manifest.shared.filter((shared) => shared.name.startsWith('@shop/ui/'));
        // The remote's copy of a group the shell provides is never loaded: the shell's is.
        const shellsCopy = new Set(
          ui.filter((shared) => provided().has(shared.name)).flatMap((shared) => css(shared.assets)),
        );
        names = [
          ...new Set([
            ...manifest.exposes
              .filter((expose) => exposes.includes(expose.name))
              .flatMap((expose) => css(expose.assets)),
            ...ui.filter((shared) => !provided().has(shared.name)).flatMap((shared) => css(shared.assets)),
          ]),
        ].filter((name) => isAssetName(name, 'css') && !shellsCopy.has(name));
        styleNames.set(key, names);
      }
      const folder = join(remotesDir, remote, version);
      const hrefs = beside(manifestUrl, names);
      return names.map((name, index) => ({ href: hrefs[index], name, css: cssFile(folder, name, texts) }));
    },
    shellStyles() {
      if (!shellStyleNames) {
        if (!existsSync(shellDist)) return [];
        shellStyleNames = readdirSync(shellDist)
          .filter((file) => isAssetName(file, 'css'))
          .sort();
      }
      return shellStyleNames.map((name) => ({ href: `/shell/${name}`, name, css: cssFile(shellDist, name, texts) }));
    },
    scripts(remote, version, manifestUrl, exposes) {
      const key = `${remote}@${version}|${[...exposes].sort().join(',')}`;
      let names = scriptNames.get(key);
      if (!names) {
        const manifest = manifestOf(remote, version);
        if (!manifest?.metaData) return [];
        names = [
          manifest.metaData.remoteEntry.name,
          ...manifest.exposes
            .filter((expose) => exposes.includes(expose.name))
            .flatMap((expose) => expose.assets.js.sync),
        ].filter((name, index, all) => isAssetName(name, 'js') && all.indexOf(name) === index);
        names = oneCopyEach(names);
        scriptNames.set(key, names);
      }
      return beside(manifestUrl, names);
    },
    shellScripts() {
      const names = (shell()?.shared ?? []).flatMap((shared) => shared.assets.js.sync);
      return oneCopyEach([...new Set(names)].filter((name) => isAssetName(name, 'js'))).map((name) => `/shell/${name}`);
    },
  };
}

/**
 * One file of each content: webpack can write one chunk under two ids (`293.184d7345.js` and
 * `674.184d7345.js`, the same text registering both), and the browser loads only one of them, so
 * a hint for the other would fetch a file nothing runs (and the browser warns of it).
 */
function oneCopyEach(names: string[]): string[] {
  const seen = new Set<string>();
  return names.filter((name) => {
    const hash = /\.([0-9a-f]{8,})\.js$/.exec(name)?.[1];
    if (!hash) return true;
    if (seen.has(hash)) return false;
    seen.add(hash);
    return true;
  });
}
