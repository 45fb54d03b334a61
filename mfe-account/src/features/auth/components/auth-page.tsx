import { useSession } from '@shop/platform';
import { PageShell, VisuallyHidden } from '@shop/ui';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { localCallback } from '../../../lib/local-callback';
import { ForgotForm } from './forgot-form';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { ResetForm } from './reset-form';
import { fullLoad } from '../../../lib/full-load';

const TITLES: Record<string, string> = {
  login: 'Sign in',
  register: 'Create an account',
  'password-forgot': 'Forgot your password?',
  'password-reset': 'Choose a new password',
};

/** /login, /register, /password/forgot, /password/reset; the first three also open as modals. */
export default function AuthPage({ page, variant }: { page: string; variant: 'page' | 'modal' }) {
  const { isLoggedIn } = useSession();
  const [params] = useSearchParams();
  const signedInAlready = isLoggedIn && (page === 'login' || page === 'register');
  useEffect(() => {
    // Nothing to do here for a signed-in shopper: on to where they were going.
    if (signedInAlready) fullLoad.replace(localCallback(params.get('callbackUrl'), '/account'));
  }, [signedInAlready, params]);

  return (
    <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page={page} title={TITLES[page] ?? page}>
      {page === 'login' && <LoginForm />}
      {page === 'register' && <RegisterForm />}
      {page === 'password-forgot' && <ForgotForm />}
      {page === 'password-reset' && <ResetForm />}
      {variant === 'modal' && <VisuallyHidden as="p">Opened over the current page</VisuallyHidden>}
    </PageShell>
  );
}
