export { hashPassword, verifyPassword, InvalidHashFormatError, SCRYPT_PARAMS } from './scrypt-hash';
export { createLogger } from './logger';
export type { Logger, LogLevel } from './logger';
export { parseEnv } from './parse-env';
