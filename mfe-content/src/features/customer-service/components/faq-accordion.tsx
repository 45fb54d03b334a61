import { TextField } from '@shop/ui';
import type { PageSection } from '@shop/contracts/browser';
import { useId, useState } from 'react';
import { filterFaqs } from './faq-filter';

/** The FAQ as an accordion (buttons with aria-expanded controlling regions) with a search box. */
export function FaqAccordion({ sections }: { sections: PageSection[] }) {
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const base = useId();
  const shown = filterFaqs(sections, search);
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <section className="faq" aria-label="Frequently asked questions">
      <div className="faq__search" role="search">
        <TextField
          label="Search the FAQs"
          id={`${base}-search`}
          type="search"
          value={search}
          maxLength={100}
          onChange={(event) => setSearch(event.target.value)}
          className="faq__search-field"
        />
        <p aria-live="polite" className="faq__count" data-testid="faq-count">
          {shown.length === sections.length
            ? `${sections.length} questions`
            : `${shown.length} of ${sections.length} questions match`}
        </p>
      </div>
      {shown.length === 0 && <p>No questions match. Try other words, or use the contact form.</p>}
      <ul className="faq__items">
        {shown.map((section) => {
          const expanded = open.has(section.id);
          const panel = `${base}-${section.id}`;
          return (
            <li key={section.id} className="faq__item">
              <h3 className="faq__question">
                <button
                  type="button"
                  aria-expanded={expanded}
                  aria-controls={panel}
                  id={`${panel}-button`}
                  onClick={() => toggle(section.id)}
                >
                  {section.title}
                </button>
              </h3>
              <div
                id={panel}
                role="region"
                aria-labelledby={`${panel}-button`}
                hidden={!expanded}
                className="prose"
                dangerouslySetInnerHTML={{ __html: section.html }}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
