import type { PrivacyPreferences } from '@shop/contracts/browser';
import { browserGpc, setConsent, useSession } from '@shop/platform';
import { Button, Checkbox, LoadingStatus, Notice } from '@shop/ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useAccountGetPrivacyPreferencesQuery, useAccountSavePrivacyPreferencesMutation } from '../api/privacy-api';

/** The effective consent: the browser's own GPC signal turns both off, as the gateway does for Sec-GPC. */
const effective = (answer: PrivacyPreferences): PrivacyPreferences =>
  browserGpc() ? { analytics: false, marketing: false, gpc: true, source: 'gpc' } : answer;

/**
 * SPEC §2 /privacy/preferences: necessary (always on), analytics and marketing. Under Global
 * Privacy Control the switches show what the site does (off) and cannot be turned on.
 */
export function PrivacyPreferencesForm() {
  const loaded = useAccountGetPrivacyPreferencesQuery();
  const [save, saving] = useAccountSavePrivacyPreferencesMutation();
  const [choice, setChoice] = useState<{ analytics: boolean; marketing: boolean } | undefined>();
  const [saved, setSaved] = useState<PrivacyPreferences | undefined>();
  const { isLoggedIn: signedIn } = useSession();
  const [failed, setFailed] = useState(false);
  const result = useRef<HTMLDivElement>(null);

  const current = saved ?? (loaded.data ? effective(loaded.data) : undefined);
  useEffect(() => {
    if (current && !choice) setChoice({ analytics: current.analytics, marketing: current.marketing });
  }, [current, choice]);

  if (loaded.isError)
    return (
      <Notice tone="error" role="alert">
        Your privacy preferences could not be loaded. Please reload the page.
      </Notice>
    );
  if (!current || !choice) return <LoadingStatus label="Loading your privacy preferences" />;
  const gpc = current.gpc;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailed(false);
    const answer = await save(choice);
    if ('data' in answer && answer.data) {
      const now = effective(answer.data);
      setSaved(now);
      setChoice({ analytics: now.analytics, marketing: now.marketing });
      // Takes effect at once: the page-view tracker and every remote read it, no reload.
      setConsent(now);
    } else setFailed(true);
    result.current?.focus();
  };

  return (
    <form className="privacy-preferences" onSubmit={submit} aria-describedby={gpc ? 'privacy-gpc' : undefined}>
      {gpc && (
        <Notice as="div" tone="info">
          <span id="privacy-gpc">
            Your browser sends the Global Privacy Control signal, so we treat you as opted out of analytics and
            marketing sharing, whatever was chosen before. To change this, turn the signal off in your browser.
          </span>
        </Notice>
      )}
      <fieldset>
        <legend>Cookies and data we use</legend>
        <Checkbox
          label="Necessary: always on. They keep you signed in, hold your bag and protect forms. The shop does not work without them."
          checked
          disabled
          readOnly
        />
        <Checkbox
          label="Analytics: the pages you view and what you add to your bag, so we can improve the shop."
          checked={choice.analytics}
          disabled={gpc}
          onChange={(event) => setChoice({ ...choice, analytics: event.target.checked })}
        />
        <Checkbox
          label="Marketing: e-mail sign-up offers shown while you browse, and sharing your visit with advertising partners."
          checked={choice.marketing}
          disabled={gpc}
          onChange={(event) => setChoice({ ...choice, marketing: event.target.checked })}
        />
      </fieldset>
      {!gpc && (
        <Button type="submit" disabled={saving.isLoading}>
          {saving.isLoading ? 'Saving…' : 'Save preferences'}
        </Button>
      )}
      <div ref={result} tabIndex={-1}>
        {failed && (
          <Notice tone="error" role="alert">
            Your preferences were not saved. Please try again.
          </Notice>
        )}
        {saved && !failed && (
          <Notice tone="success" role="status">
            Saved. Analytics is {saved.analytics ? 'on' : 'off'} and marketing is {saved.marketing ? 'on' : 'off'}.
            {saved.source === 'customer'
              ? ' Your account keeps this choice for every browser you sign in on.'
              : signedIn
                ? ' This browser keeps your choice; your account could not be updated just now, so save again later to keep it there too.'
                : ' This browser keeps your choice; sign in to keep it with your account.'}
          </Notice>
        )}
      </div>
    </form>
  );
}
