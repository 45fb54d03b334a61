/**
 * The one rule for text a shopper sends us, without zod so the browser can run it too (the zod
 * helpers in text.ts wrap it for the gateway). Text must be well-formed UTF-16 (a lone
 * surrogate cannot be encoded as UTF-8, so upstreams choke on it), carry no control characters
 * (NUL truncates strings in C-based stores; tab, line feed and carriage return are allowed only
 * where multi-line text is), and is compared and stored in Unicode NFC so "é" typed as one code
 * point or as "e" plus an accent is the same name.
 */
export type TextProblem = 'surrogate' | 'control';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const CONTROL = /\p{Cc}/u;
const CONTROL_EXCEPT_LINES = /(?![\t\n\r])\p{Cc}/u;

export interface TextOptions {
  /** Allow tab, line feed and carriage return (a contact message, not a name). */
  multiline?: boolean;
}

export const hasLoneSurrogate = (value: string): boolean => LONE_SURROGATE.test(value);

export const hasControlCharacter = (value: string, { multiline = false }: TextOptions = {}): boolean =>
  (multiline ? CONTROL_EXCEPT_LINES : CONTROL).test(value);

/** What breaks the rule, or undefined when the text is fine. */
export function textProblem(value: string, options: TextOptions = {}): TextProblem | undefined {
  if (hasLoneSurrogate(value)) return 'surrogate';
  if (hasControlCharacter(value, options)) return 'control';
  return undefined;
}

/** NFC: the composed form browsers and keyboards produce almost always, so stored values rarely change. */
export const normaliseText = (value: string): string => value.normalize('NFC');

export const TEXT_PROBLEM_MESSAGES: Record<TextProblem, string> = {
  surrogate: 'must be valid Unicode text',
  control: 'must not contain control characters',
};
