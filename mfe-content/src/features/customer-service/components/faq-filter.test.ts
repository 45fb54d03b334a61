import { filterFaqs } from './faq-filter';

const sections = [
  {
    id: 'returns',
    title: 'How do I return an item?',
    html: '<p>Start a return within 30 days from <a href="/order/returns">Returns</a>.</p>',
  },
  {
    id: 'shipping',
    title: 'When will my order ship?',
    html: '<p>Standard shipping takes 3&ndash;5 business days.</p>',
  },
  { id: 'sizes', title: 'How do I find my size?', html: '<p>Use the fit finder &amp; size guide.</p>' },
];

describe('FAQ search', () => {
  it('keeps everything for an empty search', () => {
    expect(filterFaqs(sections, '  ')).toHaveLength(3);
  });

  it('matches words of questions and answers, by prefix and in any case', () => {
    expect(filterFaqs(sections, 'RETURN').map((s) => s.id)).toEqual(['returns']);
    expect(filterFaqs(sections, 'busi').map((s) => s.id)).toEqual(['shipping']);
    expect(filterFaqs(sections, 'size guide').map((s) => s.id)).toEqual(['sizes']);
  });

  it('needs every word to match and ignores markup', () => {
    expect(filterFaqs(sections, 'return shipping')).toEqual([]);
    expect(filterFaqs(sections, 'href')).toEqual([]);
  });
});
