import type { PageSection } from '@shop/contracts/browser';

const plain = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(
      /&(amp|lt|gt|quot|#39);/g,
      (_m, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name] ?? ' ',
    );

const words = (value: string) =>
  value
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** FAQ questions whose question or answer holds every word of the search (word prefixes count). */
export function filterFaqs(sections: PageSection[], search: string): PageSection[] {
  const terms = words(search);
  if (terms.length === 0) return sections;
  return sections.filter((section) => {
    const vocabulary = words(`${section.title} ${plain(section.html)}`);
    return terms.every((term) => vocabulary.some((word) => word.startsWith(term)));
  });
}
