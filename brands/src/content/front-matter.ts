import { parse } from 'yaml';

export interface FrontMatterFile {
  data: unknown;
  body: string;
}

const FENCE = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

/** Splits a Markdown file into its YAML front matter and body; a file without one is an error. */
export function splitFrontMatter(source: string): FrontMatterFile {
  const match = FENCE.exec(source.replace(/^\uFEFF/, ''));
  if (!match) throw new Error('must start with front matter between --- lines');
  let data: unknown;
  try {
    // Dates stay strings: the schemas check their format.
    data = parse(match[1], { schema: 'core', prettyErrors: false });
  } catch (error) {
    throw new Error(`front matter is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  return { data, body: source.slice(match[0].length) };
}
