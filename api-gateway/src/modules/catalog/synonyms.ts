/**
 * A brand's search synonyms (brand config `search.synonyms`: groups of single words its shoppers
 * use alike, the catalogue's own word first, e.g. hoop / rim / backboard) and typo tolerance, as
 * tiers: the shopper's words as typed; when they find nothing, each synonym rewrite; when those
 * find nothing, the words again with typo tolerance (commerce `fuzzy`). The requests stay
 * commercetools' own, a word the catalogue knows is never second-guessed, and a synonym wins over
 * a near miss ("tights" means leggings, not "lightweight").
 */
const MAX_REWRITES = 3;

/** A word and a synonym are the same with or without a plural "s". */
const singular = (word: string) => (word.length > 3 ? word.replace(/s$/, '') : word);

/** The shopper's text with one word replaced by each of its synonyms, in config order; at most three. */
export function synonymRewrites(text: string, groups: readonly string[][]): string[] {
  const words = text.trim().split(/\s+/);
  const rewrites: string[] = [];
  words.forEach((word, at) => {
    const key = singular(word.toLowerCase());
    for (const group of groups) {
      if (!group.some((member) => singular(member) === key)) continue;
      for (const member of group) {
        if (singular(member) === key) continue;
        rewrites.push([...words.slice(0, at), member, ...words.slice(at + 1)].join(' '));
      }
    }
  });
  return [...new Set(rewrites)].slice(0, MAX_REWRITES);
}

/** The first answer with something in it: as typed, then each synonym rewrite, then with typo tolerance. */
export async function searchWithSynonyms<T>(
  text: string,
  groups: readonly string[][],
  search: (text: string, fuzzy: boolean) => Promise<T>,
  found: (answer: T) => boolean,
): Promise<T> {
  const first = await search(text, false);
  if (found(first)) return first;
  for (const rewrite of synonymRewrites(text, groups)) {
    const answer = await search(rewrite, false);
    if (found(answer)) return answer;
  }
  return search(text, true);
}
