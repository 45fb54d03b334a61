const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The groups the stand-in verifies (SPEC §3), with the words a person reads. */
export const IDME_GROUPS = {
  alumni: 'Alumni',
  employee: 'Employee',
  government: 'Government employee',
  medical: 'Medical professional',
  military: 'Military',
  nurse: 'Nurse',
  responder: 'First responder',
  student: 'Student',
  teacher: 'Teacher',
} as const;
export type IdmeGroup = keyof typeof IDME_GROUPS;

export interface AuthorizeRequest {
  client_id: string;
  redirect_uri: string;
  state: string;
  code_challenge: string;
  scope?: string;
}

/**
 * The page where a person "verifies" with the provider: a group, an e-mail and a choice to
 * approve or deny. A plain form (no script), so the page's CSP forbids every script.
 */
export function authorizePage(request: AuthorizeRequest, problem?: string): string {
  const hidden = (['client_id', 'redirect_uri', 'state', 'code_challenge'] as const)
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(request[name])}">`)
    .join('\n      ');
  const options = Object.entries(IDME_GROUPS)
    .map(
      ([group, label]) =>
        `<option value="${group}"${group === request.scope ? ' selected' : ''}>${escapeHtml(label)}</option>`,
    )
    .join('');
  const error = problem
    ? `<p id="email-error" class="error" role="alert">${escapeHtml(problem)}</p>`
    : '<p id="email-error" class="error"></p>';
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Verify your identity - ID.me stand-in</title>
  <link rel="stylesheet" href="/oauth/page.css">
</head>
<body>
  <main>
    <h1>Verify your identity</h1>
    <p>A shop asks to confirm that you belong to a community that gets a discount. This local stand-in plays the identity provider: nothing is checked against real records.</p>
    <form method="post" action="/oauth/authorize">
      ${hidden}
      <label for="group">Community</label>
      <select id="group" name="scope">${options}</select>
      <label for="email">E-mail address</label>
      <input id="email" name="email" type="email" autocomplete="email" required aria-describedby="email-error"${problem ? ' aria-invalid="true"' : ''}>
      ${error}
      <div class="actions">
        <button type="submit" name="decision" value="approve">Verify and continue</button>
        <button type="submit" name="decision" value="deny" formnovalidate class="secondary">Deny</button>
      </div>
    </form>
  </main>
</body>
</html>
`;
}

/** A request the provider will not send back to the shop (unknown client or redirect address). */
export function refusalPage(message: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Cannot verify - ID.me stand-in</title><link rel="stylesheet" href="/oauth/page.css"></head>
<body><main><h1>This verification request is not valid</h1><p role="alert">${escapeHtml(message)}</p></main></body>
</html>
`;
}

export const PAGE_CSS = `*, *::before, *::after { box-sizing: border-box; }
html { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif; color: #1a1a1a; background: #f4f6f8; }
main { max-width: 32rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 8px; }
form { display: grid; gap: 0.5rem; }
label { font-weight: 600; margin-top: 0.5rem; }
input, select { min-height: 44px; padding: 0.5rem 0.75rem; font: inherit; border: 1px solid #6b6b6b; border-radius: 4px; }
input:focus-visible, select:focus-visible, button:focus-visible { outline: 3px solid #1a5fb4; outline-offset: 1px; }
.error { margin: 0; min-height: 1.25rem; color: #b00020; }
.actions { display: flex; gap: 0.75rem; margin-top: 1rem; }
button { min-height: 44px; padding: 0.5rem 1rem; font: inherit; font-weight: 600; color: #fff; background: #1e6b3a; border: 0; border-radius: 4px; cursor: pointer; }
button.secondary { color: #1a1a1a; background: #e4e7eb; }
`;
