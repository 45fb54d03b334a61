import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ShellBootConfig } from '@shop/contracts';
import type { Logger } from '@shop/node-kit';
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

export type ServerRender = z.infer<typeof renderSchema> & {
  /** The stylesheets the rendered page needs before it paints: the shell's and the page remote's. */
  styles: string[];
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
  const shellStyles = shellStylesheets(options.shellDist);
  const assets = pageAssets(options.remotesDir, options.shellDist);
  return async (req, boot) => {
    const started = performance.now();
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
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
      const styles = [...shellStyles()];
      // Hints for the code the page needs before it can hydrate, so the browser fetches it with
      // the HTML instead of in turn (the shell's code, then each remote's entry, then its modules).
      const scripts: ServerRender['scripts'] = { shell: assets.shellScripts(), remotes: [] };
      const manifests: string[] = [];
      for (const [remote, exposes] of used) {
        const entry = boot.remotes[remote as keyof typeof boot.remotes];
        if (!entry) continue;
        manifests.push(entry.manifestUrl);
        styles.push(...assets.styles(remote, entry.version, entry.manifestUrl));
        scripts.remotes.push({
          manifest: entry.manifestUrl,
          scripts: assets.scripts(remote, entry.version, entry.manifestUrl, exposes),
        });
      }
      logger.debug('Page rendered on the server', { path: req.path, ms: Math.round(performance.now() - started) });
      return { ...rendered, styles, scripts, manifests };
    } catch (error) {
      logger.warn('Page rendered in the browser: no answer from the renderer in time', {
        path: req.path,
        reason: error instanceof Error ? error.message : String(error),
      });
      return undefined;
    }
  };
}

/** The shell's stylesheets (a few KB): the browser loads them with the shell's code, a rendered page needs them at once. */
function shellStylesheets(shellDist: string): () => string[] {
  let cached: string[] | undefined;
  return () => {
    if (cached) return cached;
    if (!existsSync(shellDist)) return [];
    cached = readdirSync(shellDist)
      .filter((file) => /^[\w.-]+\.css$/.test(file))
      .sort()
      .map((file) => `/shell/${file}`);
    return cached;
  };
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
  /** The page remote's stylesheets and those of the design-system groups the shell does not provide. */
  styles(remote: string, version: string, manifestUrl: string): string[];
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
  return {
    styles(remote, version, manifestUrl) {
      const key = `${remote}@${version}`;
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
            ...manifest.exposes.filter((expose) => expose.name === 'pages').flatMap((expose) => css(expose.assets)),
            ...ui.filter((shared) => !provided().has(shared.name)).flatMap((shared) => css(shared.assets)),
          ]),
        ].filter((name) => isAssetName(name, 'css') && !shellsCopy.has(name));
        styleNames.set(key, names);
      }
      return beside(manifestUrl, names);
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
        scriptNames.set(key, names);
      }
      return beside(manifestUrl, names);
    },
    shellScripts() {
      const names = (shell()?.shared ?? []).flatMap((shared) => shared.assets.js.sync);
      return [...new Set(names)].filter((name) => isAssetName(name, 'js')).map((name) => `/shell/${name}`);
    },
  };
}
