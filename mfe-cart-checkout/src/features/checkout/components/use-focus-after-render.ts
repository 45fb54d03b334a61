import { useCallback, useEffect, useState } from 'react';

/**
 * Focus that moves once React has rendered what it points at: an invalid field only after its
 * error is in the page (so `aria-describedby` reads it), a notice only after it exists.
 */
export function useFocusAfterRender(): (target: string | (() => void)) => void {
  const [pending, setPending] = useState<{ target: string | (() => void) } | null>(null);
  useEffect(() => {
    if (!pending) return;
    if (typeof pending.target === 'function') pending.target();
    else document.getElementById(pending.target)?.focus();
    setPending(null);
  }, [pending]);
  return useCallback((target) => setPending({ target }), []);
}
