import { EMAIL_SIGNUP_MODAL_DELAY_MS } from '@shop/contracts/browser';
import { type PopupProps, popupEnqueued, registerPopup, useAppDispatch, useConsent, useFlag } from '@shop/platform';
import { useEffect, useState } from 'react';
import { contentApi } from '../../../lib/content-api';
import { signupCookie, signupPromptSeen } from '../signup-cookie';
import { EmailSignupForm } from './email-signup-form';

export const EMAIL_SIGNUP_POPUP = 'email-signup';

function EmailSignupPopup(_props: PopupProps) {
  return <EmailSignupForm placement="modal" />;
}

/**
 * Mounted once by the shell: on a first visit, asks the shell's popup queue for the signup modal
 * after 5000 ms (SPEC §9); the cookie keeps it away for 30 days. The queue never shows it over
 * another modal.
 */
export default function EmailSignupPrompt() {
  const dispatch = useAppDispatch();
  const signup = useFlag('emailSignup', true);
  const modal = useFlag('emailSignupModal', true);
  // Marketing consent off (or Global Privacy Control): no signup popup; the footer form stays.
  const marketing = useConsent().marketing;
  const enabled = signup && modal && marketing;
  const [eligible] = useState(() => enabled && !signupPromptSeen(document.cookie));
  const { data: copy } = contentApi.useContentGetEmailContentQuery(undefined, { skip: !eligible });

  useEffect(() => registerPopup(EMAIL_SIGNUP_POPUP, EmailSignupPopup), []);

  useEffect(() => {
    if (!eligible || !copy || !marketing) return undefined;
    const timer = window.setTimeout(() => {
      if (signupPromptSeen(document.cookie)) return;
      document.cookie = signupCookie('shown', new Date(), location.protocol === 'https:');
      dispatch(popupEnqueued({ id: EMAIL_SIGNUP_POPUP, kind: EMAIL_SIGNUP_POPUP, props: { title: copy.title } }));
    }, EMAIL_SIGNUP_MODAL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [eligible, copy, marketing, dispatch]);

  return null;
}
