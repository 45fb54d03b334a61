import { randomBytes } from 'node:crypto';
import { loadVendorsConfig } from '../src/config';
import { canonicalOrigin, originAllowed, parseOriginPatterns } from '../src/http/allowed-origins';

const strong = () => randomBytes(32).toString('base64url');
const KEY_NAMES = [
  'CAPTCHA_SECRET',
  'CRM_API_KEY',
  'TAX_API_KEY',
  'ADDRESS_API_KEY',
  'PAYMENT_SECRET_KEY',
  'FRAUD_API_KEY',
  'LOYALTY_API_KEY',
  'RETURN_LABEL_API_KEY',
  'IDME_CLIENT_SECRET',
];
const production = () => ({
  NODE_ENV: 'production',
  ...Object.fromEntries(KEY_NAMES.map((name) => [name, strong()])),
});

describe('vendor settings', () => {
  it('run on the development keys and the documented defaults in development', () => {
    const config = loadVendorsConfig({});
    expect(config).toMatchObject({
      port: 4010,
      paymentHostedPort: 4011,
      fraudCollectorPort: 4012,
      idmePort: 4013,
      idmeRedirectUris: [
        'http://vanityfair.localhost:8080/api/idMe/callback',
        'http://everwear.localhost:8080/api/idMe/callback',
        'http://rallyathletic.localhost:8080/api/idMe/callback',
        'http://hoopcraft.localhost:8080/api/idMe/callback',
      ],
      taxApiKey: 'dev-only-tax-api-key',
      paymentPublishableKey: 'pk_dev_shop',
      fraudOrgId: 'shop-dev',
    });
  });

  it('start in production with strong keys of their own', () => {
    expect(loadVendorsConfig(production()).environment).toBe('production');
  });

  it.each(KEY_NAMES)('refuse to start in production when %s is a development default', (name) => {
    const env = { ...production(), [name]: undefined };
    expect(() => loadVendorsConfig(env)).toThrow(`Invalid environment variable ${name}`);
  });

  it('refuse an origin list that is not one, naming the variable', () => {
    expect(() => loadVendorsConfig({ PAYMENT_ALLOWED_ORIGINS: 'localhost' })).toThrow(
      /^Invalid environment variable PAYMENT_ALLOWED_ORIGINS: localhost is not an origin pattern/,
    );
    expect(() => loadVendorsConfig({ FRAUD_ALLOWED_ORIGINS: ' , ' })).toThrow(/FRAUD_ALLOWED_ORIGINS/);
    expect(() => loadVendorsConfig({ PAYMENT_HOSTED_PORT: '70000' })).toThrow(/PAYMENT_HOSTED_PORT/);
    expect(() => loadVendorsConfig({ IDME_REDIRECT_URIS: 'everwear.localhost/api/idMe/callback' })).toThrow(
      /IDME_REDIRECT_URIS/,
    );
  });
});

describe('origin patterns', () => {
  const patterns = parseOriginPatterns('http://localhost:*,http://*.localhost:*,https://shop.example');

  it.each([
    ['http://localhost:3000', true],
    ['http://vanityfair.localhost:3000', true],
    ['http://a.b.localhost:8080', true],
    ['https://shop.example', true],
    ['https://shop.example:443', false], // a browser never writes the default port,
    ['https://shop.example:8443', false],
    ['http://shop.example', false],
    ['https://evil-shop.example', false],
    ['http://localhost.evil.example:3000', false],
    ['http://.localhost:3000', false],
    ['null', false],
  ])('%s allowed: %s', (origin, allowed) => {
    expect(originAllowed(patterns, origin)).toBe(allowed);
  });

  it('takes only an origin exactly as a browser sends it', () => {
    expect(canonicalOrigin('http://localhost:3000')).toBe('http://localhost:3000');
    expect(canonicalOrigin('http://localhost:3000/')).toBeUndefined();
    expect(canonicalOrigin('HTTP://LOCALHOST:3000')).toBeUndefined();
    expect(canonicalOrigin('javascript:alert(1)')).toBeUndefined();
    expect(canonicalOrigin('http://user@localhost:3000')).toBeUndefined();
  });
});
