import type { VerificationProblemKind } from './verification-use-cases';

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const EXPLANATIONS: Record<VerificationProblemKind | 'session', { title: string; text: string; status: number }> = {
  denied: {
    title: 'Verification cancelled',
    text: 'You chose not to share your verification with us, so no discount was added. You can verify again at any time from your account.',
    status: 400,
  },
  state: {
    title: 'This verification link has expired',
    text: 'The verification was started in another browser, more than 10 minutes ago, or has already been used. Start it again from your account.',
    status: 400,
  },
  session: {
    title: 'Sign in to finish verifying',
    text: 'Your session ended or changed while you were verifying. Sign in and start the verification again from your account.',
    status: 401,
  },
  'not-verified': {
    title: 'We could not confirm your group',
    text: 'ID.me did not confirm membership of a group we offer a discount to. Nothing was changed on your account.',
    status: 400,
  },
  refused: {
    title: 'This verification could not be completed',
    text: 'ID.me did not accept the verification (it may already have been used). Start it again from your account.',
    status: 400,
  },
  unavailable: {
    title: 'ID.me is not answering right now',
    text: 'We could not reach ID.me to finish your verification. Nothing was changed on your account; please try again in a few minutes.',
    status: 503,
  },
};

/**
 * What the browser tab shows when a verification does not finish: a page that says why and
 * where to go next, never a JSON error (the callback is a page the provider sends the person to).
 */
export function problemPage(kind: VerificationProblemKind | 'session', brandName: string) {
  const { title, text, status } = EXPLANATIONS[kind];
  const next =
    kind === 'session'
      ? '<a href="/login?callbackUrl=%2Faccount">Sign in</a>'
      : '<a href="/account">Back to your account</a>';
  const html = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)} - ${escapeHtml(brandName)}</title>
</head>
<body>
  <main>
    <h1>${escapeHtml(title)}</h1>
    <p>${escapeHtml(text)}</p>
    <p>${next}</p>
  </main>
</body>
</html>
`;
  return { status, html };
}
