import type { FitFinderEntry } from '@shop/contracts/browser';
import { Button, TextField } from '@shop/ui';
import { type FormEvent, useState } from 'react';
import type { FitQuery } from '../fit-query';
import { type Units, hasLengths } from '../../../lib/units';
import { UnitToggle } from '../../../components/unit-toggle';

interface Props {
  finder: FitFinderEntry;
  query: FitQuery;
  /** With scripts: the form's fields as the URL query to go to. */
  onSubmit: (search: URLSearchParams) => void;
}

/**
 * The measurements a finder asks for. A GET form: without scripts the browser submits it and the
 * server renders the result; with them the page goes to the same URL without a reload.
 */
export function FitForm({ finder, query, onSubmit }: Props) {
  const [units, setUnits] = useState<Units>(query.units);
  const columns = finder.sizeTables.flatMap((table) => table.columns.slice(1));
  const measured = columns.filter((column) => finder.inputs.some((input) => input.key === column.key));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const search = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) search.append(name, String(value).trim());
    onSubmit(search);
  };
  return (
    <form method="get" action="/find-your-fit" className="fit-form" onSubmit={submit} aria-labelledby="fit-form-title">
      <h2 id="fit-form-title" className="fit-form__title">
        {finder.label}
      </h2>
      <input type="hidden" name="kind" value={finder.id} />
      {hasLengths(measured) && <UnitToggle unit={units} onChange={setUnits} />}
      {finder.inputs.map((input) => {
        const years = measured.find((column) => column.key === input.key)?.unit === 'years';
        return (
          <TextField
            key={input.key}
            label={input.label}
            hint={input.hint}
            name={input.key}
            type="number"
            step={years ? '1' : 'any'}
            min={years ? '1' : '0.1'}
            required
            inputMode={years ? 'numeric' : 'decimal'}
            defaultValue={query.typed[input.key] ?? ''}
          />
        );
      })}
      <Button type="submit">Find my size</Button>
    </form>
  );
}
