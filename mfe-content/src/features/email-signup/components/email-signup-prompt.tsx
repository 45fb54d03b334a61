import { EMAIL_SIGNUP_MODAL_DELAY_MS } from '@shop/contracts/browser';
import { type PopupProps, popupEnqueued, registerPopup, useAppDispatch, useConsent, useFlag } from '@shop/platform';
import { useEffect, useRef, useState } from 'react';
import { contentApi } from '../../../lib/content-api';
import { signupCookie, signupPromptSeen } from '../signup-cookie';
import { EmailSignupForm } from './email-signup-form';

export const EMAIL_SIGNUP_POPUP = 'email-signup';

function EmailSignupPopup(_props: PopupProps) {
  return <EmailSignupForm placement="modal" />;
}

/** How long the shopper has not tapped, typed or scrolled before the prompt may open. */
export const QUIET_MS = 2000;
/** How often a prompt that is due looks again for its moment. */
export const RECHECK_MS = 1000;

/** A dialog or drawer open on the page (the filter drawer, the bag, sign-in): never open over one. */
const overlayOpen = () => document.querySelector('[aria-modal="true"], dialog[open]') !== null;

interface Props {
  /** Whether the shopper is on a page they browse (set by the shell from its route table). */
  browsing?: boolean;
}

/**
 * Mounted once by the shell: on a first visit, asks the shell's popup queue for the signup modal
 * after 5000 ms (SPEC §9); the cookie keeps it away for 30 days. Once due, it waits for its
 * moment: a page the shopper browses (never the bag, checkout, account or sign-in), no dialog or
 * drawer open, and nothing tapped, typed or scrolled for 2 s.
 */
export default function EmailSignupPrompt({ browsing = true }: Props) {
  const dispatch = useAppDispatch();
  const signup = useFlag('emailSignup', true);
  const modal = useFlag('emailSignupModal', true);
  // Marketing consent off (or Global Privacy Control): no signup popup; the footer form stays.
  const marketing = useConsent().marketing;
  const enabled = signup && modal && marketing;
  const [eligible] = useState(() => enabled && !signupPromptSeen(document.cookie));
  const { data: copy } = contentApi.useContentGetEmailContentQuery(undefined, { skip: !eligible });
  const onBrowsingPage = useRef(browsing);
  onBrowsingPage.current = browsing;
  const lastInput = useRef(0);

  useEffect(() => registerPopup(EMAIL_SIGNUP_POPUP, EmailSignupPopup), []);

  useEffect(() => {
    if (!eligible) return undefined;
    const mark = () => {
      lastInput.current = Date.now();
    };
    const events = ['pointerdown', 'keydown', 'input', 'scroll', 'wheel', 'touchstart'] as const;
    for (const name of events) window.addEventListener(name, mark, { capture: true, passive: true });
    return () => {
      for (const name of events) window.removeEventListener(name, mark, { capture: true });
    };
  }, [eligible]);

  useEffect(() => {
    if (!eligible || !copy || !marketing) return undefined;
    const check = () => {
      if (signupPromptSeen(document.cookie)) return;
      const quiet = Date.now() - lastInput.current >= QUIET_MS;
      if (!onBrowsingPage.current || overlayOpen() || !quiet) {
        timer = window.setTimeout(check, RECHECK_MS);
        return;
      }
      document.cookie = signupCookie('shown', new Date(), location.protocol === 'https:');
      dispatch(popupEnqueued({ id: EMAIL_SIGNUP_POPUP, kind: EMAIL_SIGNUP_POPUP, props: { title: copy.title } }));
    };
    let timer = window.setTimeout(check, EMAIL_SIGNUP_MODAL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [eligible, copy, marketing, dispatch]);

  return null;
}
