/**
 * Secrets that stand in this repository (service defaults for development, fixed values in
 * tests): anyone who can read the code can seal a session or call a service with them, so no
 * environment but development and test may run on one. `secrets.test.ts` scans the repository
 * and fails when a secret-like literal is missing here.
 */
export const REPOSITORY_SECRETS: readonly string[] = [
  'dev-only-auth-secret-change-me-0123456789',
  'dev-only-commerce-client-secret',
  'dev-only-commerce-token-secret-change-me',
  'dev-only-captcha-secret',
  'dev-only-crm-api-key',
  'dev-only-tax-api-key',
  'dev-only-address-api-key',
  'dev-only-payment-secret-key',
  'dev-only-fraud-api-key',
  'dev-only-loyalty-api-key',
  'dev-only-return-label-api-key',
  'dev-only-idme-client-secret',
  'dev-only-ops-api-key',
];

/** Environments that may run on the development defaults. */
export const RELAXED_ENVIRONMENTS: readonly string[] = ['development', 'test'];

export const MIN_SECRET_BYTES = 32;

/**
 * Words that mark a value as written by a person (a placeholder, a fixture, a "secret" named as
 * such) rather than generated. Words of six letters or more are refused anywhere in the value: a
 * random 32-byte value spells one about once in ten million. Shorter words are refused only as
 * words of their own, between separators or at an end, because a random value spells them far
 * more often: "e2e" stands somewhere in one base64url secret in 1,600 and in one hex secret in 70.
 */
const PLACEHOLDER_ANYWHERE = /dev-only|change-?me|example|secret|password|passphrase|placeholder|default/i;
const PLACEHOLDER_WORD = /(?:^|[^a-z0-9])(?:e2e|test|dummy|sample)(?:s|ing)?(?:[^a-z0-9]|$)/i;

/** Why a value cannot protect a production deployment, or undefined when it can. */
export function weakSecretReason(value: string): string | undefined {
  if (REPOSITORY_SECRETS.includes(value)) return 'it is written in the repository';
  if (Buffer.byteLength(value, 'utf8') < MIN_SECRET_BYTES) return `it is shorter than ${MIN_SECRET_BYTES} bytes`;
  if (PLACEHOLDER_ANYWHERE.test(value) || PLACEHOLDER_WORD.test(value))
    return 'it looks like a placeholder or a test value';
  if (new Set(value).size < 12) return 'it repeats too few characters to be random';
  return undefined;
}

/**
 * The environment a service runs in: APP_ENV when set, else NODE_ENV, else development.
 * `npm start` sets both to production.
 */
export function deploymentEnvironment(env: { APP_ENV?: string; NODE_ENV?: string }): string {
  return env.APP_ENV || env.NODE_ENV || 'development';
}

/**
 * Refuses to start outside development and test when any given secret is missing, written in
 * the repository, shorter than 32 bytes or a placeholder; the error names the variable.
 */
export function requireStrongSecrets(environment: string, secrets: Record<string, string | undefined>): void {
  if (RELAXED_ENVIRONMENTS.includes(environment)) return;
  for (const [name, value] of Object.entries(secrets)) {
    const reason = value === undefined ? 'it is not set' : weakSecretReason(value);
    if (reason) {
      throw new Error(
        `Invalid environment variable ${name}: ${reason}; set a random value of at least ${MIN_SECRET_BYTES} bytes of your own in ${environment}`,
      );
    }
  }
}
