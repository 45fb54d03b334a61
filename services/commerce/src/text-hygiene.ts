/**
 * Text that cannot be stored or compared safely: NUL (PostgreSQL text refuses it) and UTF-16
 * surrogates without their pair (not encodable as UTF-8). Both used to reach the database and
 * end as internal errors.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isCleanText = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/**
 * The JSON path of the first string (value or key) in a parsed JSON value that is not clean
 * text, or undefined. Walks with an explicit stack: a body may nest deeper than the call stack.
 */
export function findUncleanText(value: unknown, root = '$'): string | undefined {
  const stack: Array<[unknown, string]> = [[value, root]];
  while (stack.length > 0) {
    const [current, path] = stack.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (!isCleanText(current)) return path;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push([item, `${path}[${index}]`]));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        if (!isCleanText(key)) return path;
        stack.push([item, `${path}.${key}`]);
      }
    }
  }
  return undefined;
}

export const uncleanTextMessage = (path: string) =>
  `${path} contains a NUL character or an unpaired UTF-16 surrogate, which text may not contain.`;
