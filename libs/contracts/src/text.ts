import { z } from 'zod';
import {
  TEXT_PROBLEM_MESSAGES,
  type TextOptions,
  hasControlCharacter,
  hasLoneSurrogate,
  normaliseText,
} from './text-rules';

export * from './text-rules';

interface SafeTextOptions extends TextOptions {
  /** The message for a value that is not text at all (and, by default, for a broken one). */
  message?: string;
}

/**
 * Every text field the gateway accepts starts here: a string with no lone surrogate, normalised
 * to NFC, with no control character (bar line breaks when multiline). It stays a ZodString, so
 * callers chain .trim(), .max(), .regex() as usual; a broken value stops at the first failed
 * check (abort) instead of also failing the length or pattern checks that follow.
 */
export function safeText({ message, multiline = false }: SafeTextOptions = {}) {
  return z
    .string(message ? { message } : undefined)
    .refine((value) => !hasLoneSurrogate(value), { message: message ?? TEXT_PROBLEM_MESSAGES.surrogate, abort: true })
    .overwrite(normaliseText)
    .refine((value) => !hasControlCharacter(value, { multiline }), {
      message: message ?? TEXT_PROBLEM_MESSAGES.control,
      abort: true,
    });
}

/**
 * Passwords get the same refusals (no NUL, no lone surrogate, no control characters) but are
 * NOT normalised here: what the commerce service hashes must be decided in one place, on every
 * path that hashes or checks a password. See normalisePassword.
 */
export function safePassword({ message }: { message?: string } = {}) {
  return z
    .string(message ? { message } : undefined)
    .refine((value) => !hasLoneSurrogate(value), { message: message ?? TEXT_PROBLEM_MESSAGES.surrogate, abort: true })
    .refine((value) => !hasControlCharacter(value), { message: message ?? TEXT_PROBLEM_MESSAGES.control, abort: true });
}

/**
 * NIST SP 800-63B (5.1.1.2) asks verifiers to normalise Unicode passwords before hashing, so the
 * same password typed on two keyboards is the same secret. We use NFC rather than NFKC: NFKC
 * also folds compatibility characters (full-width letters, ligatures), which would silently
 * change more of the passwords customers already have. The gateway applies it at sign-up, at
 * password reset and at sign-in; sign-in also tries the password as typed when that differs,
 * so an account whose password was hashed un-normalised before this rule still signs in.
 */
export const normalisePassword = (value: string): string => value.normalize('NFC');
