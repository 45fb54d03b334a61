import { searchWithSynonyms, synonymRewrites } from './synonyms';

const GROUPS = [
  ['hoop', 'rim', 'backboard'],
  ['singlet', 'jersey'],
];

describe('synonymRewrites', () => {
  it('swaps one word at a time for the others of its group, in config order', () => {
    expect(synonymRewrites('rim', GROUPS)).toEqual(['hoop', 'backboard']);
    expect(synonymRewrites('portable Rims', GROUPS)).toEqual(['portable hoop', 'portable backboard']);
  });

  it('offers nothing for words outside every group, and at most three rewrites', () => {
    expect(synonymRewrites('basketball', GROUPS)).toEqual([]);
    expect(synonymRewrites('singlet backboard', GROUPS)).toEqual(['jersey backboard', 'singlet hoop', 'singlet rim']);
  });
});

describe('searchWithSynonyms', () => {
  const catalogue: Record<string, string[]> = { hoop: ['Pro Portable Hoop'] };
  const nearMisses: Record<string, string[]> = { hopo: ['Pro Portable Hoop'], rim: ['Rimmed Trainer'] };
  const asked: string[] = [];
  const search = async (text: string, fuzzy: boolean) => {
    asked.push(`${text}${fuzzy ? '~' : ''}`);
    return (fuzzy ? nearMisses[text] : catalogue[text]) ?? [];
  };
  beforeEach(() => (asked.length = 0));

  it('answers the words as typed when they find something, without asking again', async () => {
    expect(await searchWithSynonyms('hoop', GROUPS, search, (r) => r.length > 0)).toEqual(['Pro Portable Hoop']);
    expect(asked).toEqual(['hoop']);
  });

  it('asks again with a synonym when the words find nothing, before tolerating typos', async () => {
    expect(await searchWithSynonyms('rim', GROUPS, search, (r) => r.length > 0)).toEqual(['Pro Portable Hoop']);
    expect(asked).toEqual(['rim', 'hoop']);
  });

  it('tolerates typos last, and answers that (found or not) when nothing else found', async () => {
    expect(await searchWithSynonyms('hopo', GROUPS, search, (r) => r.length > 0)).toEqual(['Pro Portable Hoop']);
    expect(asked).toEqual(['hopo', 'hopo~']);
    expect(await searchWithSynonyms('net', GROUPS, search, (r) => r.length > 0)).toEqual([]);
  });
});
