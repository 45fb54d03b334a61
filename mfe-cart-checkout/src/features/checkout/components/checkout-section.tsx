import type { ReactNode } from 'react';

export type SectionId =
  'contact' | 'shipping-address' | 'shipping-method' | 'payment' | 'billing-address' | 'loyalty' | 'promo' | 'review';

const headingId = (id: SectionId) => `checkout-${id}-title`;

/** One part of the checkout: a region named by its heading, which can take focus when the shopper is sent there. */
export function CheckoutSection({
  id,
  title,
  children,
  busy,
}: {
  id: SectionId;
  title: string;
  children: ReactNode;
  busy?: boolean;
}) {
  return (
    <section
      className="checkout-section"
      aria-labelledby={headingId(id)}
      data-section={id}
      aria-busy={busy || undefined}
    >
      <h2 id={headingId(id)} className="checkout-section__title" tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Moves focus to a section's heading (after its step is done, the next one's; from the review, the one to fix). */
export function focusSection(id: SectionId): void {
  document.getElementById(headingId(id))?.focus();
}

/**
 * After a step is saved, sends focus on to the next section, unless the shopper has already moved
 * on by themselves while the save was in flight (typing in the next form): their focus stays where
 * it is. Focus counts as still here when it is in the finished section or was dropped to the body
 * (the finished form left the page).
 */
export function moveOnFrom(from: SectionId, to: SectionId): void {
  const active = document.activeElement;
  const finished = document.querySelector(`[data-section="${from}"]`);
  if (active && active !== document.body && !finished?.contains(active)) return;
  focusSection(to);
}
