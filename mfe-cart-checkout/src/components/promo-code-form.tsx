import type { CartResponse } from '@shop/contracts/browser';
import { useAppDispatch, useAppSelector } from '@shop/platform';
import { Button, TextField } from '@shop/ui';
import { type FormEvent, useRef, useState } from 'react';
import { applyDiscountCode } from '../lib/cart/cart-actions';
import { problemDismissed, selectProblems } from '../lib/cart/cart-slice';
import { CODE_STATE_TEXT } from './discount-code-state';
import './promo-code-form.css';

/**
 * The promo-code field (brand flag `discounts`): the server's own message when a code is refused.
 * `onApplied` runs with the bag once a code is on it (checkout then reads its totals again).
 */
export function PromoCodeForm({ onApplied }: { onApplied?: (cart: CartResponse) => void } = {}) {
  const dispatch = useAppDispatch();
  const refused = useAppSelector(selectProblems).promo;
  const [code, setCode] = useState('');
  const [empty, setEmpty] = useState(false);
  const [applying, setApplying] = useState(false);
  const [outcome, setOutcome] = useState('');
  const input = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (applying) return;
    const entered = code.trim();
    setOutcome('');
    setEmpty(!entered);
    if (!entered) {
      input.current?.focus();
      return;
    }
    setApplying(true);
    const result = await dispatch(applyDiscountCode(entered));
    setApplying(false);
    if (!result.ok) {
      // The field now carries the reason (aria-describedby); focus makes a screen reader read it.
      input.current?.focus();
      return;
    }
    setCode('');
    onApplied?.(result.cart);
    const added = result.cart.discountCodes.find((c) => c.code.toLowerCase() === entered.toLowerCase());
    setOutcome(
      added && added.state !== 'MatchesCart'
        ? `Code ${added.code} was added, but it ${CODE_STATE_TEXT[added.state]}.`
        : `Code ${added?.code ?? entered} applied.`,
    );
  };

  return (
    <form className="promo-code" aria-label="Promo code" onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        ref={input}
        label="Promo code"
        name="code"
        value={code}
        maxLength={64}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        error={empty ? 'Enter a promo code.' : refused}
        onChange={(event) => {
          setCode(event.target.value);
          setEmpty(false);
          if (refused) dispatch(problemDismissed('promo'));
        }}
      />
      <Button type="submit" variant="secondary" aria-disabled={applying || undefined}>
        {applying ? 'Applying…' : 'Apply'}
      </Button>
      <p role="status" className="promo-code__outcome">
        {outcome}
      </p>
    </form>
  );
}
