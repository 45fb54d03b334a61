import { PageShell } from '@shop/ui';
import { Link } from 'react-router-dom';

const TITLES: Record<string, string> = {
  login: 'Sign in',
  register: 'Create an account',
  'password-forgot': 'Forgot your password?',
  'password-reset': 'Choose a new password',
};

/** /login, /register, /password/forgot, /password/reset; the first three also open as modals. */
export default function AuthPage({ page, variant }: { page: string; variant: 'page' | 'modal' }) {
  return (
    <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page={page} title={TITLES[page] ?? page}>
      {page === 'login' && (
        <p>
          New here? <Link to="/register">Create an account</Link> · <Link to="/password/forgot">Forgot password?</Link>
        </p>
      )}
      {variant === 'modal' && <p className="visually-hidden">Opened over the current page</p>}
    </PageShell>
  );
}
