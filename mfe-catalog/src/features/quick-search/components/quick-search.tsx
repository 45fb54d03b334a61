import '../../../catalog.css';
import { QUICK_SEARCH_SIZE, type SuggestResponse } from '@shop/contracts/browser';
import { useAppDispatch } from '@shop/platform';
import { VisuallyHidden, formatPrice } from '@shop/ui';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { catalogApi } from '../../../lib/catalog-api';
import { searchResultsReceived } from '../../../lib/catalog-slice';

const MAX_TERM_LENGTH = 100;
const DEBOUNCE_MS = 200;

interface Option {
  id: string;
  label: string;
  detail?: string;
  href: string;
  /** A product's picture beside its name. */
  image?: string;
}

/**
 * The header's search box as an ARIA combobox: products and categories as the shopper types
 * (debounced; a stale request is cancelled), arrow keys to move, Enter to go, Escape to close.
 */
export default function QuickSearch() {
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [results, setResults] = useState<SuggestResponse | null>(null);
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [trigger] = catalogApi.useLazyCatalogSuggestQuery();
  const inputId = useId();
  const listId = useId();
  const pending = useRef<{ abort: () => void } | undefined>(undefined);
  const trimmed = term.trim();

  useEffect(() => {
    if (trimmed.length < 2) {
      setResults(null);
      return undefined;
    }
    const timer = setTimeout(() => {
      pending.current?.abort();
      const request = trigger(trimmed, true);
      pending.current = request;
      request.unwrap().then(
        (data) => {
          setResults(data);
          dispatch(searchResultsReceived(data));
        },
        () => undefined,
      );
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [trimmed, trigger, dispatch]);

  const options: Option[] = [
    ...(results?.products.slice(0, QUICK_SEARCH_SIZE).map((p) => ({
      id: `p-${p.key}`,
      label: p.name,
      detail: `${p.priceFrom ? 'from ' : ''}${formatPrice(p.salePrice ?? p.price)}`,
      href: p.url,
      image: p.image.url,
    })) ?? []),
    ...(results?.categories.map((c) => ({ id: `c-${c.path}`, label: c.name, detail: 'Category', href: c.path })) ?? []),
    ...(trimmed
      ? [{ id: 'search', label: `Search for “${trimmed}”`, href: `/c?q=${encodeURIComponent(trimmed)}` }]
      : []),
  ];
  const expanded = open && trimmed.length > 0 && options.length > 0;
  // Said (and announced) once the answer for what is typed now has come back empty.
  const nothing = open && results !== null && trimmed.length >= 2 && results.products.length === 0;

  const go = (href: string) => {
    setOpen(false);
    setActive(-1);
    setTerm('');
    navigate(href);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (active >= 0 && options[active]) go(options[active].href);
    else if (trimmed) go(`/c?q=${encodeURIComponent(trimmed)}`);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (options.length === 0 ? -1 : (current + step + options.length) % options.length));
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    // A real form (the listing's search), named as the shell's placeholder form is, so that what
    // is typed there while this loads carries over (ADR 0025).
    <form
      role="search"
      action="/c"
      method="get"
      className="search-form quick-search"
      onSubmit={submit}
      data-remote-slot="quick-search"
    >
      <VisuallyHidden as="label" htmlFor={inputId}>
        Search products
      </VisuallyHidden>
      <input
        id={inputId}
        name="q"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${options[active]?.id}` : undefined}
        placeholder="Search"
        value={term}
        maxLength={MAX_TERM_LENGTH}
        autoComplete="off"
        onChange={(event) => {
          setTerm(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      <div className="quick-search__panel">
        <p role="status" className={nothing ? 'quick-search__none' : 'ui-visually-hidden'}>
          {nothing ? `No products match “${trimmed}”.` : ''}
        </p>
        <ul
          id={listId}
          role="listbox"
          aria-label="Search suggestions"
          className="quick-search__suggestions"
          hidden={!expanded}
        >
          {expanded &&
            options.map((option, i) => (
              <li
                key={option.id}
                id={`${listId}-${option.id}`}
                role="option"
                aria-selected={i === active}
                className={i === active ? 'is-active' : undefined}
                onMouseDown={(event) => {
                  event.preventDefault();
                  go(option.href);
                }}
              >
                {option.image && (
                  <img
                    className="quick-search__thumb"
                    src={option.image}
                    alt=""
                    width={40}
                    height={40}
                    loading="lazy"
                  />
                )}
                <span className="quick-search__label">
                  {option.label}
                  {option.detail && <span className="quick-search__detail"> {option.detail}</span>}
                </span>
              </li>
            ))}
        </ul>
      </div>
    </form>
  );
}
