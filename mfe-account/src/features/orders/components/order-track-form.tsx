import { useBrand } from '@shop/platform';
import { Button, Notice, TextField } from '@shop/ui';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorOf, ordersApi } from '../api/orders-api';

const ORDER_NUMBER = /^[A-Za-z]{2}\d{10}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Order number and e-mail: on a match the order opens on /order?orderNumber=… */
export function OrderTrackForm() {
  const navigate = useNavigate();
  const example = `${useBrand().orderNumberPrefix}0123456789`;
  const [lookup, { isLoading }] = ordersApi.useAccountLookupOrderMutation();
  const [errors, setErrors] = useState<{ orderNumber?: string; email?: string }>({});
  const [refusal, setRefusal] = useState<string>();
  const numberRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const orderNumber = String(form.get('orderNumber') ?? '').trim();
    const email = String(form.get('email') ?? '').trim();
    const found = {
      ...(ORDER_NUMBER.test(orderNumber) ? {} : { orderNumber: `Enter the order number, e.g. ${example}.` }),
      ...(EMAIL.test(email) ? {} : { email: 'Enter the e-mail address the order was placed with.' }),
    };
    setErrors(found);
    setRefusal(undefined);
    if (found.orderNumber) return numberRef.current?.focus();
    if (found.email) return emailRef.current?.focus();
    const result = await lookup({ orderNumber, email });
    if ('data' in result && result.data) {
      navigate(`/order?orderNumber=${encodeURIComponent(result.data.orderNumber)}`);
      return;
    }
    const { code } = errorOf(result.error);
    setRefusal(
      code === 'ORDER_NOT_FOUND'
        ? 'We could not find an order with that number and e-mail address. Check both and try again.'
        : code === 'TOO_MANY_REQUESTS'
          ? 'Too many attempts. Please wait a while and try again.'
          : 'The order could not be looked up. Please try again.',
    );
    requestAnimationFrame(() => noticeRef.current?.focus());
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Track an order">
      {refusal && (
        <div ref={noticeRef} tabIndex={-1}>
          <Notice tone="error">{refusal}</Notice>
        </div>
      )}
      <TextField
        ref={numberRef}
        label="Order number"
        name="orderNumber"
        autoComplete="off"
        required
        error={errors.orderNumber}
      />
      <TextField
        ref={emailRef}
        label="E-mail address"
        name="email"
        type="email"
        autoComplete="email"
        required
        error={errors.email}
      />
      <Button type="submit" disabled={isLoading}>
        {isLoading ? 'Looking up…' : 'Track order'}
      </Button>
    </form>
  );
}
