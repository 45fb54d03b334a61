import pino from 'pino';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** Field names whose values never reach a log line, at any depth we log. */
export const REDACTED_FIELDS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'tokenValue',
  'accessToken',
  'access_token',
  'refreshToken',
  'csrfToken',
  'captcha',
  'captchaToken',
  'secret',
  'clientSecret',
  'authorization',
  'cookie',
  'cardNumber',
  'cvv',
  'legacyHash',
];

const paths = REDACTED_FIELDS.flatMap((name) => [name, `*.${name}`, `*.*.${name}`]);
/** Card numbers and bearer tokens inside free text. */
const scrub = (text: string) =>
  text.replace(/\b(?:\d[ -]?){13,19}\b/g, '[card]').replace(/Bearer\s+[A-Za-z0-9._~+/=-]+/g, 'Bearer [redacted]');

/** Structured JSON logs (pino), one object per line, with secrets redacted. */
export function createLogger(
  level: LogLevel,
  destination: pino.DestinationStream = pino.destination({ sync: false }),
): Logger {
  const log = pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths, censor: '[redacted]' },
      messageKey: 'message',
    },
    destination,
  );
  const write =
    (at: Exclude<LogLevel, 'silent'>) =>
    (message: string, fields: Record<string, unknown> = {}) => {
      const clean = Object.fromEntries(
        Object.entries(fields).map(([key, value]) => [key, typeof value === 'string' ? scrub(value) : value]),
      );
      log[at](clean, scrub(message));
    };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
