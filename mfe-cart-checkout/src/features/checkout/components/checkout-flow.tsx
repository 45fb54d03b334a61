import type { CheckoutResponse } from '@shop/contracts/browser';
import { useFlag } from '@shop/platform';
import { useEffect, useRef } from 'react';
import { trackBeginCheckout } from '../../../lib/checkout/checkout-tracking';
import { useFraudCollector } from '../../../lib/fraud/use-fraud-collector';
import { BillingSection } from './billing-section';
import { ContactSection } from './contact-section';
import { LoyaltySection } from './loyalty-section';
import { PaymentSection } from './payment-section';
import { PromoSection } from './promo-section';
import { ReviewSection } from './review-section';
import { ShippingAddressSection } from './shipping-address-section';
import { ShippingMethodSection } from './shipping-method-section';
import { useTaxes } from './use-taxes';

/** BEGIN_CHECKOUT once per visit to the page, when it opens with lines. */
function useBeginCheckout(checkout: CheckoutResponse) {
  const tracked = useRef(false);
  useEffect(() => {
    if (tracked.current || checkout.cart.lines.length === 0) return;
    tracked.current = true;
    trackBeginCheckout(checkout);
  }, [checkout]);
}

/** The checkout form's sections, in order, and the review with "Place order". */
export function CheckoutFlow({ checkout }: { checkout: CheckoutResponse }) {
  useBeginCheckout(checkout);
  useFraudCollector(checkout.checkout.vendors);
  const tax = useTaxes(checkout);
  const discounts = useFlag('discounts', false);
  return (
    <div className="checkout">
      <div className="checkout__steps">
        <ContactSection checkout={checkout} />
        <ShippingAddressSection checkout={checkout} />
        <ShippingMethodSection checkout={checkout} />
        <PaymentSection checkout={checkout} />
        <BillingSection checkout={checkout} />
        {checkout.checkout.loyalty && <LoyaltySection checkout={checkout} />}
        {discounts && <PromoSection checkout={checkout} />}
      </div>
      <ReviewSection checkout={checkout} tax={tax} />
    </div>
  );
}
