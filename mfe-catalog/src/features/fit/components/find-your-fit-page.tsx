import '../../../catalog.css';
import { Button, Notice, PageShell, TextField } from '@shop/ui';
import { UnitToggle } from './unit-toggle';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { ContentNotes } from '../../../components/content-notes';
import { type FitResult, braSize } from '../fit-calculator';

/** /find-your-fit: two measurements give a bra size, and a link to bras in that size. */
export default function FindYourFitPage() {
  const [unit, setUnit] = useState<'in' | 'cm'>('in');
  const [result, setResult] = useState<FitResult | undefined>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setResult(braSize(Number(form.get('underbust')), Number(form.get('bust')), unit));
  };
  return (
    <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page="find-your-fit" title="Find your fit">
      <form onSubmit={submit} className="fit-form">
        <UnitToggle unit={unit} onChange={setUnit} />
        <TextField
          label="Underbust: snugly around your ribcage, just under the bust"
          name="underbust"
          type="number"
          step="0.1"
          min="1"
          required
          inputMode="decimal"
        />
        <TextField
          label="Bust: loosely around the fullest part"
          name="bust"
          type="number"
          step="0.1"
          min="1"
          required
          inputMode="decimal"
        />
        <Button type="submit">Find my size</Button>
      </form>
      <div role="status" aria-live="polite">
        {result?.kind === 'size' && (
          <p className="fit-result">
            Your size is <strong>{result.size}</strong>.{' '}
            <Link to={`/c/bras?bandSize=${result.band}&cupSize=${result.cup}`}>Shop bras in {result.size}</Link>
          </p>
        )}
        {result && result.kind !== 'size' && <Notice tone="error">{result.reason}</Notice>}
      </div>
      <ContentNotes path="find-your-fit" label="Fit advice" />
    </PageShell>
  );
}
