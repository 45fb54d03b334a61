import { Notice } from '@shop/ui';
import { useEffect, useRef } from 'react';
import type { WriteOutcome } from './use-profile-write';

/** The result of a form's last write, focused so a screen reader hears it. */
export function OutcomeNotice({ outcome }: { outcome: WriteOutcome | undefined }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) box.current?.focus();
  }, [outcome]);
  if (!outcome) return null;
  return (
    <div ref={box} tabIndex={-1}>
      <Notice role={outcome.tone === 'error' ? 'alert' : 'status'} tone={outcome.tone}>
        {outcome.message}
      </Notice>
    </div>
  );
}
