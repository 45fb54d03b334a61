import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_SECRETS, deploymentEnvironment, requireStrongSecrets, weakSecretReason } from './secrets';

const root = join(__dirname, '..', '..', '..');

/** Every string literal the repository assigns to something named like a secret or an API key. */
function secretLiteralsInRepository(): Array<{ file: string; value: string }> {
  const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.js', '*.mjs', '*.cjs', '*.json', '*.env'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file && !file.endsWith('package-lock.json'));
  const assigned =
    /(?:SECRET|API_KEY|[sS]ecret|[aA]piKey|CRM_KEY|INTERNAL_CAPTCHA)\w*['"]?\s*[:=,]\s*['"`]([^'"`\s]{8,})['"`]/g;
  const defaulted = /(?:SECRET|API_KEY)\w*:\s*z\.[^\n]*?\.default\(['"]([^'"]+)['"]\)/g;
  // A default given through a helper, e.g. `TAX_API_KEY: apiKey('...')`.
  const helperDefault = /(?:SECRET|_KEY)\w*:\s*\w+\(['"]([^'"]{8,})['"]\)/g;
  const found: Array<{ file: string; value: string }> = [];
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const pattern of [assigned, defaulted, helperDefault]) {
      for (const match of text.matchAll(pattern)) found.push({ file, value: match[1] });
    }
  }
  return found;
}

describe('production secrets', () => {
  it('refuses every secret-like literal written anywhere in the repository', () => {
    const literals = secretLiteralsInRepository();
    // The scan must see the development defaults, or it is not looking where the secrets are.
    for (const secret of REPOSITORY_SECRETS) expect(literals.map((l) => l.value)).toContain(secret);
    const accepted = literals.filter(({ value }) => weakSecretReason(value) === undefined);
    expect(accepted).toEqual([]);
  });

  it('accepts a generated 32-byte secret', () => {
    expect(weakSecretReason(randomBytes(32).toString('base64url'))).toBeUndefined();
    expect(weakSecretReason(randomBytes(32).toString('hex'))).toBeUndefined();
  });

  it.each([
    ['base64url with "e2e" inside', 'xK9e2eQmZ4v_T1r8LpWc3NbHs0yJdUoA7fGiVkMqE2w'],
    ['hex beginning with "e2e"', 'e2e4c1f09a7b3d5e8f2a6c0b9d1e3f5a7c9b0d2e4f6a8c1e3b5d7f9a0c2e4b6d'],
    ['base64url with "Test" inside', 'Qz7TestkR2m9vX_c4LpWn8bHs0yJdUoA7fGiVkMqE2w'],
  ])('accepts a generated secret that happens to spell a short word: %s', (_kind, value) => {
    expect(weakSecretReason(value)).toBeUndefined();
  });

  it.each([
    ['a short secret', 'Zq8w'],
    ['a secret from the repository', 'dev-only-auth-secret-change-me-0123456789'],
    ['a placeholder', 'please-change-me-before-you-deploy-this-app'],
    ['a fixture named as one', 'e2e-payment-key-9f8e7d6c5b4a39281706f5e4d3c2b1a0'],
    ['a test value', 'Zq8wX3vB7nM2kL9pR4tY6uI1oP5aS0dF_test'],
    ['a repetitive secret', 'ab'.repeat(20)],
  ])('refuses %s outside development and test, naming the variable', (_kind, value) => {
    expect(() => requireStrongSecrets('production', { AUTH_SECRET: value })).toThrow(
      /^Invalid environment variable AUTH_SECRET: /,
    );
    expect(() => requireStrongSecrets('staging', { AUTH_SECRET: value })).toThrow(/AUTH_SECRET/);
    expect(() => requireStrongSecrets('development', { AUTH_SECRET: value })).not.toThrow();
    expect(() => requireStrongSecrets('test', { AUTH_SECRET: value })).not.toThrow();
  });

  it('refuses a missing secret in production', () => {
    expect(() => requireStrongSecrets('production', { CRM_API_KEY: undefined })).toThrow(
      'Invalid environment variable CRM_API_KEY: it is not set',
    );
  });

  it('takes the environment from APP_ENV, then NODE_ENV, then development', () => {
    expect(deploymentEnvironment({ APP_ENV: 'staging', NODE_ENV: 'production' })).toBe('staging');
    expect(deploymentEnvironment({ NODE_ENV: 'production' })).toBe('production');
    expect(deploymentEnvironment({})).toBe('development');
  });
});
