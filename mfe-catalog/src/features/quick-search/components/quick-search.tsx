import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';

const MAX_TERM_LENGTH = 100;

/** The header's search box. Results-as-you-type arrive with product search; submitting searches now. */
export default function QuickSearch() {
  const [term, setTerm] = useState('');
  const navigate = useNavigate();
  const inputId = useId();
  const trimmed = term.trim();
  const searchUrl = `/c?q=${encodeURIComponent(trimmed)}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed) return;
    setTerm('');
    navigate(searchUrl);
  };

  return (
    <form role="search" className="search-form" onSubmit={submit} data-remote-slot="quick-search">
      <label className="visually-hidden" htmlFor={inputId}>
        Search products
      </label>
      <input
        id={inputId}
        type="search"
        placeholder="Search"
        value={term}
        maxLength={MAX_TERM_LENGTH}
        onChange={(event) => setTerm(event.target.value)}
      />
      {trimmed && (
        <ul className="quick-search__suggestions" aria-label="Search suggestions">
          <li>
            <Link to={searchUrl} onClick={() => setTerm('')}>
              Search for “{trimmed}”
            </Link>
          </li>
        </ul>
      )}
    </form>
  );
}
