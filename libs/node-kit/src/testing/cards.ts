/**
 * A card number of a test shopper's own: a random, Luhn-valid 16-digit Visa, which the payment
 * stand-in approves like any card not on its list of test cards. The fraud screen counts the
 * e-mails one card comes with, so test shoppers all paying with 4242 4242 4242 4242 would look
 * like a card tester's run; real shoppers each have their own card.
 */
export function ownCardNumber(): string {
  const body = [4, ...Array.from({ length: 14 }, () => Math.floor(Math.random() * 10))];
  // Luhn: from the right of the body, every first digit is doubled (the check digit comes after).
  const sum = body
    .slice()
    .reverse()
    .reduce(
      (total, digit, index) => total + (index % 2 === 0 ? (digit * 2 > 9 ? digit * 2 - 9 : digit * 2) : digit),
      0,
    );
  return [...body, (10 - (sum % 10)) % 10].join('');
}
