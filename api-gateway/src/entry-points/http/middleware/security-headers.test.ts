import { resolve } from 'node:path';
import { loadBrandCatalog } from '@shop/brands';
import express from 'express';
import request from 'supertest';
import { loadConfig } from '../../../config';
import { EARLY_INPUT_SCRIPT_SOURCE, securityHeaders } from './security-headers';

const brandsDir = resolve(__dirname, '..', '..', '..', '..', '..', 'brands');

/** The CSP a page gets under the given environment. */
async function policyWith(env: Record<string, string>) {
  const config = loadConfig({ BRANDS_DIR: brandsDir, ...env });
  const catalog = loadBrandCatalog({ dir: config.brandsDir, environment: config.environment });
  const app = express();
  app.use((_req, res, next) => {
    res.locals.brandId = 'vanityfair';
    next();
  });
  app.use(securityHeaders(catalog, config));
  app.get('/', (_req, res) => res.send('ok'));
  const header = (await request(app).get('/')).headers['content-security-policy'] as string;
  return Object.fromEntries(
    header.split(';').map((directive) => {
      const [name, ...values] = directive.trim().split(/\s+/);
      return [name, values];
    }),
  ) as Record<string, string[]>;
}

describe('the CSP with the checkout vendors', () => {
  it('frames exactly the hosted card field origin and the fraud collector origin', async () => {
    const csp = await policyWith({});
    expect(csp['frame-src']).toEqual(['http://127.0.0.1:4011', 'http://127.0.0.1:4012']);
    expect(csp['connect-src']).toEqual(["'self'", 'http://127.0.0.1:4012']);
  });

  it('follows the configured vendors, by origin only (no path), and widens nothing else', async () => {
    const csp = await policyWith({
      PAYMENT_HOSTED_URL: 'https://js.payments.example/v3/hosted',
      FRAUD_COLLECTOR_URL: 'https://collect.fraud.example:8443/cs',
    });
    expect(csp['frame-src']).toEqual(['https://js.payments.example', 'https://collect.fraud.example:8443']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://collect.fraud.example:8443']);
    // The payment vendor's origin is a frame, never a script or a fetch target of the page; the
    // one inline script is allowed by its hash alone (ADR 0025).
    expect(csp['script-src']).toEqual(["'self'", EARLY_INPUT_SCRIPT_SOURCE]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:']);
  });
});

describe('the one inline script of a page', () => {
  it('is allowed by the hash of exactly the script the page carries', async () => {
    const { EARLY_INPUT_SCRIPT } = await import('@shop/contracts');
    const { createHash } = await import('node:crypto');
    const csp = await policyWith({});
    const hash = createHash('sha256').update(EARLY_INPUT_SCRIPT).digest('base64');
    expect(csp['script-src']).toContain(`'sha256-${hash}'`);
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
  });
});
