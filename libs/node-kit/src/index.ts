export { hashPassword, verifyPassword, InvalidHashFormatError, SCRYPT_PARAMS } from './scrypt-hash';
export { createLogger } from './logger';
export type { Logger, LogLevel } from './logger';
export { parseEnv } from './parse-env';
export { fraudOrgIdSetting, idmeClientIdSetting, publishableKeySetting } from './vendor-settings';
export { checkPassword, PASSWORD_MESSAGES, PASSWORD_MIN, PASSWORD_MAX } from './password-policy';
export type { PasswordProblem } from './password-policy';
export { REDACTED_FIELDS } from './logger';
export {
  REPOSITORY_SECRETS,
  RELAXED_ENVIRONMENTS,
  MIN_SECRET_BYTES,
  deploymentEnvironment,
  requireStrongSecrets,
  weakSecretReason,
} from './secrets';
export { createHttpLifecycle, exitOnSignals, shutdownSettings } from './http-lifecycle';
export type { HttpLifecycle, LifecycleOptions, ReadinessCheck, Readiness, StopSignal } from './http-lifecycle';
