import { PageShell, VisuallyHidden } from '@shop/ui';
import { LoginForm } from './login-form';

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
      {page === 'login' && <LoginForm />}
      {variant === 'modal' && <VisuallyHidden as="p">Opened over the current page</VisuallyHidden>}
    </PageShell>
  );
}
