import { renderHook } from '@testing-library/react';
import { useHeadTags } from './use-head-tags';

describe('head tags', () => {
  it('adds description, canonical and JSON-LD while the page shows and removes them after', () => {
    const tags = {
      description: 'Soft and supportive.',
      canonical: '/learn/fit',
      jsonLd: { '@type': 'Article', headline: '</script><script>x' },
    };
    const { unmount } = renderHook(() => useHeadTags(tags));
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Soft and supportive.',
    );
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${location.origin}/learn/fit`,
    );
    const ld = document.head.querySelector('script[type="application/ld+json"]')?.textContent ?? '';
    expect(ld).not.toContain('</script>');
    expect(JSON.parse(ld)).toEqual(tags.jsonLd);
    unmount();
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
  });

  it('adds nothing until there is something to describe', () => {
    renderHook(() => useHeadTags(undefined));
    expect(document.head.querySelector('script[type="application/ld+json"]')).toBeNull();
  });
});
