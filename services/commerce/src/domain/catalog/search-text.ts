/**
 * Full-text matching for the product search: words, their stems, and an inverted index from
 * each distinct word to the products holding it, per field (name, or the rest: description,
 * style number, skus, colours). A query word is looked up once in the vocabulary, not once per
 * product, so compound and typo matching cost little even on 100,000 products.
 *
 * How a query word matches a product word, best first (the score of a product is the sum over
 * the query's words of the best match, and every query word must match):
 * - the same word once stemmed ("balls" and "ball", "panties" and "panty");
 * - the start of a word ("bra" in "bralette", "basket" in "basketball");
 * - inside a compound word, for query words of four letters or more ("ball" in "basketball");
 * - one edit away (a letter missing, extra, wrong, or two swapped), for query words of five
 *   letters or more, and only when the word matches nothing in the other ways ("baskteball").
 * A match in the product's name counts more than one elsewhere.
 */

export const tokenize = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * A light English stemmer, applied to product and query words alike: plural endings go and a
 * final "y" or "ie" becomes "i", so "panties", "panty", "hoodie" and "hoodies" meet.
 */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let w = word;
  if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('ies')) w = w.slice(0, -2);
  else if (/(xes|ches|shes|zes)$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 3 && w.endsWith('ie')) w = w.slice(0, -1);
  else if (w.length > 3 && w.endsWith('y')) w = `${w.slice(0, -1)}i`;
  return w;
}

/** Whether two words are at most one edit apart (insert, delete, substitute, or swap two neighbours). */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a.charCodeAt(i) === b.charCodeAt(i)) i += 1;
  if (la === lb) {
    // A substitution, or a swap of two neighbours.
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

export const MATCH_QUALITY = { exact: 1, prefix: 0.8, infix: 0.6, fuzzy: 0.5 } as const;
export const FIELD_WEIGHT = { name: 10, other: 3 } as const;

const MIN_PREFIX = 3;
const MIN_INFIX = 4;
const MIN_FUZZY = 5;

export type Field = keyof typeof FIELD_WEIGHT;

interface Postings<T> {
  name: T[];
  other: T[];
}

/** The distinct stemmed words of the catalogue and who holds them, per field. */
export class TextIndex<T> {
  private words = new Map<string, Postings<T>>();
  /** Words of letters only by length (a typo search looks at words of a near length), and words with digits (skus, styles, sizes). */
  private byLength = new Map<number, string[]>();
  private letterWords: string[] = [];
  private digitWords: string[] = [];
  private lookups = new Map<string, Array<{ word: string; quality: number }>>();

  add(item: T, field: Field, words: Iterable<string>) {
    for (const word of words) {
      let postings = this.words.get(word);
      if (!postings) {
        postings = { name: [], other: [] };
        this.words.set(word, postings);
        if (/\d/.test(word)) this.digitWords.push(word);
        else {
          this.letterWords.push(word);
          const same = this.byLength.get(word.length) ?? [];
          same.push(word);
          this.byLength.set(word.length, same);
        }
        this.lookups.clear();
      }
      postings[field].push(item);
    }
  }

  remove(item: T, field: Field, words: Iterable<string>) {
    for (const word of words) {
      const list = this.words.get(word)?.[field];
      const at = list?.indexOf(item) ?? -1;
      if (list && at >= 0) list.splice(at, 1);
    }
  }

  /** The catalogue words a query word matches, with how well (see MATCH_QUALITY). */
  candidates(term: string, fuzzy: boolean): Array<{ word: string; quality: number }> {
    const key = `${fuzzy ? 1 : 0}${term}`;
    const known = this.lookups.get(key);
    if (known) return known;
    const found: Array<{ word: string; quality: number }> = [];
    if (this.words.has(term)) found.push({ word: term, quality: MATCH_QUALITY.exact });
    if (term.length >= MIN_PREFIX) {
      // A word with a digit (a style or sku part) is only ever the start of another such word.
      for (const word of /\d/.test(term) ? this.digitWords : this.letterWords) {
        if (word.length <= term.length) continue;
        if (word.startsWith(term)) found.push({ word, quality: MATCH_QUALITY.prefix });
        else if (term.length >= MIN_INFIX && word.includes(term)) found.push({ word, quality: MATCH_QUALITY.infix });
      }
    }
    if (fuzzy && found.length === 0 && term.length >= MIN_FUZZY && !/\d/.test(term)) {
      for (const length of [term.length - 1, term.length, term.length + 1]) {
        for (const word of this.byLength.get(length) ?? [])
          if (withinOneEdit(term, word)) found.push({ word, quality: MATCH_QUALITY.fuzzy });
      }
      // A typo in a word still being typed: one edit from the start of a longer word.
      for (const [length, words] of this.byLength) {
        if (length <= term.length + 1) continue;
        for (const word of words) {
          if (
            withinOneEdit(term, word.slice(0, term.length)) ||
            withinOneEdit(term, word.slice(0, term.length + 1)) ||
            withinOneEdit(term, word.slice(0, term.length - 1))
          )
            found.push({ word, quality: MATCH_QUALITY.fuzzy * MATCH_QUALITY.prefix });
        }
      }
    }
    this.lookups.set(key, found);
    if (this.lookups.size > 2000) this.lookups.delete(this.lookups.keys().next().value as string);
    return found;
  }

  /** Every item matching one query word, with its best score for that word. */
  score(term: string, fuzzy: boolean): Map<T, number> {
    const scores = new Map<T, number>();
    for (const { word, quality } of this.candidates(term, fuzzy)) {
      const postings = this.words.get(word);
      if (!postings) continue;
      for (const field of ['name', 'other'] as const) {
        const value = FIELD_WEIGHT[field] * quality;
        for (const item of postings[field]) if ((scores.get(item) ?? 0) < value) scores.set(item, value);
      }
    }
    return scores;
  }
}
