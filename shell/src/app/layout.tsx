import { useFlag } from '@shop/platform';
import type { ReactNode } from 'react';
import { RemoteOutlet } from '../lib/remote-loader/remote-outlet';
import { Footer } from '../features/chrome/footer';
import { Header } from '../features/chrome/header';
import { useBackOffice, useBrowsingPage } from './use-route-entry';

export function Layout({ children }: { children: ReactNode }) {
  const backOffice = useBackOffice();
  // Staff pages bring their own frame: no shop header (its search and bag), footer or signup prompt.
  if (backOffice)
    return (
      <div className="app app--back-office">
        <main id="main" className="app__main" tabIndex={-1}>
          {children}
        </main>
      </div>
    );
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" className="app__main" tabIndex={-1}>
        <PreviousBagOffer />
        {children}
      </main>
      <Footer />
      <SignupPrompt />
    </div>
  );
}

/**
 * The content remote's first-visit e-mail signup prompt; it draws nothing until the popup queue
 * shows it, so it loads once the page is idle. It opens only on a page the shopper browses.
 */
function SignupPrompt() {
  const signup = useFlag('emailSignup', true);
  const modal = useFlag('emailSignupModal', true);
  const browsing = useBrowsingPage();
  if (!signup || !modal) return null;
  return (
    <RemoteOutlet
      remote="content"
      expose="EmailSignupPrompt"
      props={{ browsing }}
      fallback={() => null}
      loading={false}
      start="idle"
    />
  );
}

/** The cart remote's offer to add back a bag a sign-in set aside (loaded once idle); nothing shows without one. */
function PreviousBagOffer() {
  return (
    <RemoteOutlet
      remote="cartCheckout"
      expose="PreviousBagOffer"
      props={{}}
      fallback={() => null}
      loading={false}
      start="idle"
    />
  );
}
