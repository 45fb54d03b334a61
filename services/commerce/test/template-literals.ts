/**
 * A small scanner for TypeScript template literals, so tests can read the GraphQL documents the
 * gateway sends straight from its source instead of keeping copies that drift.
 */
export interface TemplateLiteral {
  /** Offset of the opening backtick in the source. */
  start: number;
  /** Literal text between the interpolations: always one more than `expressions`. */
  quasis: string[];
  /** The source text of each `${...}`. */
  expressions: string[];
}

/** Skips a quoted string or template starting at `at`; returns the index after it. */
function skipQuoted(source: string, at: number): number {
  const quote = source[at];
  if (quote === '`') return readTemplate(source, at).end;
  let i = at + 1;
  while (i < source.length && source[i] !== quote) i += source[i] === '\\' ? 2 : 1;
  return i + 1;
}

/** Reads the template literal whose backtick is at `at`, nested templates included. */
export function readTemplate(source: string, at: number): TemplateLiteral & { end: number } {
  const quasis: string[] = [];
  const expressions: string[] = [];
  let text = '';
  let i = at + 1;
  while (i < source.length && source[i] !== '`') {
    if (source[i] === '\\') {
      text += source.slice(i, i + 2);
      i += 2;
    } else if (source.startsWith('${', i)) {
      let depth = 1;
      let j = i + 2;
      while (j < source.length && depth > 0) {
        const char = source[j];
        if (char === '"' || char === "'" || char === '`') j = skipQuoted(source, j);
        else {
          if (char === '{') depth += 1;
          if (char === '}') depth -= 1;
          j += 1;
        }
      }
      quasis.push(text);
      text = '';
      expressions.push(source.slice(i + 2, j - 1).trim());
      i = j;
    } else {
      text += source[i];
      i += 1;
    }
  }
  quasis.push(text);
  return { start: at, quasis, expressions, end: i + 1 };
}

/** Every top-level template literal in a source file (comments and strings are skipped). */
export function templateLiterals(source: string): TemplateLiteral[] {
  const found: TemplateLiteral[] = [];
  let i = 0;
  while (i < source.length) {
    const char = source[i];
    if (source.startsWith('//', i)) i = source.indexOf('\n', i) === -1 ? source.length : source.indexOf('\n', i);
    else if (source.startsWith('/*', i)) i = source.indexOf('*/', i) + 2;
    else if (char === '`') {
      const template = readTemplate(source, i);
      found.push(template);
      i = template.end;
    } else if (char === '"' || char === "'") i = skipQuoted(source, i);
    else i += 1;
  }
  return found;
}
