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
  const remoteStyles = remoteStylesheets(options.remotesDir, shellProvides(options.shellDist));
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
      const pageRemotes = rendered.modules.map((id) => id.split('/')[0]);
      const styles = [
        ...shellStyles(),
        ...pageRemotes.flatMap((remote) => {
          const entry = boot.remotes[remote as keyof typeof boot.remotes];
          return entry ? remoteStyles(remote, entry.version, entry.manifestUrl) : [];
        }),
      ];
      logger.debug('Page rendered on the server', { path: req.path, ms: Math.round(performance.now() - started) });
      return { ...rendered, styles };
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

const manifestSchema = z.object({
  exposes: z.array(
    z.object({
      name: z.string(),
      assets: z.object({ css: z.object({ sync: z.array(z.string()), async: z.array(z.string()) }) }),
    }),
  ),
  shared: z.array(
    z.object({
      name: z.string(),
      assets: z.object({ css: z.object({ sync: z.array(z.string()), async: z.array(z.string()) }) }),
    }),
  ),
});

const shellManifestSchema = z.object({ shared: z.array(z.object({ name: z.string() })) });

/**
 * The shared modules the shell provides (its mf-manifest.json): the browser uses the shell's copy
 * of those, with the shell's stylesheets, and a remote's own copy of the rest.
 */
function shellProvides(shellDist: string): () => Set<string> {
  let cached: Set<string> | undefined;
  return () => {
    if (cached) return cached;
    const file = join(shellDist, 'mf-manifest.json');
    const parsed = existsSync(file) ? shellManifestSchema.safeParse(JSON.parse(readFileSync(file, 'utf8'))) : undefined;
    cached = new Set(parsed?.success ? parsed.data.shared.map((shared) => shared.name) : []);
    return cached;
  };
}

/**
 * A remote version's stylesheets for its pages, and for the design-system groups the shell does
 * not provide, from its mf-manifest.json (read once per version; versions never change), as URLs
 * beside the manifest: the files the browser would load for the page, so none is loaded twice.
 */
function remoteStylesheets(remotesDir: string, provided: () => Set<string>) {
  const cache = new Map<string, string[]>();
  return (remote: string, version: string, manifestUrl: string): string[] => {
    // The file names are per version; the URLs per request, beside the manifest of this brand's
    // site (a stylesheet from another brand's origin would be refused by this page's CSP).
    const key = `${remote}@${version}`;
    let files = cache.get(key);
    if (!files) {
      const file = join(remotesDir, remote, version, 'mf-manifest.json');
      if (!/^[A-Za-z]+$/.test(remote) || !/^[0-9A-Za-z][0-9A-Za-z.+-]{0,79}$/.test(version) || !existsSync(file)) {
        return [];
      }
      const parsed = manifestSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      if (!parsed.success) return [];
      const css = (assets: { css: { sync: string[]; async: string[] } }) => [...assets.css.sync, ...assets.css.async];
      const ui = parsed.data.shared.filter((shared) => shared.name.startsWith('@shop/ui/'));
      // The remote's copy of a group the shell provides is never loaded: the shell's is.
      const shellsCopy = new Set(
        ui.filter((shared) => provided().has(shared.name)).flatMap((shared) => css(shared.assets)),
      );
      files = [
        ...new Set([
          ...parsed.data.exposes.filter((expose) => expose.name === 'pages').flatMap((expose) => css(expose.assets)),
          ...ui.filter((shared) => !provided().has(shared.name)).flatMap((shared) => css(shared.assets)),
        ]),
      ].filter((name) => /^[\w.-]+\.css$/.test(name) && !shellsCopy.has(name));
      cache.set(key, files);
    }
    const base = new URL(manifestUrl, 'http://page.invalid');
    return files.map((name) => {
      const url = new URL(name, base);
      return url.origin === 'http://page.invalid' ? url.pathname : url.toString();
    });
  };
}
