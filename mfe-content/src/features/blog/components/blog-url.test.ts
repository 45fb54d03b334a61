import { blogSearch, pageLinks } from './blog-url';

describe('blog URL state', () => {
  it('keeps q, tag and offset and drops anything else', () => {
    expect(blogSearch(new URLSearchParams('q=wash&tag=care&offset=6&utm=x')).toString()).toBe(
      'q=wash&tag=care&offset=6',
    );
  });

  it('goes back to the first page when the tag changes', () => {
    expect(blogSearch(new URLSearchParams('q=fit&offset=6'), { tag: 'sport' }).toString()).toBe('q=fit&tag=sport');
    expect(blogSearch(new URLSearchParams('tag=sport&offset=6'), { tag: null }).toString()).toBe('');
  });

  it('ignores an offset that is not a whole number', () => {
    expect(blogSearch(new URLSearchParams('offset=abc')).toString()).toBe('');
  });

  it('numbers pages and marks the current one', () => {
    expect(pageLinks(13, 6, 6)).toEqual([
      { number: 1, offset: 0, current: false },
      { number: 2, offset: 6, current: true },
      { number: 3, offset: 12, current: false },
    ]);
    expect(pageLinks(0, 0, 6)).toEqual([]);
  });
});
