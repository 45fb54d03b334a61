import { MATCH_QUALITY, TextIndex, stem, tokenize, withinOneEdit } from './search-text';

describe('stem', () => {
  it.each([
    ['balls', 'ball'],
    ['basketballs', 'basketball'],
    ['bras', 'bra'],
    ['panties', 'panti'],
    ['panty', 'panti'],
    ['hoodie', 'hoodi'],
    ['hoodies', 'hoodi'],
    ['jersey', 'jersei'],
    ['boxes', 'box'],
    ['dress', 'dress'],
    ['bra', 'bra'],
    ['34b', '34b'],
  ])('%s -> %s', (word, stemmed) => expect(stem(word)).toBe(stemmed));
});

describe('withinOneEdit', () => {
  it.each([
    ['baskteball', 'basketball', true],
    ['basketbal', 'basketball', true],
    ['basketballl', 'basketball', true],
    ['baskatball', 'basketball', true],
    ['bsaketbal', 'basketball', false],
    ['legings', 'leggings', true],
    ['hoodei', 'hoodie', true],
    ['short', 'shirts', false],
  ])('%s ~ %s: %s', (a, b, near) => expect(withinOneEdit(a, b)).toBe(near));
});

describe('TextIndex', () => {
  const index = new TextIndex<string>();
  const add = (id: string, name: string, other: string) => {
    index.add(id, 'name', new Set(tokenize(name).map(stem)));
    index.add(id, 'other', new Set(tokenize(other).map(stem)));
  };
  add('ball', 'Pro Indoor Basketball', 'Deep channels and a pebbled grip.');
  add('hoop', 'Pro Portable Hoop', 'Tempered glass and a breakaway rim.');
  add('bralette', 'Lace Bralette', 'Soft lace.');
  add('sleeve', 'Shooting Sleeve Trainer', 'Used by professionals with a basketball.');

  it('finds a word inside a compound word ("ball" in "basketball") and at a word start ("bra")', () => {
    expect([...index.score('ball', false).keys()].sort()).toEqual(['ball', 'sleeve']);
    expect([...index.score('bra', false).keys()]).toEqual(['bralette']);
  });

  it('scores a name match above a description match, and an exact word above a compound part', () => {
    const scores = index.score('basketball', false);
    expect(scores.get('ball')).toBeGreaterThan(scores.get('sleeve') ?? 0);
    const pro = index.score('pro', false);
    expect(pro.get('ball')).toBe(10 * MATCH_QUALITY.exact);
    expect(pro.get('sleeve')).toBe(3 * MATCH_QUALITY.prefix);
  });

  it('tolerates one typo only when asked, in words of five letters or more, and only when nothing matches as typed', () => {
    expect(index.score('baskteball', false).size).toBe(0);
    expect([...index.score('baskteball', true).keys()].sort()).toEqual(['ball', 'sleeve']);
    expect(index.score('hopo', true).size).toBe(0);
    // "lace" exists: no typo alternatives are added for it.
    expect(index.candidates('lace', true).map((c) => c.word)).toEqual(['lace']);
  });

  it('forgets a removed product', () => {
    const other = new TextIndex<string>();
    other.add('a', 'name', ['hoop']);
    other.remove('a', 'name', ['hoop']);
    expect(other.score('hoop', false).size).toBe(0);
  });
});
