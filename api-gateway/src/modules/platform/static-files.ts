import { join } from 'node:path';
import type { BrandCatalog } from '@shop/brands';
import express, { Router, type Response } from 'express';
import { brandOf } from '../../entry-points/http/middleware/brand';

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

/**
 * The shell's hashed assets and the versioned remote folders are immutable: cache them for a
 * year. The brand logo varies by host; a brand serves only its own font files (ADR 0019), whose
 * names are those of the font package's files.
 */
export function staticFiles(catalog: BrandCatalog, shellDist: string, remotesDir: string): Router {
  const router = Router();
  // Server builds (ADR 0017) are for the renderer, not for browsers.
  router.use(['/shell/server', /^\/remotes\/[^/]+\/[^/]+\/server(\/|$)/], (_req, res) => {
    res
      .status(404)
      .json({ error: { code: 'NOT_FOUND', message: 'Not found', correlationId: res.locals.correlationId } });
  });
  router.use(
    '/shell',
    express.static(shellDist, {
      index: false,
      fallthrough: false,
      // Each file's name carries its content's hash, and the ETag revalidates: no date needed.
      lastModified: false,
      setHeaders: (res, path) => {
        res.setHeader('cache-control', path.endsWith('.html') ? 'no-cache' : `public, max-age=${YEAR}, immutable`);
        buildFileHeaders(res, path);
      },
    }),
  );
  router.use(
    '/remotes',
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
          path.endsWith('versions.json') ? 'no-cache' : `public, max-age=${YEAR}, immutable`,
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
