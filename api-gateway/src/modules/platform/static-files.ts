import { join, posix } from 'node:path';
import type { BrandCatalog } from '@shop/brands';
import express, { type RequestHandler, Router, type Response } from 'express';
import { brandOf } from '../../entry-points/http/middleware/brand';
import type { BuildAccess } from './build-access';
import type { IsReleased } from './released-versions';

const YEAR = 365 * 24 * 60 * 60;
const WEEK = 7 * 24 * 60 * 60;

/**
 * Headers that govern a document (what it may load, frame or send as referrer, how it is
 * isolated) and mean nothing on a script, stylesheet, source map, manifest or font, which a
 * browser never renders as a page that runs code. A first visit fetches some forty such files;
 * over HTTP/1.1 each repeats its headers uncompressed, and these came to ~0.7 KB a file: a
 * sixth of a phone's first-load script bytes. Every page, HTML file and SVG keeps all of them;
 * `X-Content-Type-Options: nosniff` and the resource policy stay on every file.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
const NEVER_A_DOCUMENT = /\.(js|css|map|json|woff2)$/;

/** Drops the document-only headers from a file of a type that is never a document. */
function buildFileHeaders(res: Response, file: string): void {
  if (NEVER_A_DOCUMENT.test(file)) for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
}

const notFound = (res: Response) =>
  res
    // Never kept by a cache: a version folder hidden today is served once it is released.
    .status(404)
    .set('cache-control', 'no-store')
    .json({ error: { code: 'NOT_FOUND', message: 'Not found', correlationId: res.locals.correlationId } });

/**
 * The segments of a path as the file server will resolve it (percent-decoded, `.` and `//`
 * resolved), so `/catalog/./1.0.0/x.js` or `%73erver` is judged as what it opens. Undefined for
 * what the file server refuses by itself (undecodable, a NUL, a `..` segment: 400 and 403).
 */
function resolvedSegments(urlPath: string): string[] | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || /(^|[\\/])\.\.([\\/]|$)/.test(decoded)) return undefined;
  return posix.normalize(decoded).split('/').filter(Boolean);
}

/** Responses the gate let through for the team only: never stored by a shared cache. */
const teamOnly = new WeakSet<Response>();

/**
 * Who may fetch a built file: `public` for anyone, `team` for staff, the ops key or a previewer
 * (anyone else gets 404, as if it did not exist: nothing is disclosed), `none` for no browser.
 */
type Audience = 'public' | 'team' | 'none';

function buildFileGate(audienceOf: (segments: string[]) => Audience, access: BuildAccess): RequestHandler {
  return async (req, res, next) => {
    const segments = resolvedSegments(req.path);
    if (!segments) return next();
    const audience = audienceOf(segments);
    if (audience === 'public') return next();
    if (audience === 'team' && (await access(req, res))) {
      teamOnly.add(res);
      return next();
    }
    notFound(res);
  };
}

export interface BuildFileRules {
  /** Whether a remote version was ever released (released-versions.ts). */
  isReleased: IsReleased;
  access: BuildAccess;
  /** Source maps for everyone (development and test); elsewhere only the team's. */
  publicSourceMaps: boolean;
}

/**
 * The shell's hashed assets and the versioned remote folders are immutable: cache them for a
 * year. The brand logo varies by host; a brand serves only its own font files (ADR 0019), whose
 * names are those of the font package's files.
 *
 * What shoppers see of the builds: the shell, and the files of every remote version ever
 * released (live, in a canary, or once: a page loaded before a release keeps loading its chunks).
 * A version published and never released, the remotes' `versions.json` (every version that
 * exists) and, in production, source maps are the team's (404 to anyone else); server builds
 * (ADR 0017) are the renderer's, never a browser's. The build keeps writing source maps: they stay
 * on disk for the team.
 */
export function staticFiles(
  catalog: BrandCatalog,
  shellDist: string,
  remotesDir: string,
  { isReleased, access, publicSourceMaps }: BuildFileRules,
): Router {
  const router = Router();
  const sourceMap = (segments: string[]) => !publicSourceMaps && /\.map$/i.test(segments.at(-1) ?? '');
  router.use(
    '/shell',
    buildFileGate((segments) => (segments[0] === 'server' ? 'none' : sourceMap(segments) ? 'team' : 'public'), access),
    express.static(shellDist, {
      index: false,
      fallthrough: false,
      // Each file's name carries its content's hash, and the ETag revalidates: no date needed.
      lastModified: false,
      setHeaders: (res, path) => {
        res.setHeader('cache-control', path.endsWith('.html') ? 'no-cache' : `public, max-age=${YEAR}, immutable`);
        buildFileHeaders(res, path);
        if (teamOnly.has(res)) res.setHeader('cache-control', 'private, no-store');
      },
    }),
  );
  router.use(
    '/remotes',
    buildFileGate(([remote, version, ...rest]) => {
      if (rest[0] === 'server') return 'none';
      if (sourceMap([remote, version, ...rest])) return 'team';
      // versions.json, and anything outside a released version's folder.
      return rest.length > 0 && isReleased(remote, version) ? 'public' : 'team';
    }, access),
    express.static(remotesDir, {
      index: false,
      fallthrough: false,
      dotfiles: 'deny',
      lastModified: false,
      setHeaders: (res, path) => {
        buildFileHeaders(res, path);
        res.setHeader('access-control-allow-origin', '*');
        res.setHeader('cross-origin-resource-policy', 'cross-origin');
        // versions.json lists what exists and changes; everything inside a version folder never does.
        res.setHeader(
          'cache-control',
          teamOnly.has(res)
            ? 'private, no-store'
            : path.endsWith('versions.json')
              ? 'no-cache'
              : `public, max-age=${YEAR}, immutable`,
        );
      },
    }),
  );
  router.get('/brand/logo.svg', (_req, res) => {
    const { brand } = brandOf(res, catalog);
    res
      .set({ 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=300', vary: 'Host' })
      .send(brand.logoSvg);
  });
  router.get('/brand/fonts/:file', (req, res) => {
    const file = brandOf(res, catalog).brand.fontFiles.get(req.params.file);
    if (!file) {
      res
        .status(404)
        .json({ error: { code: 'NOT_FOUND', message: 'Not found', correlationId: res.locals.correlationId } });
      return;
    }
    // Fonts are fetched in CORS mode (a preload with crossorigin): same-origin, so no CORS header is needed.
    buildFileHeaders(res, file);
    res.sendFile(file, { headers: { 'content-type': 'font/woff2', 'cache-control': `public, max-age=${WEEK}` } });
  });
  return router;
}

export const shellTemplatePath = (shellDist: string) => join(shellDist, 'index.html');
