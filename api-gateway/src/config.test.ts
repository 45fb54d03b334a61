import { randomBytes } from 'node:crypto';
import { loadConfig } from './config';

const strong = () => randomBytes(32).toString('base64url');
/** What production needs besides the checkout vendors' keys. */
const production = () => ({
  NODE_ENV: 'production',
  AUTH_SECRET: strong(),
  COMMERCE_CLIENT_SECRET: strong(),
  CAPTCHA_SECRET: strong(),
  CRM_API_KEY: strong(),
});
const vendorKeys = () => ({
  TAX_API_KEY: strong(),
  ADDRESS_API_KEY: strong(),
  PAYMENT_SECRET_KEY: strong(),
  FRAUD_API_KEY: strong(),
  LOYALTY_API_KEY: strong(),
  RETURN_LABEL_API_KEY: strong(),
  IDME_CLIENT_SECRET: strong(),
});

describe('checkout vendor settings', () => {
  it('point at the local stand-ins in development, with the back-office key on', () => {
    const config = loadConfig({});
    expect(config.vendors.tax).toEqual({ url: 'http://127.0.0.1:4010/tax/v1', apiKey: 'dev-only-tax-api-key' });
    expect(config.vendors.payment).toMatchObject({ hostedUrl: 'http://127.0.0.1:4011', publishableKey: 'pk_dev_shop' });
    expect(config.vendors.fraud).toMatchObject({ collectorUrl: 'http://127.0.0.1:4012', orgId: 'shop-dev' });
    expect(config.opsApiKey).toBe('dev-only-ops-api-key');
    expect(config.idme).toEqual({
      authorizeUrl: 'http://127.0.0.1:4013/oauth/authorize',
      tokenUrl: 'http://127.0.0.1:4013/oauth/token',
      userinfoUrl: 'http://127.0.0.1:4013/api/public/v3/attributes.json',
      clientId: 'shop-dev',
      clientSecret: 'dev-only-idme-client-secret',
    });
  });

  it('take a hosted vendor by URL and key alone, and refuse a URL that is not http(s), naming the variable', () => {
    const config = loadConfig({ TAX_API_URL: 'https://tax.vendor.example/v2', TAX_API_KEY: 'sk_live_tax_0123456789' });
    expect(config.vendors.tax).toEqual({ url: 'https://tax.vendor.example/v2', apiKey: 'sk_live_tax_0123456789' });
    expect(() => loadConfig({ PAYMENT_HOSTED_URL: 'javascript:alert(1)' })).toThrow(/PAYMENT_HOSTED_URL/);
    expect(() => loadConfig({ FRAUD_API_KEY: 'short' })).toThrow(/FRAUD_API_KEY/);
    expect(() => loadConfig({ IDME_TOKEN_URL: 'ftp://id.me/oauth/token' })).toThrow(/IDME_TOKEN_URL/);
    expect(loadConfig({ IDME_AUTHORIZE_URL: 'https://api.id.me/oauth/authorize' }).idme.authorizeUrl).toBe(
      'https://api.id.me/oauth/authorize',
    );
  });

  it('refuse the development keys in production, and leave the back-office routes off without OPS_API_KEY', () => {
    expect(() => loadConfig(production())).toThrow(/TAX_API_KEY/);
    const { IDME_CLIENT_SECRET: _secret, ...withoutIdme } = vendorKeys();
    expect(() => loadConfig({ ...production(), ...withoutIdme })).toThrow(/IDME_CLIENT_SECRET/);
    const config = loadConfig({ ...production(), ...vendorKeys() });
    expect(config.opsApiKey).toBeUndefined();
    expect(() => loadConfig({ ...production(), ...vendorKeys(), OPS_API_KEY: 'dev-only-ops-api-key' })).toThrow(
      /OPS_API_KEY/,
    );
    const ops = strong();
    expect(loadConfig({ ...production(), ...vendorKeys(), OPS_API_KEY: ops }).opsApiKey).toBe(ops);
  });
});

describe('behind a proxy or load balancer', () => {
  it('reads each brand’s public origins and the proxy’s port, and how a SIGTERM drains', () => {
    const config = loadConfig({
      PUBLIC_ORIGINS:
        'hoopcraft=https://www.hoopcraft.example,https://hoopcraft.example; vanityfair=http://shop.test:8080',
      PUBLIC_PORT: '8080',
      SHUTDOWN_GRACE_MS: '5000',
    });
    expect(config.publicAddress).toEqual({
      origins: new Map([
        ['hoopcraft', ['https://www.hoopcraft.example', 'https://hoopcraft.example']],
        ['vanityfair', ['http://shop.test:8080']],
      ]),
      port: 8080,
    });
    expect(config.shutdown).toEqual({ drainDelayMs: 0, graceMs: 5000 });
    expect(loadConfig({ ...production(), ...vendorKeys() }).shutdown).toEqual({ drainDelayMs: 2000, graceMs: 10_000 });
  });

  it.each([
    ['PUBLIC_ORIGINS', 'hoopcraft=https://www.hoopcraft.example/shop'],
    ['PUBLIC_ORIGINS', 'hoopcraft=ftp://hoopcraft.example'],
    ['PUBLIC_ORIGINS', 'https://hoopcraft.example'],
    ['PUBLIC_ORIGINS', 'hoopcraft=https://a.example;hoopcraft=https://b.example'],
    ['PUBLIC_PORT', '0'],
    ['SHUTDOWN_DRAIN_DELAY_MS', '-1'],
    ['SHUTDOWN_GRACE_MS', '10s'],
  ])('refuses %s=%s, naming the variable', (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(`Invalid environment variable ${variable}`);
  });
});
