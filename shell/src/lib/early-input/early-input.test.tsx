// The page's first script as the gateway inlines it: server-side contracts, in a test only.
// eslint-disable-next-line no-restricted-imports
import { EARLY_INPUT_GLOBAL, EARLY_INPUT_SCRIPT } from '@shop/contracts';
import { act } from '@testing-library/react';
import { useState } from 'react';
import { type Root, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { takeEarlyInput } from './take';

/** A page with each kind of control a shopper reaches for while a page wakes up. */
function Page() {
  const [term, setTerm] = useState('');
  const [band, setBand] = useState<string>();
  const [colours, setColours] = useState<string[]>([]);
  const [sort, setSort] = useState('relevance');
  const [quantity, setQuantity] = useState(1);
  const [sent, setSent] = useState(0);
  return (
    <div>
      <input aria-label="Search" name="q" value={term} onChange={(event) => setTerm(event.target.value)} />
      {['32', '34', '36'].map((value) => (
        <label key={value}>
          <input type="radio" name="band" value={value} checked={band === value} onChange={() => setBand(value)} />
          {value}
        </label>
      ))}
      {['black', 'white'].map((colour) => (
        <label key={colour}>
          <input
            type="checkbox"
            name="colour"
            value={colour}
            checked={colours.includes(colour)}
            onChange={() =>
              setColours((now) => (now.includes(colour) ? now.filter((c) => c !== colour) : [...now, colour]))
            }
          />
          {colour}
        </label>
      ))}
      <select aria-label="Sort" value={sort} onChange={(event) => setSort(event.target.value)}>
        <option value="relevance">Relevance</option>
        <option value="price-asc">Price: low to high</option>
      </select>
      <button type="button" onClick={() => setQuantity((n) => n + 1)}>
        One more
      </button>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setSent((n) => n + 1);
        }}
      >
        <button type="submit">Add to bag</button>
      </form>
      <output>{JSON.stringify({ term, band, colours, sort, quantity, sent })}</output>
    </div>
  );
}

let container: HTMLDivElement;
let root: Root | undefined;

beforeEach(() => {
  container = document.createElement('div');
  container.innerHTML = renderToString(<Page />);
  document.body.append(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
  delete (window as unknown as Record<string, unknown>)[EARLY_INPUT_GLOBAL];
});

const $ = <T extends Element>(selector: string) => container.querySelector<T>(selector) as T;
const state = () => JSON.parse($('output').textContent ?? '{}') as Record<string, unknown>;

/** The shopper, before the page's code has run: what the browser does by itself. */
function actBeforeWaking() {
  $<HTMLInputElement>('input[value="34"]').click();
  const search = $<HTMLInputElement>('input[name="q"]');
  search.value = 'bra';
  search.dispatchEvent(new Event('input', { bubbles: true }));
  $<HTMLInputElement>('input[value="36"]').click();
  $<HTMLInputElement>('input[value="black"]').click();
  $<HTMLInputElement>('input[value="white"]').click();
  $<HTMLInputElement>('input[value="white"]').click();
  const sort = $<HTMLSelectElement>('select');
  sort.value = 'price-asc';
  sort.dispatchEvent(new Event('change', { bubbles: true }));
  $<HTMLButtonElement>('button[type="button"]').click();
  $<HTMLButtonElement>('button[type="button"]').click();
  $<HTMLButtonElement>('button[type="submit"]').click();
}

function hydrate() {
  act(() => {
    root = hydrateRoot(container, <Page />);
  });
}

describe('input while the page wakes up (ADR 0025)', () => {
  it('is lost without the first script: React takes the changed markup as its own', () => {
    // With nothing to stop it, "Add to bag" sends its form, which jsdom says it cannot do.
    const said = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    actBeforeWaking();
    said.mockRestore();
    hydrate();
    // What the browser shows and what the page knows part ways: the next render undoes the rest.
    expect($<HTMLInputElement>('input[name="q"]').value).toBe('bra');
    expect(state()).toEqual({ term: '', colours: [], sort: 'relevance', quantity: 1, sent: 0 });
  });

  it('is kept by the first script and done again, in order, once the page listens', async () => {
    new Function(EARLY_INPUT_SCRIPT)();
    actBeforeWaking();
    // Until then the page shows what the browser did: the text, the choice, the tick.
    expect($<HTMLInputElement>('input[name="q"]').value).toBe('bra');
    expect($<HTMLInputElement>('input[value="36"]').checked).toBe(true);
    expect($<HTMLInputElement>('input[value="black"]').checked).toBe(true);
    hydrate();
    await act(() => takeEarlyInput());
    expect(state()).toEqual({
      term: 'bra',
      band: '36',
      colours: ['black'],
      sort: 'price-asc',
      quantity: 3,
      sent: 1,
    });
    expect($<HTMLInputElement>('input[name="q"]').value).toBe('bra');
    expect($<HTMLInputElement>('input[value="36"]').checked).toBe(true);
    expect($<HTMLInputElement>('input[value="white"]').checked).toBe(false);
    expect($<HTMLSelectElement>('select').value).toBe('price-asc');
  });

  it('stops keeping input once taken: the page hears the shopper directly', async () => {
    new Function(EARLY_INPUT_SCRIPT)();
    hydrate();
    await act(() => takeEarlyInput());
    act(() => $<HTMLButtonElement>('button[type="button"]').click());
    expect(state()).toMatchObject({ quantity: 2 });
  });

  it('leaves a form with an address of its own to the browser', () => {
    new Function(EARLY_INPUT_SCRIPT)();
    const form = document.createElement('form');
    form.setAttribute('action', '/c');
    container.append(form);
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(false);
  });
});
