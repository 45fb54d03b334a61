const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The hosted card field: three labelled inputs (card number, expiry MM/YY, security code), each
 * with its error under it in a polite live region, and a form-level alert. The parent page's
 * origin, the publishable key and the bag's client secret ride on data attributes for the script; no inline script or
 * style, so the page's CSP can forbid both.
 */
export function cardFieldPage({
  origin,
  publishableKey,
  clientSecret,
}: {
  origin: string;
  publishableKey: string;
  /** The bag's client secret: the tokens this page makes are bound to its bag, session and brand. */
  clientSecret: string;
}): string {
  const field = (id: string, label: string, attributes: string) => `
    <div class="field field-${id}">
      <label for="card-${id}">${label}</label>
      <input id="card-${id}" ${attributes} autocorrect="off" spellcheck="false" required aria-required="true" aria-invalid="false" aria-describedby="card-${id}-error">
      <p id="card-${id}-error" class="field-error" aria-live="polite"></p>
    </div>`;
  return `<!doctype html>
<html lang="en" data-origin="${escapeAttribute(origin)}" data-pk="${escapeAttribute(publishableKey)}" data-client-secret="${escapeAttribute(clientSecret)}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Card details</title>
  <link rel="stylesheet" href="/hosted/card-field.css">
</head>
<body>
  <form id="card-form" novalidate aria-label="Card details">
    ${field('number', 'Card number', 'name="cardnumber" type="text" inputmode="numeric" autocomplete="cc-number" maxlength="23"')}
    <div class="row">
      ${field('expiry', 'Expiry date (MM/YY)', 'name="cc-exp" type="text" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" maxlength="7"')}
      ${field('cvc', 'Security code (CVC)', 'name="cvc" type="text" inputmode="numeric" autocomplete="cc-csc" maxlength="4"')}
    </div>
    <p id="card-form-error" class="form-error" role="alert"></p>
  </form>
  <script src="/hosted/card-field.js"></script>
</body>
</html>
`;
}

/** System fonts, visible focus, errors in a red that keeps 4.5:1 contrast on white. */
export const CARD_FIELD_CSS = `*, *::before, *::after { box-sizing: border-box; }
html { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif; font-size: 16px; color: #1a1a1a; background: transparent; }
body { margin: 0; padding: 2px; }
form { display: grid; gap: 0.25rem; }
.row { display: grid; grid-template-columns: 1fr 1fr; gap: 0.75rem; }
.field { display: grid; gap: 0.25rem; }
label { font-weight: 600; font-size: 0.875rem; }
input { width: 100%; min-height: 44px; padding: 0.5rem 0.75rem; font: inherit; color: inherit; background: #fff; border: 1px solid #6b6b6b; border-radius: 4px; }
input:focus-visible { outline: 3px solid #1a5fb4; outline-offset: 1px; }
input[aria-invalid='true'] { border-color: #b00020; }
.field-error, .form-error { margin: 0; min-height: 1.25rem; font-size: 0.875rem; color: #b00020; }
@media (prefers-reduced-motion: no-preference) { input { transition: border-color 0.1s; } }
`;
